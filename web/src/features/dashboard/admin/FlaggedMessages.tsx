import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { FlaggedMessageFieldsFragment } from "../../../generated/graphql";
import { formatDateTime } from "../../../lib/format";

/** The flagged chat messages of an account: admins see these, not the conversations around them. */
export function FlaggedMessages({ messages }: { messages: FlaggedMessageFieldsFragment[] }) {
  const { t } = useTranslation("admin");
  if (!messages.length) return null;
  return (
    <Box component="ul" aria-label={t("flagged.messages")} sx={{ pl: 2.5, my: 1 }}>
      {messages.map((m) => (
        <li key={m.id}>
          <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
            {t("flagged.quote", { body: m.body })}{" "}
            <Box component="span" sx={{ color: "text.secondary" }}>
              {t("flagged.why", {
                flags: m.flags
                  .map((flag) => t(`flagged.flags.${flag}`, { defaultValue: flag.replaceAll("_", " ") }))
                  .join(t("listSeparator")),
                date: formatDateTime(m.createdAt),
              })}
            </Box>
          </Typography>
        </li>
      ))}
    </Box>
  );
}
