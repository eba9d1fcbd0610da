import type { EntityManager } from "typeorm";
import { z } from "zod";
import { said } from "../../platform/i18n/errors";
import { OFFER_DEFAULT_HOURS, offerExpiryRule, priceRule } from "@unibazaar/rules";
import type { EventBus } from "../../platform/events";
import { conflict } from "../../platform/shared/errors";
import { idRule } from "../../platform/shared/validation";
import { Offer, OfferStatus } from "./entity";

/** Offers are the rules of the conversations service; this file holds their inputs, views and the checkout's side. */

const expiryRule = offerExpiryRule.nullish().transform((hours) => hours ?? OFFER_DEFAULT_HOURS);

export const makeOfferSchema = z.object({
  conversationId: idRule("Choose a conversation."),
  amount: priceRule("Offer"),
  expiresInHours: expiryRule,
});

export const counterOfferSchema = z.object({ offerId: idRule("Choose an offer."), amount: priceRule("Offer"), expiresInHours: expiryRule });

export type OfferView = Pick<
  Offer,
  "id" | "conversationId" | "productId" | "buyerId" | "sellerId" | "madeById" | "amountPaisa" | "expiresAt" | "respondedAt" | "createdAt"
> & { status: OfferStatus };

/**
 * A PENDING or ACCEPTED offer past its expiry reads as EXPIRED at `now` (the clock's time), also
 * before the `offers.expire` job has rewritten it.
 */
export function offerStatus(offer: Pick<Offer, "status" | "expiresAt">, now: Date): OfferStatus {
  const open = offer.status === OfferStatus.PENDING || offer.status === OfferStatus.ACCEPTED;
  return open && offer.expiresAt <= now ? OfferStatus.EXPIRED : offer.status;
}

export const toOfferView = (offer: Offer, now: Date): OfferView => ({
  id: offer.id,
  conversationId: offer.conversationId,
  productId: offer.productId,
  buyerId: offer.buyerId,
  sellerId: offer.sellerId,
  madeById: offer.madeById,
  amountPaisa: offer.amountPaisa,
  expiresAt: offer.expiresAt,
  respondedAt: offer.respondedAt,
  createdAt: offer.createdAt,
  status: offerStatus(offer, now),
});

export type UsableOffer = { id: string; productId: string; amountPaisa: number };

/**
 * The buyer's accepted, unexpired, unused offer per product (the latest accepted when there are
 * several) at `now`, the clock's time: what the checkout prices one unit at.
 */
export async function usableOffers(
  manager: EntityManager,
  buyerId: string,
  productIds: string[],
  now: Date,
): Promise<Map<string, UsableOffer>> {
  if (!productIds.length) return new Map();
  const rows: Array<{ id: string; productId: string; amountPaisa: string }> = await manager.query(
    `SELECT DISTINCT ON ("productId") id, "productId", "amountPaisa" FROM offers
      WHERE "buyerId" = $1 AND "productId" = ANY($2::uuid[]) AND status = $3 AND "expiresAt" > $4::timestamptz
      ORDER BY "productId", "respondedAt" DESC`,
    [buyerId, productIds, OfferStatus.ACCEPTED, now],
  );
  return new Map(rows.map((r) => [r.productId, { id: r.id, productId: r.productId, amountPaisa: Number(r.amountPaisa) }]));
}

/**
 * Marks the offers a checkout priced as USED, inside its transaction. The conditional UPDATE
 * waits for a concurrent checkout's row lock and re-checks, so an offer is charged exactly once:
 * the loser rolls back. A cancelled or rejected order does not give the offer back: the seller
 * agreed to one sale at that price, and the buyer can make a new offer in the conversation.
 */
export async function markOffersUsed(
  manager: EntityManager,
  uses: Array<{ offerId: string; orderId: string }>,
  now: Date,
): Promise<string[]> {
  if (!uses.length) return [];
  // an UPDATE answers [rows, count] through TypeORM
  const [rows]: [Array<{ id: string }>, number] = await manager.query(
    `UPDATE offers o SET status = $1, "usedOrderId" = u."orderId", "respondedAt" = now()
       FROM unnest($2::uuid[], $3::uuid[]) AS u("offerId", "orderId")
      WHERE o.id = u."offerId" AND o.status = $4 AND o."expiresAt" > $5::timestamptz
      RETURNING o.id`,
    [OfferStatus.USED, uses.map((u) => u.offerId), uses.map((u) => u.orderId), OfferStatus.ACCEPTED, now],
  );
  if (rows.length < uses.length) throw conflict(said("checkout.offerUsed"));
  return rows.map((r) => r.id);
}

/**
 * The reservation an accepted offer held ended unused (it lapsed or was let go): the offer expires,
 * in the caller's transaction, and both parties' subscriptions hear it (`offer.changed`). An offer
 * no longer accepted (used, or already expired) is left as it is.
 */
export async function expireAcceptedOffer(manager: EntityManager, events: EventBus, offerId: string): Promise<void> {
  const [expired]: [Array<{ id: string }>, number] = await manager.query(
    `UPDATE offers SET status = $2 WHERE id = $1 AND status = $3 RETURNING id`,
    [offerId, OfferStatus.EXPIRED, OfferStatus.ACCEPTED],
  );
  for (const offer of expired)
    await events.publish(manager, "offer.changed", { offer: await manager.findOneByOrFail(Offer, { id: offer.id }) });
}
