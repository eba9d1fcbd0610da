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
import { useTranslation } from "react-i18next";
import type { OrderHandoverFieldsFragment } from "../../generated/graphql";
import { useConfirmHandoverMutation, useObjectToHandoverMutation } from "../../generated/hooks";
import { errorMessage, ruleMessage } from "../../components/errors";
import { useNotify } from "../../components/Notify";
import { HandoverCode } from "./HandoverCode";
import { handoverLine } from "./handoverText";

/** The buyer's side of the handover: the code (digits and QR) until the order is completed, then its state and, if asked, confirm or object. */
export function BuyerHandover({ order, onChanged }: { order: OrderHandoverFieldsFragment; onChanged?: () => void }) {
  const { t } = useTranslation("deals");
  const notify = useNotify();
  const [objecting, setObjecting] = useState(false);
  const [confirm, confirming] = useConfirmHandoverMutation();
  const line = handoverLine(t, order, "BUYER");
  const answering = order.actions.includes("CONFIRM_RECEIPT");

  const doConfirm = async () => {
    try {
      await confirm({ variables: { id: order.id } });
      notify.success(t("handover.thanks"));
      onChanged?.();
    } catch (e) {
      notify.error(errorMessage(e, t("handover.notConfirmed")));
    }
  };

  return (
    <>
      {order.handoverCode && <HandoverCode code={order.handoverCode} />}
      {line && (
        <Alert
          severity={order.handover.state === "OBJECTED" ? "warning" : answering ? "info" : "success"}
          sx={{ mt: 3 }}
          aria-label={t("handover.label")}
        >
          {line}
          {answering && (
            <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: "wrap", rowGap: 1 }}>
              <Button variant="contained" onClick={() => void doConfirm()} disabled={confirming.loading}>
                {t("handover.gotIt")}
              </Button>
              <Button
                variant="outlined"
                color="error"
                // on the alert's tinted background the red needs a white ground to stay readable
                sx={{ bgcolor: "background.paper" }}
                onClick={() => setObjecting(true)}
                disabled={confirming.loading}
              >
                {t("handover.somethingWrong")}
              </Button>
            </Stack>
          )}
        </Alert>
      )}
      {objecting && <ObjectDialog orderId={order.id} onClose={() => setObjecting(false)} onObjected={onChanged} />}
    </>
  );
}

function ObjectDialog({ orderId, onClose, onObjected }: { orderId: string; onClose: () => void; onObjected?: () => void }) {
  const { t } = useTranslation("deals");
  const notify = useNotify();
  const titleId = useId();
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [object, objecting] = useObjectToHandoverMutation();

  const send = async () => {
    const checked = handoverObjectionRule.safeParse(reason);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      return setProblem(ruleMessage(`deals:handover.rules.objection.${issue.code}`, issue.message));
    }
    setProblem(null);
    try {
      await object({ variables: { id: orderId, reason: checked.data } });
      notify.success(t("handover.objectionSent"));
      onClose();
      onObjected?.();
    } catch (e) {
      setProblem(errorMessage(e, t("handover.objectionFailed")));
    }
  };

  return (
    <Dialog open onClose={objecting.loading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t("handover.objectTitle")}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t("handover.objectText")}</DialogContentText>
        {problem && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        <TextField
          label={t("handover.whatWentWrong")}
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
          {t("common:form.cancel")}
        </Button>
        <Button variant="contained" color="error" onClick={() => void send()} disabled={objecting.loading}>
          {t("handover.sendObjection")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
