import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Container from "@mui/material/Container";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import CheckCircle from "@mui/icons-material/CheckCircle";
import HourglassTop from "@mui/icons-material/HourglassTop";
import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { errorMessage } from "../../components/errors";
import { OrderLines } from "../../domain/order/OrderLines";
import { OrderTotals } from "../../domain/order/OrderTotals";
import { OrderStatusChip } from "../../domain/order/OrderStatusChip";
import { OrderTimeline } from "../../domain/order/OrderTimeline";
import { EmptyState } from "../../components/QueryState";
import { usePageTitle } from "../../components/usePageTitle";
import { useConfirmPaymentMutation } from "../../generated/hooks";
import { isCashPayment } from "../../domain/order/payment";
import { formatDateTime, formatPKR } from "../../lib/format";
import { aroundElement, ELEMENT_MARK } from "../../lib/i18n";
import { formatMeetupTime } from "../../domain/meetup/slots";
import { SellerLink } from "../../domain/seller/SellerLink";

/**
 * /success?session_id=… — where the payment page returns to: confirms the payment with the
 * server, then shows the order(s) with their timeline. A failure is shown, not just logged.
 */
export function SuccessPage() {
  const { t } = useTranslation("checkout");
  const [search] = useSearchParams();
  const sessionId = search.get("session_id")?.trim() ?? "";
  const [confirm, result] = useConfirmPaymentMutation();
  const started = useRef<string | null>(null);

  const run = useCallback(() => {
    if (sessionId) void confirm({ variables: { sessionId } }).catch(() => undefined);
  }, [confirm, sessionId]);

  useEffect(() => {
    // once per session id (React's development double effects would confirm twice; harmless, but needless)
    if (started.current === sessionId) return;
    started.current = sessionId;
    run();
  }, [run, sessionId]);

  const checkout = result.data?.confirmPayment;
  const paid = checkout?.paymentStatus === "PAID";
  const cash = checkout !== undefined && isCashPayment(checkout.paymentMethod);

  usePageTitle(
    checkout ? (paid ? t("success.paidTitle") : cash ? t("success.placedTitle") : t("success.pendingTitle")) : t("success.resultTitle"),
  );

  if (!sessionId) {
    return (
      <Container maxWidth="md" sx={{ py: 5 }}>
        <EmptyState
          message={t("success.noSession")}
          action={
            <Button component={RouterLink} to="/orders" variant="contained">
              {t("success.myOrders")}
            </Button>
          }
        />
      </Container>
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      {result.error && !checkout && (
        <Box>
          <Typography variant="h4" component="h1" sx={{ mb: 2, fontSize: { xs: "1.6rem", md: "2.125rem" } }}>
            {t("success.resultTitle")}
          </Typography>
          <Alert
            severity="error"
            role="alert"
            action={
              <Button color="inherit" size="small" onClick={run}>
                {t("success.tryAgain")}
              </Button>
            }
          >
            {t("success.confirmFailed", { detail: errorMessage(result.error, t("success.pleaseTryAgain")) })}
          </Alert>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mt: 3 }}>
            <Button component="a" href={`/pay/${encodeURIComponent(sessionId)}`} variant="contained">
              {t("success.backToPayment")}
            </Button>
            <Button component={RouterLink} to="/orders" variant="outlined">
              {t("success.myOrders")}
            </Button>
          </Stack>
        </Box>
      )}
      {!checkout && !result.error && (
        <Box role="status" aria-label={t("success.confirmingLabel")}>
          <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            {t("success.confirming")}
          </Typography>
          <Skeleton variant="rectangular" height={120} sx={{ borderRadius: 2 }} />
          <Skeleton variant="rectangular" height={220} sx={{ borderRadius: 2, mt: 2 }} />
        </Box>
      )}
      {checkout && (
        <>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, textAlign: "center", bgcolor: paid || cash ? "#f1f8f4" : "#fff8e6" }}>
            {paid || cash ? (
              <CheckCircle color="success" sx={{ fontSize: 56 }} aria-hidden="true" />
            ) : (
              <HourglassTop color="warning" sx={{ fontSize: 56 }} aria-hidden="true" />
            )}
            <Typography variant="h4" component="h1" sx={{ mt: 1, fontSize: { xs: "1.6rem", md: "2.125rem" } }}>
              {paid ? t("success.paidTitle") : cash ? t("success.placedTitle") : t("success.notCompletedTitle")}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {paid
                ? t("success.paid", { amount: formatPKR(checkout.total) })
                : cash
                  ? t(checkout.paymentMethod === "CASH_ON_MEETUP" ? "success.cashOnMeetup" : "success.cashOnDelivery", {
                      amount: formatPKR(checkout.total),
                    })
                  : t("success.notCharged")}
            </Typography>
            {!paid && !cash && checkout.paymentUrl && (
              <Button component="a" href={checkout.paymentUrl} variant="contained" sx={{ mt: 2 }}>
                {t("success.completePayment")}
              </Button>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t("success.placed", { date: formatDateTime(checkout.createdAt), count: checkout.orders.length })}
            </Typography>
          </Paper>
          <Stack spacing={3} sx={{ mt: 3 }}>
            {checkout.orders.map((order) => (
              <Paper
                key={order.id}
                variant="outlined"
                component="section"
                aria-label={t("success.order", { number: order.orderNumber })}
                sx={{ p: { xs: 2, sm: 3 } }}
              >
                <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 1, flexWrap: "wrap", mb: 2 }}>
                  <div>
                    <Typography variant="h6" component="h2">
                      {t("success.order", { number: order.orderNumber })}
                    </Typography>
                    {order.seller && (
                      <Typography variant="body2" color="text.secondary">
                        {aroundElement(t("success.soldBy", { seller: ELEMENT_MARK }), <SellerLink seller={order.seller} />)}
                      </Typography>
                    )}
                  </div>
                  <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                    <OrderStatusChip status={order.status} />
                    {paid && <Chip label={t("success.paidChip")} color="success" size="small" variant="outlined" />}
                  </Stack>
                </Box>
                <OrderTimeline order={order} />
                {order.meetup && (
                  <Alert severity="info" sx={{ mt: 2 }}>
                    {t("success.meetup", {
                      point: order.meetup.point.label,
                      campus: order.meetup.campus.label,
                      time: formatMeetupTime(order.meetup.at),
                    })}
                  </Alert>
                )}
                <Box sx={{ mt: 3 }}>
                  <OrderLines lines={order.lines} />
                </Box>
                <Box sx={{ mt: 2, maxWidth: 360, ml: "auto" }}>
                  <OrderTotals totals={order} />
                </Box>
                <Button component={RouterLink} to={`/orders/${order.id}`} sx={{ mt: 2 }}>
                  {t("success.viewOrder")}
                </Button>
              </Paper>
            ))}
          </Stack>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mt: 3, justifyContent: "center" }}>
            <Button component={RouterLink} to="/orders" variant="contained">
              {t("success.allOrders")}
            </Button>
            <Button component={RouterLink} to="/shop" variant="outlined">
              {t("success.continueShopping")}
            </Button>
          </Stack>
        </>
      )}
    </Container>
  );
}
