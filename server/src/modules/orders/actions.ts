import { Role, type AuthUser } from "../../platform/auth/roles";
import { HandoverState, isCashPayment, OrderStatus, PaymentStatus, type Order } from "./entity";
import { codeIsOpen, codeTriesLeft } from "./handover-rules";
import { ACCEPTED_STATUSES, capacityOn, refusal, type OrderMoney } from "./transitions";

/** What the caller may do on an order now: the one list both the server's answers and the web's buttons follow. */
export enum OrderAction {
  /** The buyer pays a pending card or wallet order. */
  PAY = "pay",
  CANCEL = "cancel",
  /** The seller accepts a pending order. */
  CONFIRM = "confirm",
  REJECT = "reject",
  PROCESS = "process",
  SHIP = "ship",
  /** The seller records the handover without the buyer's code (the buyer then confirms or objects). */
  COMPLETE = "complete",
  /** The seller types or scans the buyer's code at the handover. */
  ENTER_HANDOVER_CODE = "enter_handover_code",
  /** The buyer shows their code to the seller. */
  SHOW_HANDOVER_CODE = "show_handover_code",
  /** The buyer confirms receiving goods the seller recorded as handed over without the code. */
  CONFIRM_RECEIPT = "confirm_receipt",
  /** The buyer objects to that handover. */
  OBJECT = "object",
  OPEN_DISPUTE = "open_dispute",
  ANSWER_DISPUTE = "answer_dispute",
  /** Either side writes their review of a completed order, once, while its review window is open. */
  REVIEW = "review",
}

/** The lifecycle steps that are actions, each the status it sets. */
const STEPS: ReadonlyArray<[OrderAction, OrderStatus]> = [
  [OrderAction.CANCEL, OrderStatus.CANCELLED],
  [OrderAction.CONFIRM, OrderStatus.CONFIRMED],
  [OrderAction.REJECT, OrderStatus.REJECTED],
  [OrderAction.PROCESS, OrderStatus.PROCESSING],
  [OrderAction.SHIP, OrderStatus.SHIPPED],
  [OrderAction.COMPLETE, OrderStatus.COMPLETED],
];

export type ActionState = Parameters<typeof refusal>[0] & Pick<Order, "handoverState" | "handoverCodeTries">;

/**
 * Where the order's payment and dispute stand, as the payments side reports them: `money` (see
 * OrderMoney) and whether its dispute waits for the seller's answer; and `mayReview`, whether the
 * caller may write their review of it now, as the reviews side reports it.
 */
export type ActionMoney = { money: OrderMoney; disputeAwaitsSeller: boolean; mayReview?: boolean };

/** The buyer may open a dispute on an order the seller accepted while its online payment is held. */
export const mayOpenDispute = (order: ActionState, caller: AuthUser | null, money: OrderMoney) =>
  !!caller &&
  order.buyerId === caller.id &&
  ACCEPTED_STATUSES.includes(order.status) &&
  order.paymentStatus === PaymentStatus.PAID &&
  money === "held";

/** The order's seller (in the seller role) may complete it with the buyer's code now. */
export const mayEnterCode = (order: ActionState, caller: AuthUser | null, now: Date, money: OrderMoney) =>
  capacityOn(order, caller) === Role.SELLER && codeTriesLeft(order) > 0 && !refusal(order, OrderStatus.COMPLETED, caller, now, money);

/**
 * What `caller` may do on `order` at `now`: the lifecycle's steps by the same rules as
 * updateOrderStatus (transitions.ts), the handover's, the dispute's and the review's by their
 * services' rules. A stranger gets nothing; an admin gets the lifecycle steps (they answer for
 * neither side, and review neither).
 */
export function orderActions(
  order: ActionState,
  caller: AuthUser | null,
  now: Date,
  { money, disputeAwaitsSeller, mayReview = false }: ActionMoney,
): OrderAction[] {
  const capacity = capacityOn(order, caller);
  if (!capacity) return [];
  const isBuyer = capacity === Role.USER;
  const actions: OrderAction[] = [];
  if (
    isBuyer &&
    !isCashPayment(order.paymentMethod) &&
    order.paymentStatus === PaymentStatus.UNPAID &&
    order.status === OrderStatus.PENDING
  )
    actions.push(OrderAction.PAY);
  for (const [action, to] of STEPS) if (!refusal(order, to, caller, now, money)) actions.push(action);
  if (mayEnterCode(order, caller, now, money)) actions.push(OrderAction.ENTER_HANDOVER_CODE);
  if (isBuyer && codeIsOpen(order)) actions.push(OrderAction.SHOW_HANDOVER_CODE);
  if (isBuyer && order.handoverState === HandoverState.AWAITING_BUYER) actions.push(OrderAction.CONFIRM_RECEIPT, OrderAction.OBJECT);
  if (mayOpenDispute(order, caller, money)) actions.push(OrderAction.OPEN_DISPUTE);
  if (capacity === Role.SELLER && disputeAwaitsSeller) actions.push(OrderAction.ANSWER_DISPUTE);
  if (capacity !== Role.ADMIN && mayReview) actions.push(OrderAction.REVIEW);
  return actions;
}
