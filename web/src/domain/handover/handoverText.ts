import type { TFunction } from "i18next";
import type { OrderHandoverFieldsFragment } from "../../generated/graphql";
import { formatDateTime } from "../../lib/format";

/** One line on where a completed order's handover stands, for its buyer ("you") or its seller; null before completion. */
export function handoverLine(t: TFunction<"deals">, order: OrderHandoverFieldsFragment, viewer: "BUYER" | "SELLER"): string | null {
  const { state, confirmedBy, confirmDueAt, objection } = order.handover;
  const byBuyer = viewer === "BUYER";
  if (state === "CONFIRMED") {
    if (confirmedBy === "CODE") return t("handover.confirmedByCode");
    if (confirmedBy === "BUYER") return t(byBuyer ? "handover.confirmedByYou" : "handover.confirmedByBuyer");
    return t("handover.confirmedAutomatically");
  }
  if (state === "AWAITING_BUYER")
    return t(byBuyer ? "handover.awaitingYou" : "handover.awaitingBuyer", { date: formatDateTime(confirmDueAt!) });
  if (state === "OBJECTED") return t(byBuyer ? "handover.youObjected" : "handover.buyerObjected", { objection });
  return null;
}
