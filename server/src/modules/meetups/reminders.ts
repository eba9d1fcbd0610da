import type { EntityManager } from "typeorm";
import type { Clock } from "../../platform/clock";
import { HANDOVER_EARLY_MINUTES, MeetupState, OrderStatus } from "../../platform/shared/order-statuses";
import { NotificationKind, type NotificationsService } from "../notifications";
import { meetupPoint } from "./points";

/** How long before an agreed meetup both sides are reminded. */
export const MEETUP_REMINDER_MINUTES = 60;

type DueMeetup = {
  id: string;
  orderNumber: number;
  meetupPoint: string | null;
  meetupAt: Date | null;
  buyerId: string | null;
  sellerId: string | null;
};

/** Orders whose meetup is over or off are not reminded. */
const ENDED: readonly OrderStatus[] = [OrderStatus.COMPLETED, OrderStatus.REJECTED, OrderStatus.CANCELLED];

/**
 * Meetup reminders: every minute, each confirmed meetup starting within the hour (on the clock)
 * reminds its buyer and seller (bell, and push through MEETUPS), once per order and meetup time: a
 * `meetup_reminders` row is taken first, so a second run, or a second process, finds it and does
 * nothing; a meetup moved to another time is reminded again.
 */
export class MeetupReminders {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
  ) {}

  async remindDue(manager: EntityManager): Promise<number> {
    const now = this.clock.now();
    const taken: Array<{ orderId: string }> = await manager.query(
      `INSERT INTO meetup_reminders ("orderId", "meetupAt")
       SELECT id, "meetupAt" FROM orders
        WHERE "meetupState" = $1 AND NOT (status = ANY($2)) AND "meetupAt" > $3 AND "meetupAt" <= $3::timestamptz + make_interval(mins => $4)
       ON CONFLICT DO NOTHING RETURNING "orderId"`,
      [MeetupState.CONFIRMED, ENDED, now, MEETUP_REMINDER_MINUTES],
    );
    // the orders' own columns a reminder names (read here, never written)
    const due: DueMeetup[] = await manager.query(
      `SELECT id, "orderNumber", "meetupPoint", "meetupAt", "buyerId", "sellerId" FROM orders WHERE id = ANY($1::uuid[])`,
      [taken.map((t) => t.orderId)],
    );
    await this.notifications.notifyMany(
      due.flatMap((order) => {
        const where = meetupPoint(order.meetupPoint ?? "")?.label ?? order.meetupPoint;
        const params = {
          order: order.orderNumber,
          meetupAt: order.meetupAt!.toISOString(),
          place: where ?? "",
          minutes: HANDOVER_EARLY_MINUTES,
        };
        // each side hears its part of the handover: the buyer shows the code, the seller enters it
        const sides = [
          [order.buyerId, "meetup.soonBuyer"],
          [order.sellerId, "meetup.soonSeller"],
        ] as const;
        // a party whose account was deleted is not reminded
        return sides.flatMap(([recipientId, key]) =>
          recipientId
            ? [{ recipientId, kind: NotificationKind.MEETUP_REMINDER, message: { key, params }, link: `/orders/${order.id}` }]
            : [],
        );
      }),
      manager,
    );
    return due.length;
  }
}
