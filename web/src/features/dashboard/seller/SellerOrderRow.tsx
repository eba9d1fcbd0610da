import KeyboardArrowDownIcon from "@mui/icons-material/KeyboardArrowDown";
import KeyboardArrowUpIcon from "@mui/icons-material/KeyboardArrowUp";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Collapse from "@mui/material/Collapse";
import IconButton from "@mui/material/IconButton";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { OrderStatusChip } from "../../../domain/order/OrderStatusChip";
import { paymentMethodLabel, paymentStatusLabel } from "../../../domain/order/payment";
import type { DashboardSellerOrderFragment } from "../../../generated/graphql";
import { formatCount, formatDate } from "../../../lib/format";
import { FROM_TABLET, PHONE_ONLY } from "../common/ScrollTable";
import { SellerOrderDetails } from "./SellerOrderDetails";

type SellerOrderRowProps = { order: DashboardSellerOrderFragment; expanded: boolean; onToggle: () => void; onEdit: () => void };

/** One sale in the seller's table: a summary row that opens its details below, and the Edit of its status. */
export function SellerOrderRow({ order, expanded, onToggle, onEdit }: SellerOrderRowProps) {
  const { t } = useTranslation("seller");
  const detailsId = `order-details-${order.id}`;
  return (
    <>
      <TableRow hover onClick={onToggle} sx={{ cursor: "pointer", "& > td": { borderBottom: expanded ? "unset" : undefined } }}>
        <TableCell>
          <IconButton
            size="small"
            aria-label={t(expanded ? "orders.hideDetails" : "orders.showDetails", { number: order.orderNumber })}
            aria-expanded={expanded}
            aria-controls={detailsId}
            onClick={(e) => {
              e.stopPropagation();
              onToggle();
            }}
          >
            {expanded ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
          </IconButton>
        </TableCell>
        <TableCell>
          {order.lines.map((line) => (
            <Typography key={line.id} variant="body2">
              <bdi>{line.productName}</bdi>
              <Box component="span" sx={{ display: { sm: "none" } }}>
                {" "}
                × {formatCount(line.quantity)}
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
              {formatCount(line.quantity)}
            </Typography>
          ))}
        </TableCell>
        <TableCell>
          <OrderStatusChip status={order.status} />
          <Typography variant="caption" color="text.secondary" sx={{ display: "block", mt: 0.5, whiteSpace: "nowrap" }}>
            {paymentMethodLabel(order.paymentMethod)}
            <br />
            <Box component="span" sx={{ color: order.paymentStatus === "PAID" ? "success.main" : undefined, fontWeight: 600 }}>
              {paymentStatusLabel(order.paymentStatus)}
            </Box>
            {order.meetup?.canConfirm && (
              <Box component="span" sx={{ display: "block", fontWeight: 600, color: "text.primary" }}>
                {t("orders.meetupToConfirm")}
              </Box>
            )}
          </Typography>
        </TableCell>
        <TableCell sx={FROM_TABLET}>{formatDate(order.createdAt)}</TableCell>
        <TableCell>
          <Button
            size="small"
            variant="outlined"
            aria-label={t("orders.editStatus", { number: order.orderNumber })}
            disabled={order.allowedTransitions.length === 0}
            onClick={(e) => {
              e.stopPropagation();
              onEdit();
            }}
          >
            {t("orders.edit")}
          </Button>
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={6} sx={{ py: 0, borderBottom: expanded ? undefined : "none" }}>
          <Collapse in={expanded} timeout="auto" unmountOnExit>
            <Box id={detailsId} sx={{ py: 2 }}>
              <SellerOrderDetails order={order} />
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
}
