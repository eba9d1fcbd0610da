import type { AuthUser } from "../../platform/auth/roles";
import type { Order, OrderStatus } from "./entity";

/** A checkout committed: one order per seller. */
export type OrderPlaced = {
  checkoutSessionId: string;
  buyer: AuthUser;
  productIds: string[];
  /** Some listing's last unit went with it. */
  soldOut: boolean;
  /** The accepted offers the checkout priced (now USED). */
  usedOfferIds: string[];
};

/** An order moved along its lifecycle; `order` is as it was before the change. */
export type OrderStatusChanged = { order: Order; to: OrderStatus; actor: AuthUser };

declare module "../../platform/events" {
  interface DomainEvents {
    "order.placed": OrderPlaced;
    "order.status-changed": OrderStatusChanged;
  }
}
