import KeyboardArrowDownIcon from "@mui/icons-material/KeyboardArrowDown";
import KeyboardArrowUpIcon from "@mui/icons-material/KeyboardArrowUp";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Collapse from "@mui/material/Collapse";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Fragment, useId, useState, type FormEvent } from "react";
import { OrderStatusChip, statusLabel } from "../../../components/OrderStatusChip";
import { MessageButton } from "../../../components/MessageButton";
import { paymentMethodLabel, paymentStatusLabel } from "../../../components/payment";
import { useDashboardSellerOrdersQuery, useDashboardUpdateOrderStatusMutation } from "../../../generated/hooks";
import type { DashboardSellerOrderFragment, OrderStatus } from "../../../generated/graphql";
import { formatDate, formatPKR } from "../../../lib/format";
import { plainMessage } from "../../../components/errors";
import { Pager } from "../../../components/Pager";
import { FROM_TABLET, PHONE_ONLY, ScrollTable } from "../common/ScrollTable";
import { QueryState } from "../../../components/QueryState";
import { LoadingState } from "../../../components/LoadingState";
import { useNotify } from "../../../components/Notify";
import { usePageTitle } from "../../../components/usePageTitle";
import { MeetupPanel } from "../../../components/meetup/MeetupPanel";
import { SellerHandover } from "../../../components/handover/SellerHandover";
import { formatMeetupTime } from "../../../components/meetup/slots";

const PAGE_SIZE = 10;
const STATUSES: OrderStatus[] = ["PENDING", "CONFIRMED", "PROCESSING", "SHIPPED", "COMPLETED", "REJECTED", "CANCELLED"];

/**
 * /dashboard/seller/manage-orders: the seller's sales; a row opens its delivery details or campus
 * meetup (confirm it or propose another time); Edit moves the status on.
 */
