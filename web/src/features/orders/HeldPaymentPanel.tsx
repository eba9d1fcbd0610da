import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import type { OrderHeldPaymentFieldsFragment, OrderStatus } from "../../generated/graphql";
import { formatDateTime, formatPKR } from "../../lib/format";
import { DisputeDialog } from "./DisputeDialog";

type Props = { order: OrderHeldPaymentFieldsFragment & { orderNumber: string; status: OrderStatus } };

/** Orders the seller has accepted: what a buyer may dispute while the payment is held. */
const DISPUTABLE: readonly OrderStatus[] = ["CONFIRMED", "PROCESSING", "SHIPPED", "COMPLETED"];

const DISPUTE_STATE: Record<string, string> = {
  AWAITING_SELLER: "Waiting for the seller's answer",
  AWAITING_ADMIN: "Waiting for an admin's decision",
  DECIDED: "Decided",
};

/** Where the buyer's online payment is (held, released, refunded), the dispute if any, and "Open a dispute". */
export function HeldPaymentPanel({ order }: Props) {
  const [disputing, setDisputing] = useState(false);
  const held = order.heldPayment;
  if (!held) return null;
  const dispute = order.dispute;
  const text: Record<string, string> = {
    HELD: `Your payment of ${formatPKR(held.amount)} is held until you receive the item.`,
    DISPUTED: `Your payment of ${formatPKR(held.amount)} stays held while the dispute is open.`,
    RELEASED: "Your payment was released to the seller.",
    REFUNDED: `${formatPKR(held.refunded)} was refunded to you.`,
    PARTLY_REFUNDED: `${formatPKR(held.refunded)} was refunded to you; the rest went to the seller.`,
  };
  return (
    <>
      <Alert severity={held.state === "HELD" || held.state === "DISPUTED" ? "info" : "success"} sx={{ mt: 1.5 }}>
        {text[held.state]}
      </Alert>
      {dispute && (
        <Alert severity={dispute.state === "DECIDED" ? "success" : "warning"} sx={{ mt: 1.5 }} aria-label="Dispute">
          <Typography sx={{ fontWeight: 600 }}>Dispute: {DISPUTE_STATE[dispute.state]}</Typography>
          {dispute.state === "AWAITING_SELLER" && (
            <Typography variant="body2">The seller may answer until {formatDateTime(dispute.answerDueAt)}.</Typography>
          )}
          {dispute.sellerAnswer && <Typography variant="body2">Seller: {dispute.sellerAnswer}</Typography>}
          {dispute.decisionNote && <Typography variant="body2">{dispute.decisionNote}</Typography>}
        </Alert>
      )}
      {held.state === "HELD" && DISPUTABLE.includes(order.status) && (
        <Button variant="outlined" color="warning" sx={{ mt: 1.5 }} onClick={() => setDisputing(true)}>
          Open a dispute
        </Button>
      )}
      {disputing && <DisputeDialog orderId={order.id} orderNumber={order.orderNumber} open onClose={() => setDisputing(false)} />}
    </>
  );
}
