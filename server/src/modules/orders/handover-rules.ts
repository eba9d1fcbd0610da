import { HANDOVER_CODE_TRIES, HANDOVER_CONFIRM_HOURS } from "@unibazaar/rules";
import { HandoverHow, HandoverState, OrderStatus, type Order } from "./entity";

/**
 * What a completion writes on the order: confirmed at once when the seller typed the buyer's code,
 * else awaiting the buyer, who may confirm or object until the deadline (then it is confirmed for them).
 */
export function handoverOnCompletion(byCode: boolean, now: Date): Partial<Order> {
  return byCode
    ? { handoverState: HandoverState.CONFIRMED, handoverHow: HandoverHow.CODE, handoverSettledAt: now }
    : { handoverState: HandoverState.AWAITING_BUYER, handoverDueAt: new Date(now.getTime() + HANDOVER_CONFIRM_HOURS * 3_600_000) };
}

/** The code still matters while the goods are on their way: never after the order is finished. */
export const codeIsOpen = (order: Pick<Order, "status">) =>
  ![OrderStatus.COMPLETED, OrderStatus.REJECTED, OrderStatus.CANCELLED].includes(order.status);

export const codeTriesLeft = (order: Pick<Order, "handoverCodeTries">) => Math.max(0, HANDOVER_CODE_TRIES - order.handoverCodeTries);
