import Chip, { type ChipProps } from "@mui/material/Chip";

/**
 * One colour per status, merging the spec's two readings: pending yellow, confirmed and processing
 * blue, completed green, rejected red, anything else grey.
 */
const COLORS: Record<string, ChipProps["color"]> = {
  PENDING: "warning",
  CONFIRMED: "info",
  PROCESSING: "info",
  SHIPPED: "primary",
  COMPLETED: "success",
  REJECTED: "error",
  CANCELLED: "default",
};

export const statusLabel = (status: string) => status.charAt(0) + status.slice(1).toLowerCase();

export function OrderStatusChip({ status, size = "small" }: { status: string; size?: ChipProps["size"] }) {
  return <Chip label={statusLabel(status)} color={COLORS[status] ?? "default"} size={size} />;
}