export default function ManageOrders() {
  usePageTitle("Manage Orders");
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
        Manage Orders
      </Typography>
      <TextField
        select
        label="Show status"
        value={status}
        onChange={(e) => {
          setStatus(e.target.value as OrderStatus | "");
          setPage(1);
        }}
        size="small"
        sx={{ maxWidth: 240 }}
      >
        <MenuItem value="">All orders</MenuItem>
        {STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {statusLabel(s)}
          </MenuItem>
        ))}
      </TextField>
      <QueryState
        loading={loading}
        error={error}
        data={data?.sellerOrders}
        skeleton={<LoadingState label="Loading orders..." />}
        errorText={`Error: ${error?.message}`}
        empty="No orders found!"
        onRetry={() => void refetch()}
      >
        {(result) => (
          <>
            <ScrollTable label="Orders for your products" minWidth={640}>
              <TableHead>
                <TableRow>
                  <TableCell>Details</TableCell>
                  <TableCell>Product Name</TableCell>
                  <TableCell sx={FROM_TABLET}>Quantity</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell sx={FROM_TABLET}>Date Ordered</TableCell>
                  <TableCell>Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.items.map((order) => {
                  const expanded = open.has(order.id);
                  const detailsId = `order-details-${order.id}`;
                  return (
                    <Fragment key={order.id}>
                      <TableRow
                        hover
                        onClick={() => toggle(order.id)}
                        sx={{ cursor: "pointer", "& > td": { borderBottom: expanded ? "unset" : undefined } }}
                      >
                        <TableCell>
                          <IconButton
                            size="small"
                            aria-label={`${expanded ? "Hide" : "Show"} details of order ${order.orderNumber}`}
                            aria-expanded={expanded}
                            aria-controls={detailsId}
                            onClick={(e) => {
                              e.stopPropagation();
                              toggle(order.id);
                            }}
                          >
                            {expanded ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
                          </IconButton>
                        </TableCell>
                        <TableCell>
                          {order.lines.map((line) => (
                            <Typography key={line.id} variant="body2">
                              {line.productName}
                              <Box component="span" sx={{ display: { sm: "none" } }}>
                                {" "}
                                × {line.quantity}
                              </Box>
                            </Typography>
                          ))}
                          <Typography variant="caption" color="text.secondary" sx={PHONE_ONLY}>
                            {formatDate(order.createdAt)}
                          </Typography>
                        </TableCell>
                        <TableCell sx={FROM_TABLET}>
                          {order.lines.map((line) => (
                            <Typography key={line.id} variant="body2">
                              {line.quantity}
                            </Typography>
                          ))}
                        </TableCell>
                        <TableCell>
                          <OrderStatusChip status={order.status} />
                          <Typography variant="caption" color="text.secondary" sx={{ display: "block", mt: 0.5, whiteSpace: "nowrap" }}>
                            {paymentMethodLabel(order.paymentMethod)}
                            <br />
                            <Box
                              component="span"
                              sx={{ color: order.paymentStatus === "PAID" ? "success.main" : undefined, fontWeight: 600 }}
                            >
                              {paymentStatusLabel(order.paymentStatus)}
                            </Box>
                            {order.meetup?.canConfirm && (
                              <Box component="span" sx={{ display: "block", fontWeight: 600, color: "text.primary" }}>
                                Meetup to confirm
                              </Box>
                            )}
                          </Typography>
                        </TableCell>
                        <TableCell sx={FROM_TABLET}>{formatDate(order.createdAt)}</TableCell>
                        <TableCell>
                          <Button
                            size="small"
                            variant="outlined"
                            aria-label={`Edit status of order ${order.orderNumber}`}
                            disabled={order.allowedTransitions.length === 0}
                            onClick={(e) => {
                              e.stopPropagation();
                              setEditing(order);
                            }}
                          >
                            Edit
                          </Button>
                        </TableCell>
                      </TableRow>
                      <TableRow>
                        <TableCell colSpan={6} sx={{ py: 0, borderBottom: expanded ? undefined : "none" }}>
                          <Collapse in={expanded} timeout="auto" unmountOnExit>
                            <Box id={detailsId} sx={{ py: 2 }}>
                              <OrderDetails order={order} />
                            </Box>
                          </Collapse>
                        </TableCell>
                      </TableRow>
                    </Fragment>
                  );
                })}
              </TableBody>
            </ScrollTable>
            <Pager
              page={result.page}
              pageSize={result.pageSize}
              totalItems={result.totalItems}
              totalPages={result.totalPages}
              noun="orders"
              onPage={setPage}
            />
          </>
        )}
      </QueryState>
      {editing && <StatusDialog order={editing} onClose={() => setEditing(null)} onSaved={() => void refetch()} />}
    </Stack>
  );
}

function OrderDetails({ order }: { order: DashboardSellerOrderFragment }) {
  const rows: Array<[string, string]> = [
    ["Order", order.orderNumber],
    ["Buyer", order.buyer?.username ?? "-"],
    ...(order.shipping
      ? ([
          ["Shipping address", order.shipping.address],
          ["City", order.shipping.city],
          ["Postal code", order.shipping.postalCode],
          ["Country", order.shipping.country],
        ] as Array<[string, string]>)
      : [["Delivery", "Meet on campus"] as [string, string]]),
    ["Contact number", order.contactNumber],
    ["Payment", `${paymentMethodLabel(order.paymentMethod)}, ${paymentStatusLabel(order.paymentStatus).toLowerCase()}`],
    ["Order total", formatPKR(order.total)],
  ];
  // a conversation is about one product: the order's first one still known
  const productId = order.lines.find((line) => line.productId)?.productId;
  return (
    <>
      <Box
        component="dl"
        sx={{ m: 0, display: "grid", gridTemplateColumns: { xs: "1fr", sm: "max-content 1fr" }, columnGap: 3, rowGap: 0.5 }}
      >
        {rows.map(([term, value]) => (
          <Fragment key={term}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: "anywhere" }}>
              {value}
            </Typography>
          </Fragment>
        ))}
      </Box>
      {order.meetup && (
        <Box sx={{ mt: 2 }}>
          <MeetupPanel order={order} viewer="SELLER" />
        </Box>
      )}
      <SellerHandover order={order} orderNumber={order.orderNumber} />
      {productId && order.buyer && (
        <MessageButton productId={productId} buyerId={order.buyer.id} label="Message buyer" size="small" sx={{ mt: 1.5 }} />
      )}
    </>
  );
}

