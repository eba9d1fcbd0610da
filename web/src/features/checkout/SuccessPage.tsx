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
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { errorMessage } from "../../components/errors";
import { OrderLines } from "../../components/OrderLines";
import { OrderTotals } from "../../components/OrderTotals";
import { OrderStatusChip } from "../../components/OrderStatusChip";
import { OrderTimeline } from "../../components/OrderTimeline";
import { EmptyState } from "../../components/QueryState";
import { usePageTitle } from "../../components/usePageTitle";
import { useConfirmPaymentMutation } from "../../generated/hooks";
import { HELD_NOTICE, isCashPayment } from "../../components/payment";
import { formatDateTime, formatPKR } from "../../lib/format";
import { formatMeetupTime } from "../../components/meetup/slots";
import { SellerLink } from "../../components/SellerLink";

/**
 * /success?session_id=… — where the payment page returns to: confirms the payment with the
 * server, then shows the order(s) with their timeline. A failure is shown, not just logged.
 */
export function SuccessPage() {
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

  usePageTitle(checkout ? (paid ? "Payment successful" : cash ? "Order placed" : "Payment pending") : "Payment result");

  if (!sessionId) {
    return (
      <Container maxWidth="md" sx={{ py: 5 }}>
        <EmptyState
          message="No payment to show: the link has no session."
          action={
            <Button component={RouterLink} to="/orders" variant="contained">
              See my orders
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
            Payment result
          </Typography>
          <Alert
            severity="error"
            role="alert"
            action={
              <Button color="inherit" size="small" onClick={run}>
                Try again
              </Button>
            }
          >
            We could not confirm your payment: {errorMessage(result.error, "please try again.")}
          </Alert>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mt: 3 }}>
            <Button component="a" href={`/pay/${encodeURIComponent(sessionId)}`} variant="contained">
              Back to the payment page
            </Button>
            <Button component={RouterLink} to="/orders" variant="outlined">
              See my orders
            </Button>
          </Stack>
        </Box>
      )}
      {!checkout && !result.error && (
        <Box role="status" aria-label="Confirming your payment">
          <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            Confirming your payment...
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
              {paid ? "Payment successful" : cash ? "Order placed" : "Payment not completed"}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {paid
                ? `Thank you! We received ${formatPKR(checkout.total)}. Your order is on its way to the seller. ${HELD_NOTICE}`
                : cash
                  ? `You pay ${formatPKR(checkout.total)} in cash ${checkout.paymentMethod === "CASH_ON_MEETUP" ? "when you meet the seller" : "when your order is delivered"}.`
                  : "Nothing has been charged yet."}
            </Typography>
            {!paid && !cash && checkout.paymentUrl && (
              <Button component="a" href={checkout.paymentUrl} variant="contained" sx={{ mt: 2 }}>
                Complete the payment
              </Button>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Placed {formatDateTime(checkout.createdAt)} ·{" "}
              {checkout.orders.length === 1 ? "1 order" : `${checkout.orders.length} orders (one per seller)`}
            </Typography>
          </Paper>
          <Stack spacing={3} sx={{ mt: 3 }}>
            {checkout.orders.map((order) => (
              <Paper
                key={order.id}
                variant="outlined"
                component="section"
                aria-label={`Order ${order.orderNumber}`}
                sx={{ p: { xs: 2, sm: 3 } }}
              >
                <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 1, flexWrap: "wrap", mb: 2 }}>
                  <div>
                    <Typography variant="h6" component="h2">
                      Order {order.orderNumber}
                    </Typography>
                    {order.seller && (
                      <Typography variant="body2" color="text.secondary">
                        Sold by <SellerLink seller={order.seller} />
                      </Typography>
                    )}
                  </div>
                  <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                    <OrderStatusChip status={order.status} />
                    {paid && <Chip label="Paid" color="success" size="small" variant="outlined" />}
                  </Stack>
                </Box>
                <OrderTimeline order={order} />
                {order.meetup && (
                  <Alert severity="info" sx={{ mt: 2 }}>
                    You meet the seller at {order.meetup.point.label}, {order.meetup.campus.label} on {formatMeetupTime(order.meetup.at)}{" "}
                    (Pakistan time); either of you can propose another time from the order&apos;s page.
                  </Alert>
                )}
                <Box sx={{ mt: 3 }}>
                  <OrderLines lines={order.lines} />
                </Box>
                <Box sx={{ mt: 2, maxWidth: 360, ml: "auto" }}>
                  <OrderTotals totals={order} />
                </Box>
                <Button component={RouterLink} to={`/orders/${order.id}`} sx={{ mt: 2 }}>
                  View order details
                </Button>
              </Paper>
            ))}
          </Stack>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ mt: 3, justifyContent: "center" }}>
            <Button component={RouterLink} to="/orders" variant="contained">
              See all my orders
            </Button>
            <Button component={RouterLink} to="/shop" variant="outlined">
              Continue shopping
            </Button>
          </Stack>
        </>
      )}
    </Container>
  );
}
