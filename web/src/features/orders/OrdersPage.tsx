import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { useLocation, useSearchParams } from "react-router-dom";
import { PageContainer } from "../../components/PageContainer";
import { formatPKR } from "../../lib/format";
import { formatMeetupTime } from "../../domain/meetup/slots";
import { MyOrders } from "./MyOrders";

/** /orders: the buyer's orders (MyOrders), after a checkout with what happens next, or why a card payment did not go through. */
export function OrdersPage() {
  const { t } = useTranslation("orders");
  const [search] = useSearchParams();
  const placed = (useLocation().state as { placed?: { total?: unknown; orderCount?: unknown; meetup?: PlacedMeetup | null } } | null)
    ?.placed;

  return (
    <PageContainer title={t("list.title")}>
      {placed && typeof placed.total === "number" && (
        <CashOrderPlaced total={placed.total} orderCount={Number(placed.orderCount) || 1} meetup={placed.meetup ?? null} />
      )}
      {search.get("payment") === "cancelled" && (
        <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
          {t("list.paymentCancelled")}
        </Alert>
      )}
      <MyOrders />
    </PageContainer>
  );
}

/** Where and when a campus meetup order is handed over, as proposed at checkout. */
type PlacedMeetup = { where: string; at: string };

/** Right after a cash checkout: it worked, and what happens next (delivery, or the campus meetup). */
function CashOrderPlaced({ total, orderCount, meetup }: { total: number; orderCount: number; meetup: PlacedMeetup | null }) {
  const { t } = useTranslation("orders");
  const amount = formatPKR(total);
  return (
    <Alert severity="success" sx={{ mb: 2 }} aria-label={t("placed.label")}>
      <Typography component="h2" sx={{ fontWeight: 700 }}>
        {t("placed.title", { count: orderCount })}
      </Typography>
      {meetup ? (
        <Box component="ol" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          <li>{t("placed.meetup.confirm")}</li>
          <li>{t("placed.meetup.meet", { where: meetup.where, when: formatMeetupTime(meetup.at) })}</li>
          <li>{t("placed.meetup.pay", { amount })}</li>
        </Box>
      ) : (
        <Box component="ol" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
          <li>{t("placed.delivery.confirm")}</li>
          <li>{t("placed.delivery.deliver")}</li>
          <li>{t("placed.delivery.pay", { amount })}</li>
        </Box>
      )}
    </Alert>
  );
}
