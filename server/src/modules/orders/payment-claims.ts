import { Not, type DataSource, type EntityManager } from "typeorm";
import type { CheckoutToPay, PayableCheckouts, PaymentCaptured } from "../payment-providers";
import { isUuid } from "./pricing";
import { CheckoutSession, Order, OrderStatus, PaymentStatus } from "./entity";

export const CHECKOUT_NOT_PAYABLE = "This checkout was cancelled or refused by the seller: its payment is refused.";
export const CHECKOUT_ALREADY_PAID = "This checkout was already paid by another payment.";

/**
 * The orders' side of paying (the `PayableCheckouts` that payment-providers declares): a checkout
 * as the payment pages see it, the claim a payment makes on it, and the reaction that marks the
 * checkout and its orders paid once the payment is captured.
 */
export class PaymentClaims implements PayableCheckouts {
  constructor(private readonly dataSource: DataSource) {}

  async find(checkoutId: string): Promise<CheckoutToPay | null> {
    const session = isUuid(checkoutId) ? await this.dataSource.getRepository(CheckoutSession).findOneBy({ id: checkoutId }) : null;
    if (!session) return null;
    const unpayable = await this.dataSource
      .getRepository(Order)
      .existsBy({ checkoutSessionId: checkoutId, status: Not(OrderStatus.PENDING) });
    return {
      id: session.id,
      buyerId: session.buyerId,
      method: session.paymentMethod,
      totalPaisa: session.totalPaisa,
      paid: session.paymentStatus === PaymentStatus.PAID,
      notPayable: unpayable ? CHECKOUT_NOT_PAYABLE : null,
    };
  }

  /**
   * Locks the checkout, then its orders in id order (as a status change locks them), so a payment
   * racing a cancellation or a lapse gets one outcome: a checkout takes a payment of exactly its
   * total while unpaid and every one of its orders is still pending.
   */
  async claim(manager: EntityManager, checkoutId: string, amountPaisa: number) {
    const [session] = await manager.query(`SELECT "paymentStatus", "totalPaisa" FROM checkout_sessions WHERE id = $1 FOR UPDATE`, [
      checkoutId,
    ]);
    if (!session) return { refused: "The checkout is gone." };
    if (session.paymentStatus === PaymentStatus.PAID) return { refused: CHECKOUT_ALREADY_PAID };
    if (Number(session.totalPaisa) !== amountPaisa) return { refused: "The amount is not the checkout's total." };
    const orders = await manager
      .getRepository(Order)
      .createQueryBuilder("o")
      .setLock("pessimistic_write")
      .where(`o."checkoutSessionId" = :checkoutId`, { checkoutId })
      .orderBy("o.id")
      .getMany();
    if (!orders.length || orders.some((order) => order.status !== OrderStatus.PENDING)) return { refused: CHECKOUT_NOT_PAYABLE };
    return { orders: orders.map(({ id, buyerId, sellerId, totalPaisa }) => ({ id, buyerId, sellerId, totalPaisa })) };
  }

  /** Reaction to `payment.captured`, in its transaction (the claim holds the rows' locks): the checkout and its orders are paid. */
  async markPaid({ checkoutSessionId }: PaymentCaptured, manager: EntityManager): Promise<void> {
    await manager.update(CheckoutSession, { id: checkoutSessionId }, { paymentStatus: PaymentStatus.PAID, paidAt: () => "now()" });
    await manager.update(Order, { checkoutSessionId }, { paymentStatus: PaymentStatus.PAID });
  }
}
