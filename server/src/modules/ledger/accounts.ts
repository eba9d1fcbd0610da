/**
 * The ledger's accounts. An account's balance is the sum of its entries; every movement sums to
 * zero, so all balances together are always zero. Money the platform received shows as a negative
 * balance on the provider's account, money it sent out as a positive one on `payouts:paid`.
 */
export const accounts = {
  /** Buyers' money that came in (negative) or went back (positive) through one payment provider. */
  provider: (provider: string) => `provider:${provider}`,
  /** The payment held for one order until its handover or a refund. */
  held: (orderId: string) => `held:${orderId}`,
  /** What the platform owes one seller and they may ask to be paid out. */
  seller: (sellerId: string) => `seller:${sellerId}`,
  /** Refunds decided or owed (a payment refused), not yet confirmed by the provider that sends them. */
  refundsPending: "refunds:pending",
  /** The platform's fees. */
  fees: "platform:fees",
  /** Payouts asked for and not yet paid or refused. */
  payoutsRequested: "payouts:requested",
  /** Payouts transferred to sellers. */
  payoutsPaid: "payouts:paid",
} as const;

export const HELD_PREFIX = "held:";
