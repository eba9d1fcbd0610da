import type { EntityManager } from "typeorm";
import { conflict } from "../../platform/shared/errors";
import { recordCouponUse } from "./coupons";
import { isCashPayment, OrderStatus, PaymentStatus, type CheckoutSession } from "./entity";
import { ONLINE_METHODS } from "./unpaid";

/**
 * Online (card or wallet) checkouts one account may have waiting for payment at once: each holds
 * its units until it is paid or lapses, so an unpaid order cannot empty a listing for nothing.
 */
export const MAX_UNPAID_CHECKOUTS = 3;

export const TOO_MANY_UNPAID = `You already have ${MAX_UNPAID_CHECKOUTS} online orders waiting for payment. Pay for one or cancel it in My Orders before placing another, or pay cash.`;

/**
 * The limits a new checkout must keep, checked in its transaction once its row is inserted (so a
 * retry with the same idempotency key has already been turned back): the buyer's unpaid online
 * checkouts and the coupon's uses. The buyer's lock makes one account's checkouts take these
 * counts one after the other, so concurrent checkouts cannot pass a limit together.
 */
export async function keepCheckoutLimits(manager: EntityManager, session: CheckoutSession, now: Date): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext('checkouts:' || $1::text))`, [session.buyerId]);
  if (!isCashPayment(session.paymentMethod)) {
    const [{ unpaid }]: Array<{ unpaid: number }> = await manager.query(
      `SELECT count(*)::int AS unpaid FROM checkout_sessions s
        WHERE s."buyerId" = $1 AND s.id <> $2 AND s."paymentStatus" = $3 AND s."paymentMethod" = ANY($4::payment_method[])
          AND EXISTS (SELECT 1 FROM orders o WHERE o."checkoutSessionId" = s.id AND o.status = $5)`,
      [session.buyerId, session.id, PaymentStatus.UNPAID, ONLINE_METHODS, OrderStatus.PENDING],
    );
    if (unpaid >= MAX_UNPAID_CHECKOUTS) throw conflict(TOO_MANY_UNPAID);
  }
  if (session.couponCode) await recordCouponUse(manager, session, now);
}
