import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { HANDOVER_OBJECTION_MAX, handoverObjectionRule } from "@unibazaar/rules";
import { useId, useState } from "react";
import type { OrderHandoverFieldsFragment } from "../../generated/graphql";
import { useConfirmHandoverMutation, useObjectToHandoverMutation } from "../../generated/hooks";
import { errorMessage } from "../errors";
import { useNotify } from "../Notify";
import { HandoverCode } from "./HandoverCode";
import { handoverLine } from "./handoverText";

/** The buyer's side of the handover: the code (digits and QR) until the order is completed, then its state and, if asked, confirm or object. */
export function BuyerHandover({ order }: { order: OrderHandoverFieldsFragment }) {
  const notify = useNotify();
  const [objecting, setObjecting] = useState(false);
  const [confirm, confirming] = useConfirmHandoverMutation();
  const line = handoverLine(order, "BUYER");

  const doConfirm = async () => {
    try {
      await confirm({ variables: { id: order.id } });
      notify.success("Thanks: the handover is confirmed.");
    } catch (e) {
      notify.error(errorMessage(e, "The handover was not confirmed."));
    }
  };

  return (
    <>
      {order.handoverCode && <HandoverCode code={order.handoverCode} />}
      {line && (
        <Alert
          severity={order.handover.state === "OBJECTED" ? "warning" : order.canAnswerHandover ? "info" : "success"}
          sx={{ mt: 3 }}
          aria-label="Handover"
        >
          {line}
          {order.canAnswerHandover && (
            <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: "wrap", rowGap: 1 }}>
              <Button variant="contained" onClick={() => void doConfirm()} disabled={confirming.loading}>
                I got it
              </Button>
              <Button
                variant="outlined"
                color="error"
                // on the alert's tinted background the red needs a white ground to stay readable
                sx={{ bgcolor: "background.paper" }}
                onClick={() => setObjecting(true)}
                disabled={confirming.loading}
              >
                Something is wrong
              </Button>
            </Stack>
          )}
        </Alert>
      )}
      {objecting && <ObjectDialog orderId={order.id} onClose={() => setObjecting(false)} />}
    </>
  );
}

function ObjectDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const notify = useNotify();
  const titleId = useId();
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [object, objecting] = useObjectToHandoverMutation();

  const send = async () => {
    const checked = handoverObjectionRule.safeParse(reason);
    if (!checked.success) return setProblem(checked.error.issues[0].message);
    setProblem(null);
    try {
      await object({ variables: { id: orderId, reason: checked.data } });
      notify.success("Your objection was sent to the seller.");
      onClose();
    } catch (e) {
      setProblem(errorMessage(e, "Your objection was not sent."));
    }
  };

  return (
    <Dialog open onClose={objecting.loading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Object to the handover</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          The seller marked it delivered. Say what went wrong; it is then not confirmed automatically.
        </DialogContentText>
        {problem && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        <TextField
          label="What went wrong"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          multiline
          minRows={3}
          fullWidth
          slotProps={{ htmlInput: { maxLength: HANDOVER_OBJECTION_MAX } }}
          helperText={`${reason.length}/${HANDOVER_OBJECTION_MAX}`}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={objecting.loading}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={() => void send()} disabled={objecting.loading}>
          Send objection
        </Button>
      </DialogActions>
    </Dialog>
  );
}
