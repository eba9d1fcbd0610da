import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useState, type FormEvent } from "react";
import { RESERVATION_DEFAULT_HOURS, RESERVATION_MAX_HOURS, RESERVATION_MIN_HOURS } from "@unibazaar/rules";
import { errorMessage } from "../../components/errors";
import { useNotify } from "../../components/Notify";
import { useAcceptOfferMutation } from "../../generated/hooks";

/** The hours a seller picks from, within the server's 2 to 72. */
const HOLDS = [RESERVATION_MIN_HOURS, 6, 12, RESERVATION_DEFAULT_HOURS, 48, RESERVATION_MAX_HOURS];

const holdLabel = (hours: number) => (hours % 24 === 0 && hours > 24 ? `${hours / 24} days` : `${hours} hours`);

/** The seller accepts an offer and picks how long its unit is held for the buyer (24 hours unless changed). */
export function AcceptOfferForm({ offerId, onDone }: { offerId: string; onDone: () => void }) {
  const notify = useNotify();
  const [hours, setHours] = useState(RESERVATION_DEFAULT_HOURS);
  const [accept, accepting] = useAcceptOfferMutation({ refetchQueries: ["ConversationThread"] });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await accept({ variables: { offerId, reserveHours: hours } });
      notify.success(`Offer accepted: reserved for the buyer for ${holdLabel(hours)}.`);
      onDone();
    } catch (e) {
      notify.error(errorMessage(e, "The offer was not accepted."));
    }
  };

  return (
    <Box component="form" onSubmit={submit} aria-label="Accept the offer" sx={{ mt: 1 }}>
      <Stack spacing={1}>
        <TextField
          select
          label="Reserve it for the buyer"
          value={hours}
          onChange={(e) => setHours(Number(e.target.value))}
          size="small"
          helperText="Nobody else can buy it meanwhile; the buyer is reminded an hour before it lapses."
        >
          {HOLDS.map((h) => (
            <MenuItem key={h} value={h}>
              {holdLabel(h)}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" size="small" disabled={accepting.loading}>
            Accept and reserve
          </Button>
          <Button size="small" onClick={onDone}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
