import type { EntityManager } from "typeorm";
import type { Clock } from "../../platform/clock";
import type { EventBus } from "../../platform/events";
import { Offer, OfferStatus } from "../conversations/entity";
import { formatMeetupTime } from "../meetups/points";
import { NotificationKind } from "../notifications/entity";
import type { NotificationsService } from "../notifications/service";
import { Reservation, ReservationStatus } from "./entity";
import "./events";

const productPath = (productId: string) => `/shop/${productId}`;

/** How long before a reservation lapses its buyer is reminded. */
export const REMIND_BEFORE_MS = 3_600_000;

type Named = Reservation & { productName: string; buyerName: string };

/**
 * The time-driven side of reservations, run by scheduled jobs on the clock's time: the buyer's
 * reminder an hour before the end, and the lapse that gives the unit back. Each is one
 * conditional statement, so a second run (or a checkout that used the reservation) leaves nothing to do.
 */
export class ReservationsService {
  constructor(
    private readonly events: EventBus,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
  ) {}

  /** The `reservations.remind` job: the buyer of each reservation ending within the hour hears it, once. */
  async remindDue(manager: EntityManager): Promise<number> {
    const now = this.clock.now();
    const reminded = await this.update(
      manager,
      `"remindedAt" = $1`,
      `r."remindedAt" IS NULL AND r."expiresAt" > $1 AND r."expiresAt" <= $1::timestamptz + make_interval(secs => $2)`,
      [now, REMIND_BEFORE_MS / 1000],
    );
    for (const r of reminded) {
      const text = `Your reservation of "${r.productName}" ends at ${formatMeetupTime(r.expiresAt)}: buy it before then, or it goes back on sale.`;
      await this.notifications.notify(r.buyerId, { kind: NotificationKind.OFFER, text, link: productPath(r.productId) }, manager);
    }
    return reminded.length;
  }

  /**
   * The `reservations.lapse` job: every active reservation past its end lapses, its unit is free
   * again, its accepted offer expires, and both parties are told.
   */
  async lapseDue(manager: EntityManager): Promise<number> {
    const now = this.clock.now();
    const lapsed = await this.update(manager, `status = '${ReservationStatus.LAPSED}', "endedAt" = $1`, `r."expiresAt" <= $1`, [now]);
    for (const r of lapsed) {
      const [expired]: [Offer[], number] = await manager.query(`UPDATE offers SET status = $2 WHERE id = $1 AND status = $3 RETURNING *`, [
        r.offerId,
        OfferStatus.EXPIRED,
        OfferStatus.ACCEPTED,
      ]);
      for (const offer of expired)
        await this.events.publish(manager, "offer.changed", { offer: await manager.findOneByOrFail(Offer, { id: offer.id }) });
      const link = productPath(r.productId);
      await this.notifications.notify(
        r.buyerId,
        {
          kind: NotificationKind.OFFER,
          text: `Your reservation of "${r.productName}" has lapsed: it is for sale to everyone again.`,
          link,
        },
        manager,
      );
      await this.notifications.notify(
        r.sellerId,
        {
          kind: NotificationKind.OFFER,
          text: `${r.buyerName}'s reservation of "${r.productName}" has lapsed: it is for sale again.`,
          link,
        },
        manager,
      );
      await this.events.publish(manager, "reservation.changed", { reservation: r });
    }
    return lapsed.length;
  }

  /** Sets `set` on the active reservations matching `where` (alias r), answering them with the product's and buyer's names. */
  private async update(manager: EntityManager, set: string, where: string, params: unknown[]): Promise<Named[]> {
    const [rows]: [Named[], number] = await manager.query(
      `UPDATE reservations r SET ${set} FROM products p, users u
        WHERE p.id = r."productId" AND u.id = r."buyerId" AND r.status = '${ReservationStatus.ACTIVE}' AND ${where}
        RETURNING r.*, p.name AS "productName", u.username AS "buyerName"`,
      params,
    );
    return rows;
  }
}
