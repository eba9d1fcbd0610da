import type { EntityManager } from "typeorm";
import { accounts, MovementKind, type LedgerService } from "../ledger";
import { Order, OrderStatus, type OrderHandoverConfirmed, type OrderStatusChanged } from "../orders";
import type { PaymentCaptured, PaymentProvidersService, PaymentRefunded, ProviderName } from "../payment-providers";
import { DisputeOutcome, DisputeState, HeldPayment, HeldPaymentState } from "./entity";
import { orderLabel, orderPath, BALANCE_PATH, type PaymentNotices } from "./notices";
import { PAYMENT_TRANSITIONS, type PaymentStep } from "./transitions";

export type EscrowSettings = {
  /** The platform's fee on each release, in basis points (1 % = 100). */
  platformFeeBasisPoints: number;
};

/** The fee on `paisa` released, rounded half up to whole paisa. */
export const feeOf = (paisa: number, basisPoints: number): number => Math.floor((paisa * basisPoints + 5_000) / 10_000);

const WITHDRAWN: readonly OrderStatus[] = [OrderStatus.CANCELLED, OrderStatus.REJECTED];

/**
 * Money paid online is held per order: `payment.captured` holds it, the handover releases it to the
 * seller's balance (less the platform fee), a cancellation or rejection before the handover refunds
 * it, and a dispute's decision does either or both. Every movement goes through the ledger; the
 * held payment's state changes by a conditional UPDATE, so of two racing outcomes exactly one happens.
 */
