/** How an order is paid, as buyers and sellers read it. */
export const paymentMethodLabel = (method: string): string =>
  ({ CASH_ON_DELIVERY: "Cash on delivery", CASH_ON_MEETUP: "Cash on meetup", CARD: "Card" })[method] ?? method;

export const paymentStatusLabel = (status: string): string => (status === "PAID" ? "Paid" : "Not paid yet");
