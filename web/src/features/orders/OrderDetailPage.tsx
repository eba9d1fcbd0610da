import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Breadcrumbs from "@mui/material/Breadcrumbs";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link as RouterLink, useParams } from "react-router-dom";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { errorMessage } from "../../components/errors";
import { MessageButton } from "../../domain/messages/MessageButton";
import { useNotify } from "../../components/Notify";
import { OrderLines } from "../../domain/order/OrderLines";
import { OrderTotals } from "../../domain/order/OrderTotals";
import { OrderStatusChip } from "../../domain/order/OrderStatusChip";
import { OrderTimeline } from "../../domain/order/OrderTimeline";
import { EmptyState, QueryState } from "../../components/QueryState";
import { usePageTitle } from "../../components/usePageTitle";
import type { OrderDetailQuery } from "../../generated/graphql";
import { useCancelOrderMutation, useOrderDetailQuery } from "../../generated/hooks";
import { formatDateTime } from "../../lib/format";
import { SellerLink } from "../../domain/seller/SellerLink";
import { OrderPaymentSection } from "./OrderPaymentSection";
import { OrderPlaceSection } from "./OrderPlaceSection";
import { OrderDealPanel } from "./OrderDealPanel";
import { BuyerHandover } from "../../domain/handover/BuyerHandover";
import { SellerHandover } from "../../domain/handover/SellerHandover";
import { useAuth } from "../../lib/auth";
import { orderSide, type OrderSide } from "./side";
import { SellerSteps } from "./SellerSteps";

type Order = NonNullable<OrderDetailQuery["order"]>;

/** Order statuses after which nothing more happens to the order. */
const FINAL = ["COMPLETED", "REJECTED", "CANCELLED"];

/**
 * /orders/:orderId — one page per side of the deal: lines as bought, totals, shipping or the campus
 * meetup, the timeline, the money in the reader's words, and the buttons of the order's actions
 * (the server's list for the reader: the buyer cancels, pays, shows the code, confirms or objects,
 * disputes; the seller takes the steps, enters the code, answers the dispute). After each change
 * the order is fetched again, so the actions shown are always the current ones.
 */
export function OrderDetailPage() {
  const { t } = useTranslation("orders");
  const { user } = useAuth();
  const { orderId = "" } = useParams();
  const query = useOrderDetailQuery({ variables: { id: orderId }, fetchPolicy: "cache-and-network" });
  const order = query.data?.order;
  const side = order ? orderSide(order, user?.id) : "BUYER";
  usePageTitle(order ? t("detail.title", { number: order.orderNumber }) : t("detail.order"));
  const notFound =
    CombinedGraphQLErrors.is(query.error) &&
    query.error.errors.some((e) => e.extensions?.code === "NOT_FOUND" || e.extensions?.code === "FORBIDDEN");

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Breadcrumbs aria-label={t("detail.breadcrumb")} sx={{ mb: 2 }}>
        {side === "SELLER" ? (
          <Link component={RouterLink} to="/dashboard/seller/manage-orders" underline="hover" color="inherit">
            {t("detail.sales")}
          </Link>
        ) : side === "ADMIN" ? (
          <Link component={RouterLink} to="/dashboard/admin/disputes" underline="hover" color="inherit">
            {t("detail.adminDisputes")}
          </Link>
        ) : (
          <Link component={RouterLink} to="/orders" underline="hover" color="inherit">
            {t("detail.myOrders")}
          </Link>
        )}
        <Typography color="text.primary" aria-current="page">
          {order ? order.orderNumber : t("detail.order")}
        </Typography>
      </Breadcrumbs>
      <QueryState
        loading={query.loading}
        error={notFound ? undefined : query.error}
        data={query.data ? query.data.order : notFound ? null : undefined}
        isEmpty={() => false}
        empty={
          <EmptyState
            message={t("detail.notFound")}
            action={
              <Button component={RouterLink} to="/orders" variant="contained">
                {t("detail.back")}
              </Button>
            }
          />
        }
        skeleton={
          <Stack spacing={2} role="status" aria-label={t("detail.loading")}>
            <Skeleton variant="text" sx={{ fontSize: "2rem" }} width="50%" />
            <Skeleton variant="rectangular" height={100} sx={{ borderRadius: 2 }} />
            <Skeleton variant="rectangular" height={200} sx={{ borderRadius: 2 }} />
          </Stack>
        }
        onRetry={() => void query.refetch()}
      >
        {(o) => <OrderDetail order={o} side={side} onChanged={() => void query.refetch()} />}
      </QueryState>
    </Container>
  );
}

