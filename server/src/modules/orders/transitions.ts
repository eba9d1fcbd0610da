import { badInput, forbidden, type AppError } from "../../platform/shared/errors";
import { OrderStatus, PaymentMethod, PaymentStatus, type Order } from "./entity";
import { Role, type AuthUser } from "../../platform/auth/roles";

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

/** Orders that count as a purchase: everything but refused and cancelled ones. */
export const PURCHASE_EXCLUDED_STATUSES: readonly OrderStatus[] = [REJECTED, CANCELLED];

/** Orders a seller has taken on: they count as sales, revenue and earnings. */
export const ACCEPTED_STATUSES: readonly OrderStatus[] = [CONFIRMED, PROCESSING, SHIPPED, COMPLETED];

type OrderState = Pick<Order, "status" | "buyerId" | "sellerId" | "paymentMethod" | "paymentStatus">;

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

// money first: a seller does not accept a card order the buyer has not paid for
const awaitsCardPayment = (order: OrderState, to: OrderStatus) =>
  to === CONFIRMED && order.paymentMethod === PaymentMethod.CARD && order.paymentStatus === PaymentStatus.UNPAID;

/** Why the caller may not set `to` on this order, or null when they may. */
export function refusal(order: OrderState, to: OrderStatus, caller: AuthUser | null): AppError | null {
  const capacity = capacityOn(order, caller);
  if (!capacity) return forbidden("You can only manage your own orders.");
  if (order.status === to) return badInput(`The order is already ${to}.`, { status: `The order is already ${to}.` });
  const allowedRoles = TRANSITIONS[order.status][to];
  if (!allowedRoles)
    return badInput(`An order that is ${order.status} cannot become ${to}.`, { status: `Not allowed from ${order.status}.` });
  if (capacity !== Role.ADMIN && !allowedRoles.includes(capacity)) {
    return forbidden(`Only the ${allowedRoles.includes(SELLER) ? "seller" : "buyer"} can set this order to ${to}.`);
  }
  if (awaitsCardPayment(order, to)) return badInput("This card order is not paid yet.", { status: "Wait until the buyer has paid." });
  return null;
}

/** What the caller may set next on this order (empty for a stranger or a finished order). */
export function allowedTransitions(order: OrderState, caller: AuthUser | null): OrderStatus[] {
  return (Object.keys(TRANSITIONS[order.status]) as OrderStatus[]).filter((to) => !refusal(order, to, caller));
}
