import type { OrderHandoverFieldsFragment } from "../../generated/graphql";
import { formatDateTime } from "../../lib/format";

/** One line on where a completed order's handover stands, for its buyer ("you") or its seller; null before completion. */
export function handoverLine(order: OrderHandoverFieldsFragment, viewer: "BUYER" | "SELLER"): string | null {
  const { state, confirmedBy, confirmDueAt, objection } = order.handover;
  const buyer = viewer === "BUYER" ? "you" : "the buyer";
  if (state === "CONFIRMED") {
    if (confirmedBy === "CODE") return "Handed over: confirmed by code.";
    if (confirmedBy === "BUYER") return `Handed over: confirmed by ${buyer}.`;
    return "Handed over: confirmed automatically (no objection within 48 hours).";
  }
  if (state === "AWAITING_BUYER")
    return `Marked delivered without the code: awaiting ${viewer === "BUYER" ? "your" : "the buyer's"} confirmation until ${formatDateTime(confirmDueAt!)}.`;
  if (state === "OBJECTED") return `${viewer === "BUYER" ? "You objected" : "The buyer objected"} to the handover: "${objection}"`;
  return null;
}
