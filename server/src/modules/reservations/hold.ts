import type { EntityManager } from "typeorm";
import { MAX_RESERVATIONS_PER_BUYER } from "@unibazaar/rules";
import { said } from "../../platform/i18n/errors";
import type { EventBus } from "../../platform/events";
import { conflict } from "../../platform/shared/errors";
import type { Offer } from "../conversations";
import { Reservation, ReservationStatus } from "./entity";
import "./events";

/**
 * In the transaction accepting `offer`: holds one unit of its listing for its buyer for `hours`
 * from `now` (the negotiation makes the accepted price last as long). The listing row is locked first, so an accept
 * and a checkout of its last free unit queue; a lock per buyer keeps two accepts at once from
 * passing the buyer's limit.
 */
export async function reserveForOffer(
  manager: EntityManager,
  events: EventBus,
  offer: Offer,
  hours: number,
  now: Date,
): Promise<Reservation> {
  const [product]: Array<{ quantityAvailable: number }> = await manager.query(
    `SELECT "quantityAvailable" FROM products WHERE id = $1 FOR UPDATE`,
    [offer.productId],
  );
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext('reservations:' || $1::text))`, [offer.buyerId]);
  const held: Array<{ productId: string }> = await manager.query(
    `SELECT "productId" FROM reservations WHERE "buyerId" = $1 AND status = $2`,
    [offer.buyerId, ReservationStatus.ACTIVE],
  );
  if (held.some((r) => r.productId === offer.productId)) throw conflict(said("reservation.alreadyHeld"));
  if (held.length >= MAX_RESERVATIONS_PER_BUYER) throw conflict(said("reservation.tooMany", { count: MAX_RESERVATIONS_PER_BUYER }));
  const [{ reserved }]: Array<{ reserved: number }> = await manager.query(
    `SELECT count(*)::int AS reserved FROM reservations WHERE "productId" = $1 AND status = $2`,
    [offer.productId, ReservationStatus.ACTIVE],
  );
  if (!product || product.quantityAvailable - reserved < 1) throw conflict(said("reservation.noneLeft"));

  const expiresAt = new Date(now.getTime() + hours * 3_600_000);
  const reservation = await manager.save(
    manager.create(Reservation, {
      offerId: offer.id,
      productId: offer.productId,
      buyerId: offer.buyerId,
      sellerId: offer.sellerId,
      expiresAt,
    }),
  );
  await events.publish(manager, "reservation.changed", { reservation });
  return reservation;
}

/**
 * In a checkout's transaction, before its units are taken: locks the listings (in id order, as the
 * unit taking does), refuses a line that needs units reserved for other buyers, and marks the
 * buyer's own reservations of these listings USED by this checkout. A reservation is in force until
 * its lapse is written (the scheduled job takes the same row lock), so a checkout and the lapse at
 * the same moment have one outcome: used, or lapsed before the checkout looked.
 */
export async function claimReservations(
  manager: EntityManager,
  events: EventBus,
  checkout: { id: string; buyerId: string },
  lines: Array<{ productId: string; quantity: number; name: string }>,
): Promise<void> {
  const productIds = [...new Set(lines.map((line) => line.productId))].sort();
  const products: Array<{ id: string; quantityAvailable: number }> = await manager.query(
    `SELECT id, "quantityAvailable" FROM products WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
    [productIds],
  );
  const others: Array<{ productId: string; reserved: number; until: Date }> = await manager.query(
    `SELECT "productId", count(*)::int AS reserved, min("expiresAt") AS until FROM reservations
      WHERE "productId" = ANY($1::uuid[]) AND status = $2 AND "buyerId" <> $3 GROUP BY "productId"`,
    [productIds, ReservationStatus.ACTIVE, checkout.buyerId],
  );
  for (const line of lines) {
    const held = others.find((r) => r.productId === line.productId);
    const stock = products.find((p) => p.id === line.productId);
    if (held && stock && stock.quantityAvailable - held.reserved < line.quantity)
      throw conflict(said("reservation.heldForAnother", { product: line.name, untilAt: new Date(held.until).toISOString() }));
  }
  const used: Reservation[] = (
    await manager.query(
      `UPDATE reservations SET status = $1, "checkoutSessionId" = $2, "endedAt" = now()
        WHERE "buyerId" = $3 AND "productId" = ANY($4::uuid[]) AND status = $5 RETURNING *`,
      [ReservationStatus.USED, checkout.id, checkout.buyerId, productIds, ReservationStatus.ACTIVE],
    )
  )[0];
  for (const reservation of used) await events.publish(manager, "reservation.changed", { reservation });
}
