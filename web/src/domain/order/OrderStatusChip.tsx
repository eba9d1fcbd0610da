import Chip, { type ChipProps } from "@mui/material/Chip";
import i18next from "i18next";
import { useTranslation } from "react-i18next";

/**
 * One colour per status, one reading for the timeline and the seller's list: pending yellow, confirmed and processing
 * blue, shipped teal, completed green, rejected red, anything else grey. Text and background
 * keep at least 4.5:1 contrast (MUI's warning and info chips do not with white text).
 */
const COLORS: Record<string, { bg: string; fg: string }> = {
  PENDING: { bg: "#fde9a9", fg: "#5b4200" },
  CONFIRMED: { bg: "#d3e9fb", fg: "#0b4a78" },
  PROCESSING: { bg: "#d3e9fb", fg: "#0b4a78" },
  SHIPPED: { bg: "#0b5d4b", fg: "#ffffff" },
  COMPLETED: { bg: "#2e7d32", fg: "#ffffff" },
  REJECTED: { bg: "#c62828", fg: "#ffffff" },
  CANCELLED: { bg: "#e0e0e0", fg: "#303030" },
};

const OTHER = { bg: "#e0e0e0", fg: "#303030" };

/** A status in the reader's language (read at call time: the caller re-renders on a language switch); an unknown one as the server wrote it. */
export const statusLabel = (status: string) =>
  i18next.t(`orderStatus.${status}`, { ns: "deals", defaultValue: status.charAt(0) + status.slice(1).toLowerCase() });

export function OrderStatusChip({ status, size = "small" }: { status: string; size?: ChipProps["size"] }) {
  // re-renders the chip on a language switch
  useTranslation("deals");
  const { bg, fg } = COLORS[status] ?? OTHER;
  return <Chip label={statusLabel(status)} size={size} sx={{ bgcolor: bg, color: fg, fontWeight: 600 }} />;
}
