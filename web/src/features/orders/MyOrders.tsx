import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardActions from "@mui/material/CardActions";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useTheme } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import { Trans, useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router-dom";
import { orderTitle } from "../../domain/order/OrderLines";
import { OrderStatusChip } from "../../domain/order/OrderStatusChip";
import { PaginationBar } from "../../components/PaginationBar";
import { EmptyState, QueryState } from "../../components/QueryState";
import { usePageTitle } from "../../components/usePageTitle";
import type { MyOrdersQuery } from "../../generated/graphql";
import { useMyOrdersQuery } from "../../generated/hooks";
import { formatDate, formatDateTime, formatPKR } from "../../lib/format";

type OrderRow = MyOrdersQuery["myOrders"]["items"][number];

const PAGE_SIZE = 10;

/**
 * The signed-in user's purchases, newest first, 10 a page (the page is in the URL, so a link or a
 * reload keeps it): a table, or cards on a phone. /orders and the dashboard both show this list.
 */
export function MyOrders() {
  const { t } = useTranslation("orders");
  const [search, setSearch] = useSearchParams();
  const requested = Number(search.get("page") ?? "1");
  const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const query = useMyOrdersQuery({ variables: { page, pageSize: PAGE_SIZE }, fetchPolicy: "cache-and-network" });
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"), { noSsr: true });

  const goTo = (next: number) => {
    const params = new URLSearchParams(search);
    if (next === 1) params.delete("page");
    else params.set("page", String(next));
    setSearch(params);
  };

  return (
    <QueryState
      loading={query.loading}
      error={query.error}
      data={query.data?.myOrders}
      empty={
        <EmptyState
          message={t("list.none")}
          action={
            <Button component={RouterLink} to="/shop" variant="contained">
              {t("list.startShopping")}
            </Button>
          }
        />
      }
      skeleton={<OrdersSkeleton />}
      onRetry={() => void query.refetch()}
    >
      {(result) => (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t("list.count", { count: result.totalItems })}
          </Typography>
          {phone ? <OrderCards orders={result.items} /> : <OrderTable orders={result.items} />}
          <PaginationBar page={result.page} totalPages={result.totalPages} onChange={goTo} label={t("list.pages")} />
        </>
      )}
    </QueryState>
  );
}

/** The dashboard's My Orders (a seller's "Your orders", what they bought): the same list under the dashboard's heading. */
export function DashboardOrders({ seller = false }: { seller?: boolean }) {
  const { t } = useTranslation("orders");
  const title = seller ? t("list.sellerTitle") : t("list.title");
  usePageTitle(title);
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <MyOrders />
    </>
  );
}

function OrderTable({ orders }: { orders: ReadonlyArray<OrderRow> }) {
  const { t } = useTranslation("orders");
  const navigate = useNavigate();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={t("list.label")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("list.columns.product")}</TableCell>
            <TableCell>{t("list.columns.order")}</TableCell>
            <TableCell>{t("list.columns.date")}</TableCell>
            <TableCell>{t("list.columns.status")}</TableCell>
            <TableCell align="right">{t("list.columns.total")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {orders.map((order) => (
            <TableRow key={order.id} hover sx={{ cursor: "pointer" }} onClick={() => navigate(`/orders/${order.id}`)}>
              <TableCell sx={{ fontWeight: 600 }}>
                <Box
                  component={RouterLink}
                  to={`/orders/${order.id}`}
                  sx={{ color: "inherit", textDecoration: "none", "&:hover": { textDecoration: "underline" } }}
                  onClick={(e) => e.stopPropagation()}
                >
                  {orderTitle(order)}
                </Box>
              </TableCell>
              <TableCell>{order.orderNumber}</TableCell>
              <TableCell>{formatDate(order.createdAt)}</TableCell>
              <TableCell>
                <OrderStatusChip status={order.status} />
                <StatusSince order={order} />
                {order.paymentUrl && <CompletePaymentButton href={order.paymentUrl} />}
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}>
                {formatPKR(order.total)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function OrderCards({ orders }: { orders: ReadonlyArray<OrderRow> }) {
  const { t } = useTranslation("orders");
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: "none", p: 0, m: 0 }} aria-label={t("list.label")}>
      {orders.map((order) => (
        <li key={order.id}>
          <Card variant="outlined">
            <CardActionArea component={RouterLink} to={`/orders/${order.id}`} sx={{ p: 2 }}>
              <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1, alignItems: "flex-start" }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{orderTitle(order)}</Typography>
                <OrderStatusChip status={order.status} />
              </Box>
              <StatusSince order={order} />
              <Box sx={{ display: "flex", justifyContent: "space-between", mt: 1 }}>
                <Typography variant="body2" color="text.secondary">
                  {t("list.numberAndDate", { number: order.orderNumber, date: formatDate(order.createdAt) })}
                </Typography>
                <Typography sx={{ fontWeight: 700, fontVariantNumeric: "tabular-nums" }}>{formatPKR(order.total)}</Typography>
              </Box>
            </CardActionArea>
            {order.paymentUrl && (
              <CardActions sx={{ px: 2, pt: 0, pb: 2 }}>
                <CompletePaymentButton href={order.paymentUrl} />
              </CardActions>
            )}
          </Card>
        </li>
      ))}
    </Stack>
  );
}

/** When the order reached its current status (its latest timeline entry of that status): a buyer sees how long it has waited. */
function StatusSince({ order }: { order: OrderRow }) {
  const { t } = useTranslation("orders");
  const at = order.timeline.findLast((event) => event.status === order.status)?.at ?? order.updatedAt;
  return (
    <Typography variant="caption" component="div" color="text.secondary" sx={{ mt: 0.5 }}>
      <Trans t={t} i18nKey="list.since" values={{ date: formatDateTime(at) }} components={{ time: <time dateTime={at} /> }} />
    </Typography>
  );
}

/** A card order placed but not paid (the buyer left the payment page): back to the payment page. */
function CompletePaymentButton({ href }: { href: string }) {
  const { t } = useTranslation("orders");
  return (
    <Button
      component="a"
      href={href}
      variant="contained"
      size="small"
      onClick={(e) => e.stopPropagation()}
      sx={{ display: "flex", mt: 1, width: "fit-content" }}
    >
      {t("detail.completePayment")}
    </Button>
  );
}

function OrdersSkeleton() {
  const { t } = useTranslation("orders");
  return (
    <Stack spacing={1} role="status" aria-label={t("list.loading")}>
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} variant="rectangular" height={52} sx={{ borderRadius: 1 }} />
      ))}
    </Stack>
  );
}
