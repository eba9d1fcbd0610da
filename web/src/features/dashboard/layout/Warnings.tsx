import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";
import { useMyWarningsQuery } from "../../../generated/hooks";
import { formatDate } from "../../../lib/format";

/** Moderators' warnings to the signed-in user, atop every dashboard page (the latest three). */
export function Warnings() {
  const { t } = useTranslation("dashboard");
  const { data } = useMyWarningsQuery();
  const warnings = data?.myWarnings.slice(0, 3) ?? [];
  if (!warnings.length) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }} component="section" aria-label={t("warnings.label")}>
      {warnings.map((w) => (
        <Alert key={w.createdAt} severity="warning">
          <AlertTitle>{t("warnings.title", { date: formatDate(w.createdAt) })}</AlertTitle>
          {w.note}
        </Alert>
      ))}
    </Stack>
  );
}
