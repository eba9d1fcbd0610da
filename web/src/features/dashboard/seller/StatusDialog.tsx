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
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { FormTextField } from "../../../components/FormFields";
import { statusLabel } from "../../../components/OrderStatusChip";
import { useNotify } from "../../../components/Notify";
import { applyServerFieldErrors, plainMessage } from "../../../components/errors";
import { formatMeetupTime } from "../../../components/meetup/slots";
import { paymentMethodLabel, paymentStatusLabel } from "../../../components/payment";
import type { DashboardSellerOrderFragment, OrderStatus } from "../../../generated/graphql";
import { useDashboardUpdateOrderStatusMutation } from "../../../generated/hooks";

// "" until the seller picks one of the statuses the server allows next
const statusSchema = (allowed: readonly OrderStatus[]) =>
  z.object({ status: z.string().refine((s): s is OrderStatus => allowed.includes(s as OrderStatus), "Choose the new status.") });

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
  const notify = useNotify();
  const titleId = useId();
  const form = useForm({ defaultValues: { status: "" }, resolver: zodResolver(statusSchema(order.allowedTransitions)) });
  const next = useWatch({ control: form.control, name: "status" });
  const [confirmingRejection, setConfirmingRejection] = useState(false);
  const [failed, setFailed] = useState("");
  const [updateStatus, { loading }] = useDashboardUpdateOrderStatusMutation();

  const save = form.handleSubmit(async ({ status }) => {
    if (status === "REJECTED" && !confirmingRejection) return setConfirmingRejection(true);
    setFailed("");
    try {
      await updateStatus({ variables: { id: order.id, status } });
      notify.success(`Order ${order.orderNumber} is now ${statusLabel(status).toLowerCase()}.`);
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
        <DialogTitle id={titleId}>{confirmingRejection ? "Reject this order?" : "Update order status"}</DialogTitle>
        <DialogContent>
          {confirmingRejection ? (
            <DialogContentText>Order {order.orderNumber} will be rejected and the buyer told. This cannot be undone.</DialogContentText>
          ) : (
            <>
              <DialogContentText sx={{ mb: 2 }}>
                Order {order.orderNumber} is {statusLabel(order.status).toLowerCase()}. Payment:{" "}
                {paymentMethodLabel(order.paymentMethod).toLowerCase()}, {paymentStatusLabel(order.paymentStatus).toLowerCase()}.
              </DialogContentText>
              {order.meetup && order.status === "CONFIRMED" && !order.allowedTransitions.includes("COMPLETED") && (
                <Alert severity="info" sx={{ mb: 2 }}>
                  {order.meetup.state === "CONFIRMED"
                    ? `Mark it completed once you have handed it over: from the agreed meetup time, ${formatMeetupTime(order.meetup.at)}.`
                    : "Agree on the meetup with the buyer first; you mark it completed once you have handed it over."}
                </Alert>
              )}
              {order.allowedTransitions.length === 0 ? (
                <Alert severity="info">This order's status can no longer be changed.</Alert>
              ) : (
                <FormTextField control={form.control} name="status" select label="New status" fullWidth disabled={loading}>
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
              Failed to update status.
              <br />
              {failed}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          {confirmingRejection ? (
            <>
              <Button onClick={() => setConfirmingRejection(false)} disabled={loading}>
                Keep the order
              </Button>
              <Button type="submit" variant="contained" color="error" disabled={loading}>
                {loading ? "Rejecting..." : "Reject order"}
              </Button>
            </>
          ) : (
            <>
              <Button onClick={onClose} disabled={loading}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={loading || !next}>
                {loading ? "Saving..." : "Save"}
              </Button>
            </>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
