import Alert from "@mui/material/Alert";
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
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { plainMessage } from "../../components/errors";
import { orderTitle } from "../../components/OrderLines";
import { OrderStatusChip } from "../../components/OrderStatusChip";
import { PageContainer } from "../../components/PageContainer";
import { PaginationBar } from "../../components/PaginationBar";
import { EmptyState, QueryState } from "../../components/QueryState";
import type { MyOrdersQuery } from "../../generated/graphql";
import { useMyOrdersQuery } from "../../generated/hooks";
import { formatDate, formatPKR } from "../../lib/format";
import { formatMeetupTime } from "../../components/meetup/slots";

type OrderRow = MyOrdersQuery["myOrders"]["items"][number];

const PAGE_SIZE = 10;

/** /orders — the buyer's orders, newest first: Product Name, Date, Status, Total Amount; 10 per page (page in the URL). */
export function OrdersPage() {
  const { t } = useTranslation("orders");
  const [search, setSearch] = useSearchParams();
  const requested = Number(search.get("page") ?? "1");
  const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const query = useMyOrdersQuery({ variables: { page, pageSize: PAGE_SIZE }, fetchPolicy: "cache-and-network" });
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"), { noSsr: true });
  const data = query.data?.myOrders;
  const placed = (useLocation().state as { placed?: { total?: unknown; orderCount?: unknown; meetup?: PlacedMeetup | null } } | null)
    ?.placed;

  const goTo = (next: number) => {
    const params = new URLSearchParams(search);
    if (next === 1) params.delete("page");
    else params.set("page", String(next));
    setSearch(params);
  };

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
      <QueryState
        loading={query.loading}
        error={query.error}
        data={data}
        errorText={t("list.loadFailed", { detail: plainMessage(query.error) })}
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
    </PageContainer>
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
