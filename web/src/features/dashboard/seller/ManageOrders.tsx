import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadingState } from "../../../components/LoadingState";
import { statusLabel } from "../../../domain/order/OrderStatusChip";
import { PagedList } from "../../../components/PagedList";
import { usePageTitle } from "../../../components/usePageTitle";
import type { DashboardSellerOrderFragment, OrderStatus } from "../../../generated/graphql";
import { useDashboardSellerOrdersQuery } from "../../../generated/hooks";
import { FROM_TABLET, ScrollTable } from "../common/ScrollTable";
import { SellerOrderRow } from "./SellerOrderRow";
import { StatusDialog } from "./StatusDialog";

const PAGE_SIZE = 10;
const STATUSES: OrderStatus[] = ["PENDING", "CONFIRMED", "PROCESSING", "SHIPPED", "COMPLETED", "REJECTED", "CANCELLED"];

/**
 * /dashboard/seller/manage-orders: the seller's sales; a row opens its delivery details or campus
 * meetup (confirm it or propose another time); Edit moves the status on.
 */
export default function ManageOrders() {
  const { t } = useTranslation("seller");
  usePageTitle(t("orders.title"));
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<OrderStatus | "">("");
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<DashboardSellerOrderFragment | null>(null);
  const { data, loading, error, refetch } = useDashboardSellerOrdersQuery({
    variables: { page, pageSize: PAGE_SIZE, status: status || null },
    fetchPolicy: "cache-and-network",
  });

  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t("orders.title")}
      </Typography>
      <TextField
        select
        label={t("orders.showStatus")}
        value={status}
        onChange={(e) => {
          setStatus(e.target.value as OrderStatus | "");
          setPage(1);
        }}
        size="small"
        sx={{ maxWidth: 240 }}
      >
        <MenuItem value="">{t("orders.all")}</MenuItem>
        {STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {statusLabel(s)}
          </MenuItem>
        ))}
      </TextField>
      <PagedList
        query={{ loading, error, refetch }}
        data={data?.sellerOrders}
        skeleton={<LoadingState label={t("orders.loading")} />}
        empty={t("orders.none")}
        noun="orders"
        onPage={setPage}
      >
        {(result) => (
          <ScrollTable label={t("orders.label")} minWidth={640}>
            <TableHead>
              <TableRow>
                <TableCell>{t("orders.columns.details")}</TableCell>
                <TableCell>{t("orders.columns.product")}</TableCell>
                <TableCell sx={FROM_TABLET}>{t("orders.columns.quantity")}</TableCell>
                <TableCell>{t("orders.columns.status")}</TableCell>
                <TableCell sx={FROM_TABLET}>{t("orders.columns.date")}</TableCell>
                <TableCell>{t("orders.columns.actions")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {result.items.map((order) => (
                <SellerOrderRow
                  key={order.id}
                  order={order}
                  expanded={open.has(order.id)}
                  onToggle={() => toggle(order.id)}
                  onEdit={() => setEditing(order)}
                />
              ))}
            </TableBody>
          </ScrollTable>
        )}
      </PagedList>
      {editing && <StatusDialog order={editing} onClose={() => setEditing(null)} onSaved={() => void refetch()} />}
    </Stack>
  );
}
