import type { OrderMoney, OrderMoneyReader } from "../orders";
import { HeldPayment, HeldPaymentState } from "./entity";

const { HELD, DISPUTED, RELEASED, REFUNDED, PARTLY_REFUNDED } = HeldPaymentState;

/**
 * A held payment's lifecycle, in one place: for each state, what may happen to it next.
 * - release: the handover was confirmed (never while a dispute is open), or an admin decided for the seller;
 * - refund: the order was cancelled or rejected before the handover, or an admin decided for the buyer;
 * - partial refund: an admin's decision, the rest released to the seller;
 * - dispute: the buyer opened one, or objected to the handover.
 */
export const PAYMENT_TRANSITIONS: Record<
  HeldPaymentState,
  Partial<Record<"release" | "refund" | "partial" | "dispute", HeldPaymentState>>
> = {
  [HELD]: { release: RELEASED, refund: REFUNDED, dispute: DISPUTED },
  [DISPUTED]: { release: RELEASED, refund: REFUNDED, partial: PARTLY_REFUNDED },
  [RELEASED]: {},
  [REFUNDED]: {},
  [PARTLY_REFUNDED]: {},
};

export type PaymentStep = "release" | "refund" | "partial" | "dispute";

/** The states from which `step` may happen, for a conditional UPDATE. */
export const statesAllowing = (step: PaymentStep): HeldPaymentState[] =>
  (Object.keys(PAYMENT_TRANSITIONS) as HeldPaymentState[]).filter((from) => PAYMENT_TRANSITIONS[from][step]);

/** Settled: nothing may happen to it any more (released, refunded, or partly refunded and the rest released). */
export const isSettled = (state: HeldPaymentState) => Object.keys(PAYMENT_TRANSITIONS[state]).length === 0;

/** An order's money as the orders' lifecycle reads it, from its held payment (none when there is none). */
export const orderMoneyOf = (payment: Pick<HeldPayment, "state"> | null): OrderMoney =>
  !payment ? "none" : isSettled(payment.state) ? "settled" : payment.state === DISPUTED ? "disputed" : "held";

/** Reads an order's money in the caller's transaction: the query the orders' lifecycle is given. */
export const readOrderMoney: OrderMoneyReader = async (manager, orderId) =>
  orderMoneyOf(await manager.findOne(HeldPayment, { where: { orderId }, select: { orderId: true, state: true } }));
