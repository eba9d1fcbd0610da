import type { EntityManager } from "typeorm";
import type { EventBus } from "../../platform/events";
import { conflict, notFound } from "../../platform/shared/errors";
import { CheckoutSession, Order, OrderStatus, PaymentStatus } from "../orders/entity";

export const CHECKOUT_NOT_PAYABLE = "This checkout was cancelled or refused by the seller: its payment is refused.";

/**
 * Captures an online payment in the caller's transaction: the checkout and its orders become paid
 * and `payment.captured` is published, once. The checkout and its orders are locked (orders in id
 * order, as a status change locks them) so a payment racing a cancellation gets one outcome: a
 * checkout is payable only while every one of its orders is still pending and unpaid. False when
 * the checkout was already paid (nothing changes).
 */
export async function capturePayment(
  manager: EntityManager,
  events: EventBus,
  checkoutId: string,
  payment: { provider: string; reference: string },
): Promise<boolean> {
  const [session] = await manager.query(`SELECT "paymentStatus" FROM checkout_sessions WHERE id = $1 FOR UPDATE`, [checkoutId]);
  if (!session) throw notFound("Checkout not found.");
  if (session.paymentStatus === PaymentStatus.PAID) return false;
  const orders = await manager
    .getRepository(Order)
    .createQueryBuilder("o")
    .setLock("pessimistic_write")
    .where(`o."checkoutSessionId" = :checkoutId`, { checkoutId })
    .orderBy("o.id")
    .getMany();
  if (!orders.length || orders.some((order) => order.status !== OrderStatus.PENDING)) throw conflict(CHECKOUT_NOT_PAYABLE);
  await manager.update(CheckoutSession, { id: checkoutId }, { paymentStatus: PaymentStatus.PAID, paidAt: () => "now()" });
  await manager.update(Order, { checkoutSessionId: checkoutId }, { paymentStatus: PaymentStatus.PAID });
  await events.publish(manager, "payment.captured", {
    checkoutSessionId: checkoutId,
    provider: payment.provider,
    reference: payment.reference,
    orders: orders.map(({ id, buyerId, sellerId, totalPaisa }) => ({ id, buyerId, sellerId, totalPaisa })),
  });
  return true;
}
