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

/** A party proposed a new meetup point and time, or confirmed the other's; `order` is as it is now. */
export type OrderMeetupChanged = { order: Order; actor: AuthUser; change: "proposed" | "confirmed" };

declare module "../../platform/events" {
  interface DomainEvents {
    "order.placed": OrderPlaced;
    "order.status-changed": OrderStatusChanged;
    "order.meetup-changed": OrderMeetupChanged;
  }
}
