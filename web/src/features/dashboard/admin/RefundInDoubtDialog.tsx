import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { applyServerFieldErrors, errorMessage } from "../../../components/errors";
import { FormErrorAlert, FormTextField } from "../../../components/FormFields";
import { useNotify } from "../../../components/Notify";
import type { AdminPaymentRefundFragment } from "../../../generated/graphql";
import { useConfirmRefundSentMutation, useSendRefundAgainMutation } from "../../../generated/hooks";
import { formatPKR } from "../../../lib/format";

/** What the admin found in the provider's portal: the refund made ("sent"), or no refund ("again"). */
export type RefundFinding = "sent" | "again";

type Props = { refund: AdminPaymentRefundFragment; finding: RefundFinding; provider: string; onClose: () => void };

/**
 * Resolving a refund in doubt once the admin has checked the provider's portal: recorded as sent
 * with the provider's refund id, or sent again. Either is said in full before it is done.
 */
export function RefundInDoubtDialog({ refund, finding, provider, onClose }: Props) {
  const { t } = useTranslation("admin");
  const titleId = useId();
  const textId = useId();
  const notify = useNotify();
  const sent = finding === "sent";
  const schema = z.object({ providerRefundId: sent ? z.string().trim().min(1, t("refundInDoubt.idRequired")) : z.string() });
  const form = useForm({ defaultValues: { providerRefundId: "" }, resolver: zodResolver(schema) });
  const [error, setError] = useState<string | null>(null);
  const options = { refetchQueries: ["AdminPaymentProblems"], awaitRefetchQueries: true };
  const [confirmSent, confirming] = useConfirmRefundSentMutation(options);
  const [sendAgain, sending] = useSendRefundAgainMutation(options);
  const busy = confirming.loading || sending.loading;
  const words = { amount: formatPKR(refund.amount), reference: refund.attemptReference, provider };
  const submit = form.handleSubmit(async ({ providerRefundId }) => {
    setError(null);
    try {
      if (sent) await confirmSent({ variables: { id: refund.id, providerRefundId } });
      else await sendAgain({ variables: { id: refund.id } });
      notify.success(t(sent ? "refundInDoubt.recorded" : "refundInDoubt.resent"));
      onClose();
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, ["providerRefundId"])) setError(errorMessage(e, t("refundInDoubt.failed")));
    }
  });
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} aria-describedby={textId} fullWidth>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id={titleId}>{t(sent ? "refundInDoubt.sentTitle" : "refundInDoubt.againTitle", words)}</DialogTitle>
        <DialogContent>
          <FormErrorAlert error={error} sx={{ mb: 2 }} />
          <DialogContentText id={textId}>{t(sent ? "refundInDoubt.sentText" : "refundInDoubt.againText", words)}</DialogContentText>
          {sent && (
            <FormTextField
              control={form.control}
              name="providerRefundId"
              label={t("refundInDoubt.providerRefundId", words)}
              fullWidth
              autoFocus
              sx={{ mt: 2 }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t("refundInDoubt.cancel")}
          </Button>
          <Button type="submit" variant="contained" color={sent ? "primary" : "error"} disabled={busy}>
            {t(sent ? "refundInDoubt.recordSent" : "refundInDoubt.sendAgain")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
