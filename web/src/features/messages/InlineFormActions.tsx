import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";

/** The submit and Cancel buttons under the small forms inside an offer card. */
export function InlineFormActions({ label, busy, onCancel }: { label: string; busy: boolean; onCancel: () => void }) {
  return (
    <Stack direction="row" spacing={1}>
      <Button type="submit" variant="contained" size="small" disabled={busy}>
        {label}
      </Button>
      <Button size="small" onClick={onCancel}>
        Cancel
      </Button>
    </Stack>
  );
}
