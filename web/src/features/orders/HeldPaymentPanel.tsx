import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { OrderHeldPaymentFieldsFragment, OrderStatus } from "../../generated/graphql";
import { formatDateTime, formatPKR } from "../../lib/format";
import { DisputeDialog } from "./DisputeDialog";

type Props = { order: OrderHeldPaymentFieldsFragment & { orderNumber: string; status: OrderStatus } };

/** Orders the seller has accepted: what a buyer may dispute while the payment is held. */
const DISPUTABLE: readonly OrderStatus[] = ["CONFIRMED", "PROCESSING", "SHIPPED", "COMPLETED"];

/** Where the buyer's online payment is (held, released, refunded), whether it is test money, the dispute if any, and "Open a dispute". */
export function HeldPaymentPanel({ order }: Props) {
  const { t } = useTranslation("orders");
  const [disputing, setDisputing] = useState(false);
  const held = order.heldPayment;
  if (!held) return null;
  const dispute = order.dispute;
  return (
    <>
      <Alert severity={held.state === "HELD" || held.state === "DISPUTED" ? "info" : "success"} sx={{ mt: 1.5 }}>
        {t(`held.states.${held.state}`, { amount: formatPKR(held.amount), refunded: formatPKR(held.refunded) })}
      </Alert>
      {held.testMoney && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          <Chip size="small" color="warning" label={t("held.testMoney")} sx={{ mr: 1, fontWeight: 700 }} />
          {t("held.testMoneyHelp")}
        </Typography>
      )}
      {dispute && (
        <Alert severity={dispute.state === "DECIDED" ? "success" : "warning"} sx={{ mt: 1.5 }} aria-label={t("held.dispute")}>
          <Typography sx={{ fontWeight: 600 }}>{t("held.disputeState", { state: t(`held.disputeStates.${dispute.state}`) })}</Typography>
          {dispute.state === "AWAITING_SELLER" && (
            <Typography variant="body2">{t("held.answerUntil", { date: formatDateTime(dispute.answerDueAt) })}</Typography>
          )}
          {dispute.sellerAnswer && <Typography variant="body2">{t("held.sellerSays", { text: dispute.sellerAnswer })}</Typography>}
          {dispute.decisionNote && <Typography variant="body2">{dispute.decisionNote}</Typography>}
        </Alert>
      )}
      {held.state === "HELD" && DISPUTABLE.includes(order.status) && (
        <Button variant="outlined" color="warning" sx={{ mt: 1.5 }} onClick={() => setDisputing(true)}>
          {t("held.open")}
        </Button>
      )}
      {disputing && <DisputeDialog orderId={order.id} orderNumber={order.orderNumber} open onClose={() => setDisputing(false)} />}
    </>
  );
}