export class EscrowService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly notices: PaymentNotices,
    private readonly payments: Pick<PaymentProvidersService, "requestRefund">,
    private readonly settings: EscrowSettings,
  ) {}

  /** Reaction to `payment.captured`: each order's amount is held (once per order, however often it is published). */
  async captured(event: PaymentCaptured, manager: EntityManager): Promise<void> {
    for (const order of event.orders) {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO held_payments ("orderId", "checkoutSessionId", provider, reference, "buyerId", "sellerId", "amountPaisa", "testMoney")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT ("orderId") DO NOTHING RETURNING "orderId"`,
        [
          order.id,
          event.checkoutSessionId,
          event.provider,
          event.reference,
          order.buyerId,
          order.sellerId,
          order.totalPaisa,
          event.testMoney,
        ],
      );
      if (!inserted.length) continue;
      await this.ledger.post(manager, {
        key: `held:${order.id}`,
        kind: MovementKind.HELD,
        orderId: order.id,
        sellerId: order.sellerId,
        entries: [
          { account: accounts.provider(event.provider), amountPaisa: -order.totalPaisa },
          { account: accounts.held(order.id), amountPaisa: order.totalPaisa },
        ],
      });
      const number = await this.orderNumber(manager, order.id);
      const params = { amountPaisa: order.totalPaisa, order: number };
      await this.notices.tell([order.buyerId], { key: "payment.heldBuyer", params }, orderPath(order.id), manager);
      await this.notices.tell([order.sellerId], { key: "payment.heldSeller", params }, orderPath(order.id), manager);
    }
  }

  /** Reaction to `order.handover-confirmed`: releases the held payment, unless a dispute holds it. */
  async handoverConfirmed({ order }: OrderHandoverConfirmed, manager: EntityManager): Promise<void> {
    await this.settle(manager, order.id, "release", [HeldPaymentState.HELD]);
  }

  /** Reaction to `order.status-changed`: a paid order cancelled or rejected before its handover is refunded in full. */
  async orderWithdrawn({ order, to }: OrderStatusChanged, manager: EntityManager): Promise<void> {
    if (!WITHDRAWN.includes(to)) return;
    const payment = await this.settle(manager, order.id, "refund", [HeldPaymentState.HELD, HeldPaymentState.DISPUTED]);
    if (!payment) return;
    // an open dispute has nothing left to decide
    await manager.query(
      `UPDATE disputes SET state = $2, outcome = $3, "refundPaisa" = $4, "decisionNote" = $5, "decidedAt" = now() WHERE "orderId" = $1 AND state <> $2`,
      [order.id, DisputeState.DECIDED, DisputeOutcome.REFUND, payment.amountPaisa, `The order was ${to}: the payment was refunded.`],
    );
  }

  /**
   * Settles a held payment once: refunds `refundPaisa` (all of it for "refund") to the buyer through
   * the provider and releases the rest to the seller less the fee. Only from the `from` states (a
   * conditional UPDATE, so a racing settlement finds nothing to do); null when it was not there.
   */
  async settle(
    manager: EntityManager,
    orderId: string,
    step: Exclude<PaymentStep, "dispute">,
    from: HeldPaymentState[],
    partialRefundPaisa = 0,
  ): Promise<HeldPayment | null> {
    const to = PAYMENT_TRANSITIONS[from[0]][step];
    if (!to || from.some((state) => PAYMENT_TRANSITIONS[state][step] !== to)) throw new Error(`no ${step} from ${from.join(", ")}`);
    const rows: [HeldPayment[], number] = await manager.query(
      `UPDATE held_payments SET state = $2, "settledAt" = now(),
         "refundedPaisa" = CASE $3::text WHEN 'refund' THEN "amountPaisa" WHEN 'partial' THEN $4::bigint ELSE 0 END
       WHERE "orderId" = $1 AND state = ANY($5) RETURNING *`,
      [orderId, to, step, partialRefundPaisa, from],
    );
    const row = rows[0][0];
    if (!row) return null;
    const payment = manager.create(HeldPayment, { ...row, amountPaisa: Number(row.amountPaisa), refundedPaisa: Number(row.refundedPaisa) });
    const number = await this.orderNumber(manager, orderId);
    if (payment.refundedPaisa > 0) await this.refund(manager, payment, number);
    const released = payment.amountPaisa - payment.refundedPaisa;
    if (released > 0) await this.release(manager, payment, released, number);
    return payment;
  }

  /** The refunded part is owed back to the buyer in the ledger and asked of the provider that took it (a job, posted as sent when it confirms). */
  private async refund(manager: EntityManager, payment: HeldPayment, number: number): Promise<void> {
    await this.ledger.post(manager, {
      key: `refund:${payment.orderId}`,
      kind: MovementKind.REFUNDED,
      orderId: payment.orderId,
      sellerId: payment.sellerId,
      entries: [
        { account: accounts.held(payment.orderId), amountPaisa: -payment.refundedPaisa },
        { account: accounts.refundsPending, amountPaisa: payment.refundedPaisa },
      ],
    });
    await this.payments.requestRefund(manager, {
      key: `refund:${payment.orderId}`,
      provider: payment.provider as ProviderName,
      attemptReference: payment.reference,
      transactionId: null,
      amountPaisa: payment.refundedPaisa,
      orderId: payment.orderId,
      buyerId: payment.buyerId,
      sandbox: payment.testMoney,
      reason: `Order ${orderLabel(number)}: ${payment.refundedPaisa === payment.amountPaisa ? "refunded in full" : "refunded in part"}.`,
    });
    const message = { key: "payment.refunded" as const, params: { amountPaisa: payment.refundedPaisa, order: number } };
    await this.notices.tell([payment.buyerId, payment.sellerId], message, orderPath(payment.orderId), manager);
  }

  private async release(manager: EntityManager, payment: HeldPayment, releasedPaisa: number, number: number): Promise<void> {
    // a seller whose account is gone cannot be paid: their share stays on an account of its own for the admins
    const seller = accounts.seller(payment.sellerId ?? "deleted");
    await this.ledger.post(manager, {
      key: `release:${payment.orderId}`,
      kind: MovementKind.RELEASED,
      orderId: payment.orderId,
      sellerId: payment.sellerId,
      entries: [
        { account: accounts.held(payment.orderId), amountPaisa: -releasedPaisa },
        { account: seller, amountPaisa: releasedPaisa },
      ],
    });
    const fee = feeOf(releasedPaisa, this.settings.platformFeeBasisPoints);
    if (fee > 0) {
      await this.ledger.post(manager, {
        key: `fee:${payment.orderId}`,
        kind: MovementKind.FEE,
        orderId: payment.orderId,
        sellerId: payment.sellerId,
        entries: [
          { account: seller, amountPaisa: -fee },
          { account: accounts.fees, amountPaisa: fee },
        ],
      });
    }
    const params = { amountPaisa: releasedPaisa, order: number, feePaisa: fee };
    await this.notices.tell(
      [payment.sellerId],
      { key: fee > 0 ? "payment.releasedLessFee" : "payment.released", params },
      BALANCE_PATH,
      manager,
    );
  }

  /** Reaction to `payment.refunded`: the provider's refund id is kept on the order's held payment. */
  async refundConfirmed({ orderId, providerRefundId }: PaymentRefunded, manager: EntityManager): Promise<void> {
    if (orderId) await manager.update(HeldPayment, { orderId }, { refundReference: providerRefundId.slice(0, 120) });
  }

  /**
   * What a seller's available balance holds of test money (released sandbox payments): where
   * payouts move real money it is never paid out. Counted from the ledger's release entries.
   */
  async testMoneyAvailable(sellerId: string, manager: EntityManager): Promise<number> {
    const [row] = await manager.query(
      `SELECT COALESCE(sum(e."amountPaisa"), 0) AS total FROM ledger_entries e
         JOIN ledger_movements m ON m.id = e."movementId"
         JOIN held_payments h ON h."orderId" = m."orderId" AND h."testMoney"
        WHERE e.account = $1`,
      [accounts.seller(sellerId)],
    );
    return Number(row.total);
  }

  private async orderNumber(manager: EntityManager, orderId: string): Promise<number> {
    const order = await manager.findOne(Order, { where: { id: orderId }, select: { id: true, orderNumber: true } });
    return order?.orderNumber ?? 0;
  }
}
