import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import { zodResolver } from "@hookform/resolvers/zod";
import { payoutReferenceRule, payoutRefusalRule } from "@unibazaar/rules";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { applyServerFieldErrors, errorMessage } from "../../../components/errors";
import { FormErrorAlert, FormTextField } from "../../../components/FormFields";
import { useNotify } from "../../../components/Notify";
import { useMarkPayoutPaidMutation, useRefusePayoutMutation } from "../../../generated/hooks";
import { formatPKR } from "../../../lib/format";

type Props = { payout: { id: string; amount: number; destination: string }; action: "pay" | "refuse"; onClose: () => void };

// the field is named as the server names it, so its field errors land there
const paySchema = z.object({ reference: payoutReferenceRule, reason: z.string() });
const refuseSchema = z.object({ reference: z.string(), reason: payoutRefusalRule });

/** Marking a payout paid (the transfer's reference) or refusing it (the reason the seller reads). */
export function PayoutDecisionDialog({ payout, action, onClose }: Props) {
  const { t } = useTranslation("admin");
  const titleId = useId();
  const notify = useNotify();
  const pay = action === "pay";
  const form = useForm({ defaultValues: { reference: "", reason: "" }, resolver: zodResolver(pay ? paySchema : refuseSchema) });
  const [error, setError] = useState<string | null>(null);
  const options = { refetchQueries: ["AdminPayouts"], awaitRefetchQueries: true };
  const [markPaid, paying] = useMarkPayoutPaidMutation(options);
  const [refuse, refusing] = useRefusePayoutMutation(options);
  const busy = paying.loading || refusing.loading;
  const submit = form.handleSubmit(async ({ reference, reason }) => {
    setError(null);
    try {
      if (pay) await markPaid({ variables: { id: payout.id, reference } });
      else await refuse({ variables: { id: payout.id, reason } });
      notify.success(pay ? t("payoutDecision.paid") : t("payoutDecision.refused"));
      onClose();
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, [pay ? "reference" : "reason"])) setError(errorMessage(e, t("payoutDecision.failed")));
    }
  });
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id={titleId}>
          {t(pay ? "payoutDecision.payTitle" : "payoutDecision.refuseTitle", {
            amount: formatPKR(payout.amount),
            destination: payout.destination,
          })}
        </DialogTitle>
        <DialogContent>
          <FormErrorAlert error={error} sx={{ mb: 2 }} />
          <FormTextField
            control={form.control}
            key={action}
            name={pay ? "reference" : "reason"}
            label={pay ? t("payoutDecision.reference") : t("payoutDecision.reason")}
            multiline={!pay}
            fullWidth
            autoFocus
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t("payoutDecision.cancel")}
          </Button>
          <Button type="submit" variant="contained" color={pay ? "primary" : "error"} disabled={busy}>
            {pay ? t("payoutDecision.pay") : t("payoutDecision.refuse")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