function OrderDetail({ order, side, onChanged }: { order: Order; side: OrderSide; onChanged: () => void }) {
  const { t } = useTranslation("orders");
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const [cancel, cancelling] = useCancelOrderMutation();
  // an admin takes either side's lifecycle steps (the server's list for the admin role); the handover and reviews are the parties' own
  const canCancel = order.actions.includes("CANCEL") && side !== "SELLER";
  const closedByDispute = order.dispute?.state === "DECIDED" && FINAL.includes(order.status);
  // a conversation is about one product: the order's first one still known
  const sellerProductId = order.lines.find((line) => line.productId)?.productId;

  const doCancel = async () => {
    try {
      await cancel({ variables: { id: order.id } });
      notify.success(t("detail.cancelled"));
      onChanged();
    } catch (e) {
      notify.error(errorMessage(e, t("detail.cancelFailed")));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <>
      <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "flex-start", gap: 2, flexWrap: "wrap" }}>
        <div>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: "1.6rem", md: "2.125rem" } }}>
            {t("detail.title", { number: order.orderNumber })}
          </Typography>
          <Typography color="text.secondary">
            {side === "SELLER" ? (
              t("detail.soldTo", { date: formatDateTime(order.createdAt), buyer: order.buyer?.username ?? "-" })
            ) : side === "ADMIN" ? (
              t("detail.between", {
                date: formatDateTime(order.createdAt),
                buyer: order.buyer?.username ?? t("detail.formerUser"),
                seller: order.seller ? order.seller.storeName || order.seller.username : t("detail.formerUser"),
              })
            ) : order.seller ? (
              <Trans
                t={t}
                i18nKey="detail.placedBy"
                values={{ date: formatDateTime(order.createdAt), seller: order.seller.storeName || order.seller.username }}
                components={{ seller: <SellerLink seller={order.seller} /> }}
              />
            ) : (
              t("detail.placed", { date: formatDateTime(order.createdAt) })
            )}
          </Typography>
        </div>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          {sellerProductId && side === "BUYER" && <MessageButton productId={sellerProductId} sellerId={order.seller?.id} size="small" />}
          <OrderStatusChip status={order.status} size="medium" />
        </Stack>
      </Box>

      <Paper variant="outlined" component="section" aria-labelledby="timeline-heading" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
        <Typography id="timeline-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
          {t("detail.status")}
        </Typography>
        <OrderTimeline order={order} />
        {closedByDispute && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t("detail.closedByDispute")}
          </Alert>
        )}
        {side === "SELLER" && (
          <>
            <SellerSteps order={order} onChanged={onChanged} />
            <SellerHandover order={order} orderNumber={order.orderNumber} onCompleted={onChanged} />
          </>
        )}
        {side === "ADMIN" && <SellerSteps order={order} onChanged={onChanged} />}
        {canCancel && (
          <Box sx={{ mt: 2 }}>
            <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
              {t("detail.cancel")}
            </Button>
          </Box>
        )}
      </Paper>

      {side === "BUYER" && <BuyerHandover order={order} onChanged={onChanged} />}

      <Paper variant="outlined" component="section" aria-labelledby="items-heading" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
        <Typography id="items-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
          {t("detail.items")}
        </Typography>
        <OrderLines lines={order.lines} />
        <Box sx={{ mt: 2, maxWidth: 360, ml: "auto" }}>
          <OrderTotals totals={order} />
        </Box>
      </Paper>

      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, gap: 3, mt: 3 }}>
        <OrderPlaceSection order={order} side={side} onChanged={onChanged} />
        <OrderPaymentSection order={order} side={side} onChanged={onChanged} />
      </Box>

      <OrderDealPanel order={order} onChanged={onChanged} />

      {order.status === "REJECTED" && (
        <Alert severity="info" sx={{ mt: 3 }}>
          <Trans
            t={t}
            i18nKey="detail.rejectedHelp"
            values={{ number: order.orderNumber }}
            components={{ support: <Link component={RouterLink} to="/contact" /> }}
          />
        </Alert>
      )}

      <ConfirmDialog
        open={confirming}
        title={t("detail.cancelTitle", { number: order.orderNumber })}
        message={t("detail.cancelText")}
        cancelLabel={t("detail.keep")}
        confirmLabel={t("detail.cancel")}
        busyLabel={t("detail.cancelling")}
        busy={cancelling.loading}
        onConfirm={doCancel}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
