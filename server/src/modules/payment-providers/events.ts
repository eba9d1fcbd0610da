import type { ProviderName } from "./provider";

/** An online payment for a checkout was captured (the provider's inquiry said paid), once per checkout. */
export type PaymentCaptured = {
  checkoutSessionId: string;
  provider: ProviderName;
  /** The reference the provider knows the payment by (refunds name it). */
  reference: string;
  /** Test money (a simulator or the card sandbox): never paid out where payouts move real money. */
  testMoney: boolean;
  // buyer or seller null once their account is deleted
  orders: CapturedOrder[];
};

export type CapturedOrder = { id: string; buyerId: string | null; sellerId: string | null; totalPaisa: number };

/** A provider confirmed a refund (its id), which is now posted to the ledger. */
export type PaymentRefunded = { refundId: string; orderId: string | null; amountPaisa: number; providerRefundId: string };

declare module "../../platform/events" {
  interface DomainEvents {
    "payment.captured": PaymentCaptured;
    "payment.refunded": PaymentRefunded;
  }
}
