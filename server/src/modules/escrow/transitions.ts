import { HeldPaymentState } from "./entity";

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
