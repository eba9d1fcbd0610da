/** How an order is paid, as buyers and sellers read it. */
export const paymentMethodLabel = (method: string): string =>
  ({ CASH_ON_DELIVERY: "Cash on delivery", CASH_ON_MEETUP: "Cash on meetup", CARD: "Card", JAZZCASH: "JazzCash", EASYPAISA: "Easypaisa" })[
    method
  ] ?? method;

/** Paid in cash at the handover (nothing to pay online). */
export const isCashPayment = (method: string): boolean => method === "CASH_ON_DELIVERY" || method === "CASH_ON_MEETUP";

export const paymentStatusLabel = (status: string): string => (status === "PAID" ? "Paid" : "Not paid yet");
