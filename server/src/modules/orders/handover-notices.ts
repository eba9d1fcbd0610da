import type { EntityManager } from "typeorm";
import type { Phrase } from "../../platform/i18n";
import { NotificationKind, type NotificationsService } from "../notifications";
import { HandoverState, Order, OrderStatus } from "./entity";
import type { OrderHandoverConfirmed, OrderHandoverObjected, OrderStatusChanged } from "./events";

const orderPath = (orderId: string) => `/orders/${orderId}`;

/** The bell for handovers, in the order's transaction: the buyer is asked to confirm, the seller hears the answer. */
export class HandoverNotices {
  constructor(private readonly notifications: NotificationsService) {}

  /** A completed order: the buyer hears it was confirmed with their code, or is asked to confirm or object (nothing when a dispute's decision completed it). */
  async completed({ order, to, actor }: OrderStatusChanged, manager: EntityManager): Promise<void> {
    if (to !== OrderStatus.COMPLETED || !order.buyerId) return;
    const now = await manager.findOneByOrFail(Order, { id: order.id });
    // an order a dispute's decision completed had no handover: the decision's notice says it all
    if (!now.handoverState) return;
    const message: Phrase =
      now.handoverState === HandoverState.AWAITING_BUYER
        ? {
            key: "order.deliveredAsk",
            params: { seller: actor.username, order: order.orderNumber, dueAt: now.handoverDueAt!.toISOString() },
          }
        : { key: "order.handedOverCode", params: { order: order.orderNumber } };
    await this.notifications.notify(order.buyerId, { kind: NotificationKind.ORDER_STATUS, message, link: orderPath(order.id) }, manager);
  }

  /** The seller hears that the buyer confirmed, or that the deadline did; a code confirmation they made themselves. */
  async confirmed({ order, how }: OrderHandoverConfirmed, manager: EntityManager): Promise<void> {
    if (how === "code") return;
    const message: Phrase = { key: how === "buyer" ? "order.buyerConfirmed" : "order.autoConfirmed", params: { order: order.orderNumber } };
    for (const recipientId of how === "auto" ? [order.sellerId, order.buyerId] : [order.sellerId]) {
      if (recipientId)
        await this.notifications.notify(recipientId, { kind: NotificationKind.ORDER_STATUS, message, link: orderPath(order.id) }, manager);
    }
  }

  /** The seller hears the buyer's objection and its reason. */
  async objected({ order, buyer, reason }: OrderHandoverObjected, manager: EntityManager): Promise<void> {
    if (!order.sellerId) return;
    const message: Phrase = { key: "order.objected", params: { buyer: buyer.username, order: order.orderNumber, reason } };
    await this.notifications.notify(order.sellerId, { kind: NotificationKind.ORDER_STATUS, message, link: orderPath(order.id) }, manager);
  }
}
