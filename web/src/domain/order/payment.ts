import i18next from "i18next";

// the labels read the language at call time (as lib/format.ts does): their callers re-render on a switch

/** How an order is paid, as buyers and sellers read it (an unknown method as the server wrote it). */
export const paymentMethodLabel = (method: string): string => i18next.t(`payment.methods.${method}`, { ns: "deals", defaultValue: method });

/** Paid in cash at the handover (nothing to pay online). */
export const isCashPayment = (method: string): boolean => method === "CASH_ON_DELIVERY" || method === "CASH_ON_MEETUP";

export const paymentStatusLabel = (status: string): string =>
  i18next.t(status === "PAID" ? "payment.paid" : "payment.notPaid", { ns: "deals" });
