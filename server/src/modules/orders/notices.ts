import type { EntityManager } from "typeorm";
import { Role, type AuthUser } from "../../platform/auth/roles";
import type { Phrase } from "../../platform/i18n";
import { NotificationKind, type NotificationsService } from "../notifications";
import { meetupPoint } from "../meetups";
import { MeetupParty, Order, OrderStatus } from "./entity";
import type { OrderMeetupChanged, OrderPlaced, OrderStatusChanged } from "./events";
import { meetupParty } from "./meetup";

/** The web's order page: buyers and sellers both open it. */
const orderPath = (orderId: string) => `/orders/${orderId}`;

/** What a status change tells the other party: the buyer hears their order's new status, the seller who changed it. */
function statusNotice(order: number, to: OrderStatus, actor: AuthUser | null): Phrase {
  const admin = actor?.role === Role.ADMIN;
  const who = actor?.username ?? "";
  if (actor && to === OrderStatus.CANCELLED)
    return admin ? { key: "order.cancelledByAdmin", params: { order } } : { key: "order.cancelledBy", params: { who, order } };
  if (actor)
    return admin ? { key: "order.setByAdmin", params: { order, status: to } } : { key: "order.setBy", params: { who, order, status: to } };
  return { key: "order.nowStatus", params: { order, status: to } };
}

/** What the cancellation of an online order that was not paid in time tells its buyer and its seller. */
function unpaidNotice(order: number, toBuyer: boolean): Phrase {
  return { key: toBuyer ? "order.unpaidBuyer" : "order.unpaidSeller", params: { order } };
}

/** The bell for orders, subscribed in the order's transaction: a notice commits with its change or not at all. */
export class OrderNotices {
  constructor(private readonly notifications: NotificationsService) {}

  /** Each seller of a new checkout hears of their order. */
  async placed({ checkoutSessionId, buyer }: OrderPlaced, manager: EntityManager): Promise<void> {
    for (const order of await manager.findBy(Order, { checkoutSessionId })) {
      if (!order.sellerId) continue;
      const message: Phrase = { key: "order.placed", params: { order: order.orderNumber, buyer: buyer.username } };
      await this.notifications.notify(order.sellerId, { kind: NotificationKind.ORDER_PLACED, message, link: orderPath(order.id) }, manager);
    }
  }

  /** The buyer and the seller hear of a status change, except whoever made it. */
  async statusChanged({ order, to, actor, reason }: OrderStatusChanged, manager: EntityManager): Promise<void> {
    for (const recipientId of [order.buyerId, order.sellerId]) {
      if (!recipientId || recipientId === actor.id) continue;
      // the buyer's notice of a completion is the handover's (handover-notices.ts)
      if (recipientId === order.buyerId && to === OrderStatus.COMPLETED) continue;
      const message =
        reason === "unpaid"
          ? unpaidNotice(order.orderNumber, recipientId === order.buyerId)
          : statusNotice(order.orderNumber, to, recipientId === order.buyerId ? null : actor);
      await this.notifications.notify(recipientId, { kind: NotificationKind.ORDER_STATUS, message, link: orderPath(order.id) }, manager);
    }
  }

  /** The other side of a meetup order hears what the actor did to its meetup, with the point and time. */
  async meetupChanged({ order, actor, change }: OrderMeetupChanged, manager: EntityManager): Promise<void> {
    const party = meetupParty(order, actor);
    const recipientId = party === MeetupParty.BUYER ? order.sellerId : party === MeetupParty.SELLER ? order.buyerId : null;
    if (!recipientId) return;
    const where = meetupPoint(order.meetupPoint ?? "")?.label ?? order.meetupPoint;
    const message: Phrase = {
      key: change === "proposed" ? "order.meetupProposed" : "order.meetupConfirmed",
      params: { who: actor.username, order: order.orderNumber, place: where ?? "", meetupAt: order.meetupAt!.toISOString() },
    };
    await this.notifications.notify(recipientId, { kind: NotificationKind.ORDER_STATUS, message, link: orderPath(order.id) }, manager);
  }
}
