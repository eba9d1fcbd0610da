import type { EntityManager } from "typeorm";
import { Role, type AuthUser } from "../../platform/auth/roles";
import { NotificationKind } from "../notifications/entity";
import type { NotificationsService } from "../notifications/service";
import { formatMeetupTime, meetupPoint } from "../meetups/points";
import { formatOrderNumber, MeetupParty, Order, OrderStatus } from "./entity";
import type { OrderMeetupChanged, OrderPlaced, OrderStatusChanged } from "./events";
import { meetupParty } from "./meetup";

/** The web's order page: buyers and sellers both open it. */
const orderPath = (orderId: string) => `/orders/${orderId}`;

/** What a status change tells the other party: the buyer hears their order's new status, the seller who changed it. */
function statusNotice(orderNumber: number, to: OrderStatus, actor: AuthUser | null): string {
  const number = formatOrderNumber(orderNumber);
  const who = actor?.role === Role.ADMIN ? "An admin" : actor?.username;
  if (actor && to === OrderStatus.CANCELLED) return `${who} cancelled order ${number}.`;
  if (actor) return `${who} set order ${number} to ${to}.`;
  return `Your order ${number} is now ${to}.`;
}

/** What the cancellation of an online order that was not paid in time tells its buyer and its seller. */
function unpaidNotice(orderNumber: number, toBuyer: boolean): string {
  const number = formatOrderNumber(orderNumber);
  return toBuyer
    ? `Order ${number} was not paid in time, so it is cancelled and its items are back on sale. Order again to buy them.`
    : `Order ${number} was cancelled: the buyer did not pay in time. Its items are back on sale.`;
}

/** The bell for orders, subscribed in the order's transaction: a notice commits with its change or not at all. */
export class OrderNotices {
  constructor(private readonly notifications: NotificationsService) {}

  /** Each seller of a new checkout hears of their order. */
  async placed({ checkoutSessionId, buyer }: OrderPlaced, manager: EntityManager): Promise<void> {
    for (const order of await manager.findBy(Order, { checkoutSessionId })) {
      if (!order.sellerId) continue;
      const text = `New order ${formatOrderNumber(order.orderNumber)} from ${buyer.username}.`;
      await this.notifications.notify(order.sellerId, { kind: NotificationKind.ORDER_PLACED, text, link: orderPath(order.id) }, manager);
    }
  }

  /** The buyer and the seller hear of a status change, except whoever made it. */
  async statusChanged({ order, to, actor, reason }: OrderStatusChanged, manager: EntityManager): Promise<void> {
    for (const recipientId of [order.buyerId, order.sellerId]) {
      if (!recipientId || recipientId === actor.id) continue;
      // the buyer's notice of a completion is the handover's (handover-notices.ts)
      if (recipientId === order.buyerId && to === OrderStatus.COMPLETED) continue;
      const text =
        reason === "unpaid"
          ? unpaidNotice(order.orderNumber, recipientId === order.buyerId)
          : statusNotice(order.orderNumber, to, recipientId === order.buyerId ? null : actor);
      await this.notifications.notify(recipientId, { kind: NotificationKind.ORDER_STATUS, text, link: orderPath(order.id) }, manager);
    }
  }

  /** The other side of a meetup order hears what the actor did to its meetup, with the point and time. */
  async meetupChanged({ order, actor, change }: OrderMeetupChanged, manager: EntityManager): Promise<void> {
    const party = meetupParty(order, actor);
    const recipientId = party === MeetupParty.BUYER ? order.sellerId : party === MeetupParty.SELLER ? order.buyerId : null;
    if (!recipientId) return;
    const where = meetupPoint(order.meetupPoint ?? "")?.label ?? order.meetupPoint;
    const did = change === "proposed" ? "proposed a new meetup" : "confirmed the meetup";
    const text = `${actor.username} ${did} for order ${formatOrderNumber(order.orderNumber)}: ${where}, ${formatMeetupTime(order.meetupAt!)}.`;
    await this.notifications.notify(recipientId, { kind: NotificationKind.ORDER_STATUS, text, link: orderPath(order.id) }, manager);
  }
}
