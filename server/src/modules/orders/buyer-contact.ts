import { Role, type AuthUser } from "../../platform/auth/roles";
import { OrderStatus } from "./entity";

/** The statuses in which the seller has taken the order on: only then does the deal need the buyer's phone. */
const SELLER_SEES_PHONE = new Set([OrderStatus.CONFIRMED, OrderStatus.PROCESSING, OrderStatus.SHIPPED, OrderStatus.COMPLETED]);

/** The buyer themselves or an admin: they see all of the buyer's contact data. */
const buyerOrAdmin = (buyerId: string | null, viewer: AuthUser | null) =>
  viewer !== null && (viewer.id === buyerId || viewer.role === Role.ADMIN);

/**
 * The buyer's phone on an order as `viewer` may see it, for GraphQL and REST alike: the buyer and
 * admins always; anyone else (the seller) only once the order is confirmed, else null.
 */
export function buyerPhoneFor(order: { buyerId: string | null; status: OrderStatus; contactNumber: string }, viewer: AuthUser | null) {
  return buyerOrAdmin(order.buyerId, viewer) || SELLER_SEES_PHONE.has(order.status) ? order.contactNumber : null;
}

/** The buyer's e-mail as `viewer` may see it: the buyer and admins only, never the seller. */
export function buyerEmailFor(buyer: { id: string; email: string }, viewer: AuthUser | null): string | null {
  return buyerOrAdmin(buyer.id, viewer) ? buyer.email : null;
}
