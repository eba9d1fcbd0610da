import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { PagedList } from "../../../components/PagedList";
import { orderTitle } from "../../../components/OrderLines";
import { OrderStatusChip } from "../../../components/OrderStatusChip";
import { useDashboardMyOrdersQuery } from "../../../generated/hooks";
import type { DashboardMyOrdersQuery } from "../../../generated/graphql";
import { formatDate, formatDateTime, formatPKR } from "../../../lib/format";
import { FROM_TABLET, PHONE_ONLY, ScrollTable } from "./ScrollTable";
import { LoadingState } from "../../../components/LoadingState";
import { usePageTitle } from "../../../components/usePageTitle";

type Order = DashboardMyOrdersQuery["myOrders"]["items"][number];

const PAGE_SIZE = 10;

/** When the order reached its current status (the latest matching timeline entry). */
function statusSince(order: Order): string {
  const event = [...order.timeline].reverse().find((e) => e.status === order.status);
  return event?.at ?? order.updatedAt;
}

/** The signed-in user's purchases, newest first: the buyer's My Orders and (`seller`) the seller's 'Your orders'. */
export default function MyOrdersPage({ seller = false }: { seller?: boolean }) {
  const { t } = useTranslation("dashboard");
  const title = seller ? t("myOrders.sellerTitle") : t("myOrders.title");
  usePageTitle(title);
  const [page, setPage] = useState(1);
  const { data, loading, error, refetch } = useDashboardMyOrdersQuery({
    variables: { page, pageSize: PAGE_SIZE },
    fetchPolicy: "cache-and-network",
  });
  const result = data?.myOrders;

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      <PagedList
        query={{ loading, error, refetch }}
        data={result}
        errorText={t("myOrders.loadFailed", { detail: error?.message })}
        skeleton={<LoadingState label={t("myOrders.loading")} />}
        empty={t("myOrders.none")}
        noun="orders"
        onPage={setPage}
      >
        {(result) => (
          <ScrollTable label={title}>
            <TableHead>
              <TableRow>
                <TableCell>{t("myOrders.columns.product")}</TableCell>
                <TableCell sx={FROM_TABLET}>{t("myOrders.columns.date")}</TableCell>
                <TableCell>{t("myOrders.columns.status")}</TableCell>
                <TableCell align="right">{t("myOrders.columns.total")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.items.map((order) => (
                <TableRow key={order.id}>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {orderTitle(order, "-")}
                    </Typography>
                    <Link component={RouterLink} to={`/orders/${order.id}`} variant="caption">
                      {t("myOrders.order", { number: order.orderNumber })}
                    </Link>
                    <Typography variant="caption" color="text.secondary" sx={PHONE_ONLY}>
                      {t("myOrders.ordered", { date: formatDate(order.createdAt) })}
                    </Typography>
                  </TableCell>
                  <TableCell sx={FROM_TABLET}>{formatDate(order.createdAt)}</TableCell>
                  <TableCell>
                    <OrderStatusChip status={order.status} />
                    <Typography variant="caption" component="div" color="text.secondary" sx={{ mt: 0.5 }}>
                      <Trans
                        t={t}
                        i18nKey="myOrders.since"
                        values={{ date: formatDateTime(statusSince(order)) }}
                        components={{ time: <time dateTime={statusSince(order)} /> }}
                      />
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{formatPKR(order.total)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </ScrollTable>
        )}
      </PagedList>
    </Stack>
  );
}
