import type { EntityManager } from "typeorm";
import { NotificationKind } from "../notifications/entity";
import type { NotificationsService } from "../notifications/service";
import { formatMeetupTime } from "../meetups/points";
import { formatOrderNumber, HandoverState, Order, OrderStatus } from "./entity";
import type { OrderHandoverConfirmed, OrderHandoverObjected, OrderStatusChanged } from "./events";

const orderPath = (orderId: string) => `/orders/${orderId}`;

/** The bell for handovers, in the order's transaction: the buyer is asked to confirm, the seller hears the answer. */
export class HandoverNotices {
  constructor(private readonly notifications: NotificationsService) {}

  /** A completed order: the buyer hears it was confirmed with their code, or is asked to confirm or object (nothing when a dispute's decision completed it). */
  async completed({ order, to, actor }: OrderStatusChanged, manager: EntityManager): Promise<void> {
    if (to !== OrderStatus.COMPLETED || !order.buyerId) return;
    const now = await manager.findOneByOrFail(Order, { id: order.id });
    const number = formatOrderNumber(order.orderNumber);
    // an order a dispute's decision completed had no handover: the decision's notice says it all
    if (!now.handoverState) return;
    const text =
      now.handoverState === HandoverState.AWAITING_BUYER
        ? `${actor.username} marked order ${number} delivered. Did you get it? Confirm, or object if something is wrong, by ${formatMeetupTime(now.handoverDueAt!)}; after that it is confirmed for you.`
        : `Order ${number} was handed over: confirmed with your code.`;
    await this.notifications.notify(order.buyerId, { kind: NotificationKind.ORDER_STATUS, text, link: orderPath(order.id) }, manager);
  }

  /** The seller hears that the buyer confirmed, or that the deadline did; a code confirmation they made themselves. */
  async confirmed({ order, how }: OrderHandoverConfirmed, manager: EntityManager): Promise<void> {
    if (how === "code") return;
    const number = formatOrderNumber(order.orderNumber);
    const text =
      how === "buyer"
        ? `The buyer confirmed receiving order ${number}.`
        : `Order ${number} is confirmed: the buyer did not object within 48 hours.`;
    for (const recipientId of how === "auto" ? [order.sellerId, order.buyerId] : [order.sellerId]) {
      if (recipientId)
        await this.notifications.notify(recipientId, { kind: NotificationKind.ORDER_STATUS, text, link: orderPath(order.id) }, manager);
    }
  }

  /** The seller hears the buyer's objection and its reason. */
  async objected({ order, buyer, reason }: OrderHandoverObjected, manager: EntityManager): Promise<void> {
    if (!order.sellerId) return;
    const text = `${buyer.username} objects to the handover of order ${formatOrderNumber(order.orderNumber)}: "${reason}"`;
    await this.notifications.notify(order.sellerId, { kind: NotificationKind.ORDER_STATUS, text, link: orderPath(order.id) }, manager);
  }
}
