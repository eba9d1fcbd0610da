import type { EntityManager } from "typeorm";
import { said } from "../../platform/i18n/errors";
import { conflict } from "../../platform/shared/errors";
import { isCashPayment, OrderStatus, PaymentStatus, type CheckoutSession } from "./entity";
import { ONLINE_METHODS } from "./unpaid";

/**
 * Online (card or wallet) checkouts one account may have waiting for payment at once: each holds
 * its units until it is paid or lapses, so an unpaid order cannot empty a listing for nothing.
 */
export const MAX_UNPAID_CHECKOUTS = 3;

export const TOO_MANY_UNPAID = said("checkout.tooManyUnpaid", { count: MAX_UNPAID_CHECKOUTS });

/**
 * Takes the buyer's lock for the rest of the checkout's transaction, so one account's checkouts
 * count their limits one after the other (this cap, and the coupon's uses per account), then
 * refuses an online checkout past the cap. Called once the checkout's row is inserted (a retry with
 * the same idempotency key has been turned back by then) and before any unit is taken, so a refusal
 * costs little.
 */
export async function capUnpaidCheckouts(manager: EntityManager, session: CheckoutSession): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext('checkouts:' || $1::text))`, [session.buyerId]);
  if (isCashPayment(session.paymentMethod)) return;
  const [{ unpaid }]: Array<{ unpaid: number }> = await manager.query(
    `SELECT count(*)::int AS unpaid FROM checkout_sessions s
      WHERE s."buyerId" = $1 AND s.id <> $2 AND s."paymentStatus" = $3 AND s."paymentMethod" = ANY($4::payment_method[])
        AND EXISTS (SELECT 1 FROM orders o WHERE o."checkoutSessionId" = s.id AND o.status = $5)`,
    [session.buyerId, session.id, PaymentStatus.UNPAID, ONLINE_METHODS, OrderStatus.PENDING],
  );
  if (unpaid >= MAX_UNPAID_CHECKOUTS) throw conflict(TOO_MANY_UNPAID);
}
