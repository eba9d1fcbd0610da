import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { useId, useState } from "react";
import { errorMessage } from "../../../components/errors";
import { useNotify } from "../../../components/Notify";
import { useMarkPayoutPaidMutation, useRefusePayoutMutation } from "../../../generated/hooks";
import { formatPKR } from "../../../lib/format";

type Props = { payout: { id: string; amount: number; destination: string }; action: "pay" | "refuse"; onClose: () => void };

/** Marking a payout paid (the transfer's reference) or refusing it (the reason the seller reads). */
export function PayoutDecisionDialog({ payout, action, onClose }: Props) {
  const titleId = useId();
  const notify = useNotify();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const options = { refetchQueries: ["AdminPayouts"], awaitRefetchQueries: true };
  const [markPaid, paying] = useMarkPayoutPaidMutation(options);
  const [refuse, refusing] = useRefusePayoutMutation(options);
  const busy = paying.loading || refusing.loading;
  const pay = action === "pay";
  const submit = async () => {
    setError(null);
    try {
      if (pay) await markPaid({ variables: { id: payout.id, reference: text } });
      else await refuse({ variables: { id: payout.id, reason: text } });
      notify.success(pay ? "Payout marked paid." : "Payout refused; the amount is back in the seller's balance.");
      onClose();
    } catch (e) {
      setError(errorMessage(e, "Could not save."));
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth>
      <DialogTitle id={titleId}>
        {pay ? "Mark paid" : "Refuse"}: {formatPKR(payout.amount)} to {payout.destination}
      </DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <TextField
          label={pay ? "Transfer reference" : "Reason"}
          value={text}
          onChange={(e) => setText(e.target.value)}
          multiline={!pay}
          fullWidth
          autoFocus
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" color={pay ? "primary" : "error"} disabled={busy || !text.trim()} onClick={() => void submit()}>
          {pay ? "Mark paid" : "Refuse payout"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
