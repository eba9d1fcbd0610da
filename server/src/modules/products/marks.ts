import type { EntityManager } from "typeorm";
import { Product } from "./entity";

/**
 * The marks other modules' rules put on listings, each in the caller's transaction: an admin's
 * hiding and a held listing's decision (moderation), a suspended seller's listings (moderation), the
 * ratings their reviews add up to (reviews). The products module owns the rows; these are its doors.
 */

/** An admin hides the listing (`at`), or shows it again (null), which also ends a hold for review. */
export async function setListingHidden(manager: EntityManager, productId: string, at: Date | null): Promise<void> {
  await manager.update(Product, { id: productId }, at ? { hiddenAt: at } : { hiddenAt: null, heldReason: null });
}

/** An admin keeps a listing held for review hidden: the hold ends (it leaves the held list), the hiding stays. */
export async function endHoldKeepHidden(manager: EntityManager, productId: string): Promise<void> {
  await manager.update(Product, { id: productId }, { heldReason: null });
}

/** Every listing of the seller is hidden while they are suspended, and back when the suspension is lifted. */
export async function setSellerSuspended(manager: EntityManager, sellerId: string, suspended: boolean): Promise<void> {
  await manager.update(Product, { sellerId }, { sellerSuspended: suspended });
}

/** Each listing's rating as its reviews add up to (an average rounded to 2 places, 0 with no review). */
export async function setRatings(
  manager: EntityManager,
  ratings: Array<{ productId: string; average: number; count: number }>,
): Promise<void> {
  if (!ratings.length) return;
  await manager.query(
    `UPDATE products p SET "ratingAverage" = r.average, "ratingCount" = r.count
       FROM unnest($1::uuid[], $2::numeric[], $3::int[]) AS r(id, average, count) WHERE p.id = r.id`,
    [ratings.map((r) => r.productId), ratings.map((r) => r.average), ratings.map((r) => r.count)],
  );
}
