import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { paymentMethodLabel, paymentStatusLabel } from "../../domain/order/payment";
import type { OrderDetailQuery } from "../../generated/graphql";
import { HeldPaymentPanel } from "./HeldPaymentPanel";
import type { OrderSide } from "./side";

type Props = { order: NonNullable<OrderDetailQuery["order"]>; side: OrderSide; onChanged: () => void };

/** How the order is paid, the buyer's way to pay while the actions offer it, and the held payment in the reader's words. */
export function OrderPaymentSection({ order, side, onChanged }: Props) {
  const { t } = useTranslation("orders");
  return (
    <Paper variant="outlined" component="section" aria-labelledby="payment-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="payment-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t("detail.payment")}
      </Typography>
      <Typography>{paymentMethodLabel(order.paymentMethod)}</Typography>
      <Typography color={order.paymentStatus === "PAID" ? "success.main" : "text.secondary"} sx={{ fontWeight: 600 }}>
        {paymentStatusLabel(order.paymentStatus)}
      </Typography>
      {order.paymentUrl && order.actions.includes("PAY") && (
        <Button component="a" href={order.paymentUrl} variant="contained" sx={{ mt: 1.5 }}>
          {t("detail.completePayment")}
        </Button>
      )}
      <HeldPaymentPanel order={order} side={side} onChanged={onChanged} />
    </Paper>
  );
}
