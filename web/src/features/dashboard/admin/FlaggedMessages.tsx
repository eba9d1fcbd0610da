import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { FlaggedMessageFieldsFragment } from "../../../generated/graphql";
import { formatDateTime } from "../../../lib/format";

export const flaggedCount = (n: number) => (n === 1 ? "1 flagged message" : `${n} flagged messages`) + " in 30 days";

/** The flagged chat messages of an account: admins see these, not the conversations around them. */
export function FlaggedMessages({ messages }: { messages: FlaggedMessageFieldsFragment[] }) {
  if (!messages.length) return null;
  return (
    <Box component="ul" aria-label="Flagged messages" sx={{ pl: 2.5, my: 1 }}>
      {messages.map((m) => (
        <li key={m.id}>
          <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
            &ldquo;{m.body}&rdquo;{" "}
            <Box component="span" sx={{ color: "text.secondary" }}>
              ({m.flags.join(", ").replaceAll("_", " ")}, {formatDateTime(m.createdAt)})
            </Box>
          </Typography>
        </li>
      ))}
    </Box>
  );
}
