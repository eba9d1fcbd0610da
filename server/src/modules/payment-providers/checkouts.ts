import type { EntityManager } from "typeorm";
import type { Phrase } from "../../platform/i18n";
import type { CapturedOrder } from "./events";

/** A checkout as paying sees it: what it costs, how it is paid, and whether it can still take a payment. */
export type CheckoutToPay = {
  id: string;
  buyerId: string | null;
  /** The checkout's payment method: "card", "jazzcash", "easypaisa" or a cash method. */
  method: string;
  totalPaisa: number;
  paid: boolean;
  /** Why it cannot take a payment now (cancelled, refused by a seller, lapsed), or null. */
  notPayable: string | null;
};

/**
 * What paying needs of checkouts, which the orders module owns: payment-providers declares it and
 * never reads the orders' tables; app/services.ts hands it the orders' implementation.
 */
export interface PayableCheckouts {
  find(checkoutId: string): Promise<CheckoutToPay | null>;
  /**
   * In the caller's transaction, locks the checkout and its orders and answers its orders when it
   * can take a payment of `amountPaisa` now; else why not (nothing is changed either way: the
   * orders mark themselves paid in their reaction to `payment.captured`).
   */
  claim(manager: EntityManager, checkoutId: string, amountPaisa: number): Promise<{ orders: CapturedOrder[] } | { refused: string }>;
}

/** Tells a user of a payment (the bell); escrow's notices implement it. */
export interface PaymentBell {
  tell(userIds: Array<string | null>, message: Phrase, link: string, manager?: EntityManager): Promise<void>;
}
