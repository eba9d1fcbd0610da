import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import { zodResolver } from "@hookform/resolvers/zod";
import type { TFunction } from "i18next";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { FormTextField } from "../../../components/FormFields";
import { statusLabel } from "../../../domain/order/OrderStatusChip";
import { useNotify } from "../../../components/Notify";
import { applyServerFieldErrors, plainMessage } from "../../../components/errors";
import { formatMeetupTime } from "../../../domain/meetup/slots";
import { paymentMethodLabel, paymentStatusLabel } from "../../../domain/order/payment";
import type { DashboardSellerOrderFragment, OrderStatus } from "../../../generated/graphql";
import { useDashboardUpdateOrderStatusMutation } from "../../../generated/hooks";

// "" until the seller picks one of the statuses the server allows next
const statusSchema = (allowed: readonly OrderStatus[], t: TFunction<"seller">) =>
  z.object({ status: z.string().refine((s): s is OrderStatus => allowed.includes(s as OrderStatus), t("status.choose")) });

/**
 * Offers only the statuses the server allows next for this order (Order.allowedTransitions), none
 * chosen beforehand; a rejection cannot be undone, so it asks once more before saving.
 */
export function StatusDialog({
  order,
  onClose,
  onSaved,
}: {
  order: DashboardSellerOrderFragment;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation("seller");
  const notify = useNotify();
  const titleId = useId();
  const schema = useMemo(() => statusSchema(order.allowedTransitions, t), [order.allowedTransitions, t]);
  const form = useForm({ defaultValues: { status: "" }, resolver: zodResolver(schema) });
  const next = useWatch({ control: form.control, name: "status" });
  const [confirmingRejection, setConfirmingRejection] = useState(false);
  const [failed, setFailed] = useState("");
  const [updateStatus, { loading }] = useDashboardUpdateOrderStatusMutation();

  const save = form.handleSubmit(async ({ status }) => {
    if (status === "REJECTED" && !confirmingRejection) return setConfirmingRejection(true);
    setFailed("");
    try {
      await updateStatus({ variables: { id: order.id, status } });
      notify.success(t("status.saved", { number: order.orderNumber, status: statusLabel(status).toLowerCase() }));
      onClose();
      onSaved();
    } catch (error) {
      setConfirmingRejection(false);
      if (!applyServerFieldErrors(error, form.setError, ["status"])) setFailed(plainMessage(error));
    }
  });

  return (
    <Dialog open onClose={loading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box component="form" onSubmit={(e) => void save(e)} noValidate>
        <DialogTitle id={titleId}>{confirmingRejection ? t("status.rejectTitle") : t("status.title")}</DialogTitle>
        <DialogContent>
          {confirmingRejection ? (
            <DialogContentText>{t("status.rejectText", { number: order.orderNumber })}</DialogContentText>
          ) : (
            <>
              <DialogContentText sx={{ mb: 2 }}>
                {t("status.current", {
                  number: order.orderNumber,
                  status: statusLabel(order.status).toLowerCase(),
                  method: paymentMethodLabel(order.paymentMethod).toLowerCase(),
                  payment: paymentStatusLabel(order.paymentStatus).toLowerCase(),
                })}
              </DialogContentText>
              {order.meetup && order.status === "CONFIRMED" && !order.allowedTransitions.includes("COMPLETED") && (
                <Alert severity="info" sx={{ mb: 2 }}>
                  {order.meetup.state === "CONFIRMED"
                    ? t("status.completeFrom", { when: formatMeetupTime(order.meetup.at) })
                    : t("status.agreeFirst")}
                </Alert>
              )}
              {order.allowedTransitions.length === 0 ? (
                <Alert severity="info">{t("status.final")}</Alert>
              ) : (
                <FormTextField control={form.control} name="status" select label={t("status.new")} fullWidth disabled={loading}>
                  {order.allowedTransitions.map((s) => (
                    <MenuItem key={s} value={s}>
                      {statusLabel(s)}
                    </MenuItem>
                  ))}
                </FormTextField>
              )}
            </>
          )}
          {failed && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {t("status.failed")}
              <br />
              {failed}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          {confirmingRejection ? (
            <>
              <Button onClick={() => setConfirmingRejection(false)} disabled={loading}>
                {t("status.keep")}
              </Button>
              <Button type="submit" variant="contained" color="error" disabled={loading}>
                {loading ? t("status.rejecting") : t("status.reject")}
              </Button>
            </>
          ) : (
            <>
              <Button onClick={onClose} disabled={loading}>
                {t("status.cancel")}
              </Button>
              <Button type="submit" variant="contained" disabled={loading || !next}>
                {loading ? t("status.saving") : t("status.save")}
              </Button>
            </>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
