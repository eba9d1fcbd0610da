import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SellerDispute } from "../../domain/dispute/SellerDispute";
import type { OrderAction, OrderHeldPaymentFieldsFragment } from "../../generated/graphql";
import { formatDateTime, formatPKR } from "../../lib/format";
import { DisputeDialog } from "./DisputeDialog";
import type { OrderSide } from "./side";

type Props = {
  order: OrderHeldPaymentFieldsFragment & { orderNumber: string; actions: readonly OrderAction[] };
  side: OrderSide;
  onChanged: () => void;
};

/** Each side reads where the money is in its own words: "your payment" to the buyer, "the buyer's payment" to the seller. */
const STATE_WORDS = { BUYER: "held.states", SELLER: "held.sellerStates", ADMIN: "held.adminStates" } as const;

/**
 * Where the buyer's online payment is (held, released, refunded), whether it is test money, the dispute if any (the seller
 * answers it here), and "Open a dispute" when the order's actions offer it.
 */
export function HeldPaymentPanel({ order, side, onChanged }: Props) {
  const { t } = useTranslation("orders");
  const [disputing, setDisputing] = useState(false);
  const held = order.heldPayment;
  if (!held) return null;
  const dispute = order.dispute;
  return (
    <>
      <Alert severity={held.state === "HELD" || held.state === "DISPUTED" ? "info" : "success"} sx={{ mt: 1.5 }}>
        {t(`${STATE_WORDS[side]}.${held.state}`, { amount: formatPKR(held.amount), refunded: formatPKR(held.refunded) })}
      </Alert>
      {held.testMoney && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          <Chip size="small" color="warning" label={t("held.testMoney")} sx={{ mr: 1, fontWeight: 700 }} />
          {t("held.testMoneyHelp")}
        </Typography>
      )}
      {dispute && side === "SELLER" && (
        <SellerDispute dispute={dispute} canAnswer={order.actions.includes("ANSWER_DISPUTE")} onAnswered={onChanged} />
      )}
      {dispute && side !== "SELLER" && (
        <Alert severity={dispute.state === "DECIDED" ? "success" : "warning"} sx={{ mt: 1.5 }} aria-label={t("held.dispute")}>
          <Typography sx={{ fontWeight: 600 }}>{t("held.disputeState", { state: t(`held.disputeStates.${dispute.state}`) })}</Typography>
          <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
            {t("held.complaint", { text: dispute.text })}
          </Typography>
          {dispute.state === "AWAITING_SELLER" && (
            <Typography variant="body2">{t("held.answerUntil", { date: formatDateTime(dispute.answerDueAt) })}</Typography>
          )}
          {dispute.sellerAnswer && <Typography variant="body2">{t("held.sellerSays", { text: dispute.sellerAnswer })}</Typography>}
          {dispute.decisionNote && <Typography variant="body2">{dispute.decisionNote}</Typography>}
        </Alert>
      )}
      {order.actions.includes("OPEN_DISPUTE") && (
        <Button variant="outlined" color="warning" sx={{ mt: 1.5 }} onClick={() => setDisputing(true)}>
          {t("held.open")}
        </Button>
      )}
      {disputing && (
        <DisputeDialog orderId={order.id} orderNumber={order.orderNumber} open onClose={() => setDisputing(false)} onOpened={onChanged} />
      )}
    </>
  );
}
