import type { DataSource, EntityManager } from "typeorm";
import { z } from "zod";
import { said } from "../../platform/i18n/errors";
import type { AuthUser } from "../../platform/auth/roles";
import type { Clock } from "../../platform/clock";
import type { EventBus } from "../../platform/events";
import type { Phrase } from "../../platform/i18n";
import { forbidden, notFound } from "../../platform/shared/errors";
import { idRule, parseInput } from "../../platform/shared/validation";
import { expireAcceptedOffer } from "../conversations";
import { NotificationKind, type NotificationsService } from "../notifications";
import { Reservation, ReservationStatus } from "./entity";
import "./events";

const productPath = (productId: string) => `/shop/${productId}`;

/** How long before a reservation lapses its buyer is reminded. */
export const REMIND_BEFORE_MS = 3_600_000;

type Named = Reservation & { productName: string; buyerName: string };

const releaseSchema = z.object({ productId: idRule("Choose a listing."), buyerId: idRule("Choose a buyer.").nullish() });

/**
 * The time-driven side of reservations, run by scheduled jobs on the clock's time: the buyer's
 * reminder an hour before the end, and the lapse that gives the unit back. Each is one
 * conditional statement, so a second run (or a checkout that used the reservation) leaves nothing to do.
 */
export class ReservationsService {
  constructor(
    private readonly dataSource: DataSource,
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
      const message: Phrase = { key: "reservation.ending", params: { product: r.productName, endsAt: r.expiresAt.toISOString() } };
      await this.notifications.notify(r.buyerId, { kind: NotificationKind.OFFER, message, link: productPath(r.productId) }, manager);
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
      await this.ended(manager, r);
      const link = productPath(r.productId);
      await this.notifications.notify(
        r.buyerId,
        {
          kind: NotificationKind.OFFER,
          message: { key: "reservation.lapsed", params: { product: r.productName } },
          link,
        },
        manager,
      );
      await this.notifications.notify(
        r.sellerId,
        {
          kind: NotificationKind.OFFER,
          message: { key: "reservation.lapsedSeller", params: { buyer: r.buyerName, product: r.productName } },
          link,
        },
        manager,
      );
    }
    return lapsed.length;
  }

  /**
   * Lets an active reservation go before its end: its buyer lets their own go (no `buyerId`), the
   * listing's seller a buyer's (`buyerId`). The unit is for sale at once, the accepted price ends,
   * and the other party is told. Anyone else is refused and nothing changes.
   */
  async release(caller: AuthUser, input: { productId: string; buyerId?: string | null }): Promise<void> {
    const v = parseInput(releaseSchema, input);
    const { productId } = v;
    const buyerId = v.buyerId ?? caller.id;
    await this.dataSource.transaction(async (manager) => {
      const [released] = await this.update(
        manager,
        `status = '${ReservationStatus.RELEASED}', "endedAt" = $1`,
        `r."productId" = $2 AND r."buyerId" = $3 AND $4 IN (r."buyerId", r."sellerId")`,
        [this.clock.now(), productId, buyerId, caller.id],
      );
      if (!released) {
        const held = await manager.existsBy(Reservation, { productId, buyerId, status: ReservationStatus.ACTIVE });
        throw held ? forbidden(said("reservation.onlyParties")) : notFound(said("reservation.notInForce"));
      }
      await this.ended(manager, released);
      const byBuyer = caller.id === released.buyerId;
      await this.notifications.notify(
        byBuyer ? released.sellerId : released.buyerId,
        {
          kind: NotificationKind.OFFER,
          message: byBuyer
            ? { key: "reservation.releasedByBuyer", params: { buyer: released.buyerName, product: released.productName } }
            : { key: "reservation.releasedBySeller", params: { product: released.productName } },
          link: productPath(released.productId),
        },
        manager,
      );
    });
  }

  /** A reservation just ended unused: its accepted offer expires and the listing's free units change. */
  private async ended(manager: EntityManager, r: Reservation): Promise<void> {
    await expireAcceptedOffer(manager, this.events, r.offerId);
    await this.events.publish(manager, "reservation.changed", { reservation: r });
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
