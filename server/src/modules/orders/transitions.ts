import type { EntityManager } from "typeorm";
import { said } from "../../platform/i18n/errors";
import { badInput, conflict, forbidden, type AppError } from "../../platform/shared/errors";
import { Fulfilment, isCashPayment, MeetupState, OrderStatus, PaymentMethod, PaymentStatus, type Order } from "./entity";
import { Role, type AuthUser } from "../../platform/auth/roles";
import { ACCEPTED_STATUSES, HANDOVER_EARLY_MINUTES, PURCHASE_EXCLUDED_STATUSES } from "../../platform/shared/order-statuses";

const { PENDING, CONFIRMED, PROCESSING, SHIPPED, COMPLETED, REJECTED, CANCELLED } = OrderStatus;
const BUYER = Role.USER;
const SELLER = Role.SELLER;

/**
 * The order lifecycle, in one place: for each status, the statuses it may move to and who may make
 * that step (the buyer acts as USER, the order's seller as SELLER). Admins may make every step.
 */
export const TRANSITIONS: Record<OrderStatus, Partial<Record<OrderStatus, readonly Role[]>>> = {
  [PENDING]: { [CONFIRMED]: [SELLER], [REJECTED]: [SELLER], [CANCELLED]: [BUYER] },
  [CONFIRMED]: { [PROCESSING]: [SELLER], [REJECTED]: [SELLER] },
  [PROCESSING]: { [SHIPPED]: [SELLER] },
  [SHIPPED]: { [COMPLETED]: [SELLER] },
  [COMPLETED]: {},
  [REJECTED]: {},
  [CANCELLED]: {},
};

/**
 * A meetup order is handed over in person: nothing to process or ship, so once confirmed the seller
 * completes it at the meetup (and not before the agreed time, see `refusal`).
 */
export const MEETUP_TRANSITIONS: typeof TRANSITIONS = {
  ...TRANSITIONS,
  [CONFIRMED]: { [COMPLETED]: [SELLER], [REJECTED]: [SELLER] },
};

/** The lifecycle this order follows. */
export const transitionsOf = (order: Pick<Order, "fulfilment">) =>
  order.fulfilment === Fulfilment.MEETUP ? MEETUP_TRANSITIONS : TRANSITIONS;

export { ACCEPTED_STATUSES, PURCHASE_EXCLUDED_STATUSES };

type OrderState = Pick<
  Order,
  "status" | "buyerId" | "sellerId" | "paymentMethod" | "paymentStatus" | "fulfilment" | "meetupAt" | "meetupState"
>;

/**
 * The capacity the caller has on this order, or null when it is not theirs to touch. Seller powers
 * go with the seller role: a seller demoted to buyer can no longer move their past sales' statuses
 * nor read those orders (the buyer's address and phone); an admin takes them over.
 */
export function capacityOn(order: Pick<Order, "buyerId" | "sellerId">, caller: AuthUser | null): Role | null {
  if (!caller) return null;
  if (caller.role === Role.ADMIN) return Role.ADMIN;
  if (order.sellerId === caller.id) return caller.role === Role.SELLER ? SELLER : null;
  if (order.buyerId === caller.id) return BUYER;
  return null;
}

/**
 * Where the order's money stands, as the payments side reports it: nothing held (cash, or not paid
 * yet), held, held under an open dispute, or settled (released to the seller, or refunded in whole or
 * in part, after the handover or a dispute's decision).
 */
export type OrderMoney = "none" | "held" | "disputed" | "settled";

/** Reads an order's money in the caller's transaction (under the order's lock when it changes the order). */
export type OrderMoneyReader = (manager: EntityManager, orderId: string) => Promise<OrderMoney>;

/** Steps that may need the money: cash orders and finished ones never do. */
export const moneyMatters = (order: OrderState) =>
  !isCashPayment(order.paymentMethod) && PURCHASE_EXCLUDED_STATUSES.some((to) => to in transitionsOf(order)[order.status]);

// settled money stays settled: a rejection or cancel would refund it twice or leave the seller paid for goods back on sale
const SETTLED = said("order.settled");

// money first: a seller does not accept an online (card or wallet) order the buyer has not paid for
const awaitsOnlinePayment = (order: OrderState, to: OrderStatus) =>
  to === CONFIRMED && !isCashPayment(order.paymentMethod) && order.paymentStatus === PaymentStatus.UNPAID;

/** From when a meetup order may be completed (null for an address order or a meetup not agreed yet). */
export const handoverOpensAt = (order: Pick<Order, "fulfilment" | "meetupAt" | "meetupState">): Date | null =>
  order.fulfilment === Fulfilment.MEETUP && order.meetupState === MeetupState.CONFIRMED && order.meetupAt
    ? new Date(order.meetupAt.getTime() - HANDOVER_EARLY_MINUTES * 60_000)
    : null;

// a meetup order is handed over at the agreed meetup, so it cannot be completed well before that time
function meetupNotDue(order: OrderState, to: OrderStatus, now: Date): AppError | null {
  if (to !== COMPLETED || order.fulfilment !== Fulfilment.MEETUP) return null;
  if (order.meetupState !== MeetupState.CONFIRMED)
    return badInput(said("order.meetupNotAgreed"), { status: said("order.agreeMeetupFirst") });
  const opensAt = handoverOpensAt(order);
  if (opensAt && opensAt.getTime() > now.getTime()) {
    const message = said("order.handoverFrom", { minutes: HANDOVER_EARLY_MINUTES });
    return badInput(said("order.meetupNotDue"), { status: message });
  }
  return null;
}

/** Why the caller may not set `to` on this order at `now`, or null when they may. */
export function refusal(order: OrderState, to: OrderStatus, caller: AuthUser | null, now: Date, money: OrderMoney): AppError | null {
  const capacity = capacityOn(order, caller);
  if (!capacity) return forbidden(said("order.onlyOwnOrders"));
  if (order.status === to)
    return badInput(said("order.alreadyStatus", { status: to }), { status: said("order.alreadyStatus", { status: to }) });
  const allowedRoles = transitionsOf(order)[order.status][to];
  if (!allowedRoles)
    return badInput(said("order.cannotBecome", { fromStatus: order.status, status: to }), {
      status: said("order.cannotBecome", { fromStatus: order.status, status: to }),
    });
  if (capacity !== Role.ADMIN && !allowedRoles.includes(capacity)) {
    return forbidden(said(allowedRoles.includes(SELLER) ? "order.onlySellerSets" : "order.onlyBuyerSets", { status: to }));
  }
  if (money === "settled" && PURCHASE_EXCLUDED_STATUSES.includes(to)) return conflict(SETTLED);
  if (awaitsOnlinePayment(order, to)) {
    return badInput(said(order.paymentMethod === PaymentMethod.CARD ? "order.cardNotPaid" : "order.walletNotPaid"), {
      status: said("order.waitForPayment"),
    });
  }
  return meetupNotDue(order, to, now);
}

/** What the caller may set next on this order (empty for a stranger or a finished order). */
export function allowedTransitions(order: OrderState, caller: AuthUser | null, now: Date, money: OrderMoney): OrderStatus[] {
  return (Object.keys(transitionsOf(order)[order.status]) as OrderStatus[]).filter((to) => !refusal(order, to, caller, now, money));
}
