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

/**
 * An order moved along its lifecycle; `order` is as it was before the change. `reason` "unpaid": the
 * platform cancelled an online order that was not paid in time (`actor` is then the platform, no user).
 */
export type OrderStatusChanged = { order: Order; to: OrderStatus; actor: AuthUser; reason?: "unpaid" };

/** A party proposed a new meetup point and time, or confirmed the other's; `order` is as it is now. */
export type OrderMeetupChanged = { order: Order; actor: AuthUser; change: "proposed" | "confirmed" };

/** How a handover was confirmed: the buyer's code typed or scanned by the seller, the buyer's own confirmation, or the automatic confirmation when the buyer neither confirmed nor objected in time. */
export type HandoverConfirmation = "code" | "buyer" | "auto";

/** The buyer has the goods (an order completed and its handover confirmed); `order` is as it is now. */
export type OrderHandoverConfirmed = { order: Order; how: HandoverConfirmation };

/** The buyer says a handover the seller recorded did not happen as it should; `order` is as it is now. */
export type OrderHandoverObjected = { order: Order; buyer: AuthUser; reason: string };

declare module "../../platform/events" {
  interface DomainEvents {
    "order.placed": OrderPlaced;
    "order.status-changed": OrderStatusChanged;
    "order.meetup-changed": OrderMeetupChanged;
    "order.handover-confirmed": OrderHandoverConfirmed;
    "order.handover-objected": OrderHandoverObjected;
  }
}