/**
 * Offers only the statuses the server allows next for this order (Order.allowedTransitions), none
 * chosen beforehand; a rejection cannot be undone, so it asks once more before saving.
 */
function StatusDialog({ order, onClose, onSaved }: { order: DashboardSellerOrderFragment; onClose: () => void; onSaved: () => void }) {
  const notify = useNotify();
  const titleId = useId();
  const [next, setNext] = useState<OrderStatus | "">("");
  const [confirmingRejection, setConfirmingRejection] = useState(false);
  const [failed, setFailed] = useState("");
  const [updateStatus, { loading }] = useDashboardUpdateOrderStatusMutation();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!next) return;
    if (next === "REJECTED" && !confirmingRejection) return setConfirmingRejection(true);
    setFailed("");
    try {
      await updateStatus({ variables: { id: order.id, status: next } });
      notify.success(`Order ${order.orderNumber} is now ${statusLabel(next).toLowerCase()}.`);
      onClose();
      onSaved();
    } catch (error) {
      setConfirmingRejection(false);
      setFailed(plainMessage(error));
    }
  };

  return (
    <Dialog open onClose={loading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box component="form" onSubmit={save}>
        <DialogTitle id={titleId}>{confirmingRejection ? "Reject this order?" : "Update order status"}</DialogTitle>
        <DialogContent>
          {confirmingRejection ? (
            <DialogContentText>Order {order.orderNumber} will be rejected and the buyer told. This cannot be undone.</DialogContentText>
          ) : (
            <>
              <DialogContentText sx={{ mb: 2 }}>
                Order {order.orderNumber} is {statusLabel(order.status).toLowerCase()}. Payment:{" "}
                {paymentMethodLabel(order.paymentMethod).toLowerCase()}, {paymentStatusLabel(order.paymentStatus).toLowerCase()}.
              </DialogContentText>
              {order.meetup && order.status === "CONFIRMED" && !order.allowedTransitions.includes("COMPLETED") && (
                <Alert severity="info" sx={{ mb: 2 }}>
                  {order.meetup.state === "CONFIRMED"
                    ? `Mark it completed once you have handed it over: from the agreed meetup time, ${formatMeetupTime(order.meetup.at)}.`
                    : "Agree on the meetup with the buyer first; you mark it completed once you have handed it over."}
                </Alert>
              )}
              {order.allowedTransitions.length === 0 ? (
                <Alert severity="info">This order's status can no longer be changed.</Alert>
              ) : (
                <TextField
                  select
                  label="New status"
                  value={next}
                  onChange={(e) => setNext(e.target.value as OrderStatus)}
                  fullWidth
                  disabled={loading}
                >
                  {order.allowedTransitions.map((s) => (
                    <MenuItem key={s} value={s}>
                      {statusLabel(s)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            </>
          )}
          {failed && (
            <Alert severity="error" sx={{ mt: 2 }}>
              Failed to update status.
              <br />
              {failed}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          {confirmingRejection ? (
            <>
              <Button onClick={() => setConfirmingRejection(false)} disabled={loading}>
                Keep the order
              </Button>
              <Button type="submit" variant="contained" color="error" disabled={loading}>
                {loading ? "Rejecting..." : "Reject order"}
              </Button>
            </>
          ) : (
            <>
              <Button onClick={onClose} disabled={loading}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" disabled={loading || !next}>
                {loading ? "Saving..." : "Save"}
              </Button>
            </>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
