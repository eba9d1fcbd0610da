import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";

/** The submit and Cancel buttons under the small forms inside an offer card. */
export function InlineFormActions({ label, busy, onCancel }: { label: string; busy: boolean; onCancel: () => void }) {
  const { t } = useTranslation("messages");
  return (
    <Stack direction="row" spacing={1}>
      <Button type="submit" variant="contained" size="small" disabled={busy}>
        {label}
      </Button>
      <Button size="small" onClick={onCancel}>
        {t("offer.cancel")}
      </Button>
    </Stack>
  );
}
