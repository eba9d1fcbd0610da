import type { DataSource, EntityManager } from "typeorm";
import { z } from "zod";
import { said } from "../../platform/i18n/errors";
import { forbidden, notFound } from "../../platform/shared/errors";
import { pageInput, toPage, type Page } from "../../platform/shared/pagination";
import { parseInput } from "../../platform/shared/validation";
import type { EventBus } from "../../platform/events";
import { isListed, Product, setRatings } from "../products";
import { PURCHASE_EXCLUDED_STATUSES } from "../orders";
import { idRule, isId, ruleSaid } from "../../platform/shared/validation";
import { Review } from "./entity";
import { Role, type AuthUser } from "../../platform/auth/roles";
import { stripBidi } from "@unibazaar/rules";

const postSchema = z.object({
  productId: idRule(ruleSaid("listing.chooseProduct")),
  rating: z
    .number({ error: ruleSaid("review.ratingRequired") })
    .int(ruleSaid("review.ratingWhole"))
    .min(1, ruleSaid("review.ratingRange", { min: 1, max: 5 }))
    .max(5, ruleSaid("review.ratingRange", { min: 1, max: 5 })),
  comment: z
    .string({ error: ruleSaid("review.commentRequired") })
    .overwrite(stripBidi)
    .trim()
    .min(1, ruleSaid("review.commentRequired"))
    .max(1000, ruleSaid("review.commentTooLong", { count: 1000 })),
});

export type ReviewInput = { productId: string; rating: number; comment: string };

export class ReviewsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventBus,
  ) {}

  /**
   * Posts the caller's review of a listed product, or updates it when they already reviewed it,
   * and refreshes the product's rating in the same transaction.
   */
  async post(input: ReviewInput, caller: AuthUser): Promise<Review> {
    const v = parseInput(postSchema, input);
    const review = await this.dataSource.transaction(async (manager) => {
      const product = await manager.findOneBy(Product, { id: v.productId });
      if (!product || !isListed(product)) throw notFound(said("listing.notFound"));
      if (product.sellerId === caller.id) throw forbidden(said("review.ownProduct"));
      const verifiedPurchase = await hasBought(manager, caller.id, product.id);
      // one review per user and product: a concurrent second post lands on the update branch
      const [{ id }] = await manager.query(
        `INSERT INTO reviews ("userId", "productId", rating, comment, "verifiedPurchase")
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT ("userId", "productId")
         DO UPDATE SET rating = EXCLUDED.rating, comment = EXCLUDED.comment, "verifiedPurchase" = EXCLUDED."verifiedPurchase", "updatedAt" = now()
         RETURNING id`,
        [caller.id, product.id, v.rating, v.comment, verifiedPurchase],
      );
      await this.recomputeRatings(manager, [product.id]);
      return manager.findOneByOrFail(Review, { id });
    });
    // the product's rating changed: cached catalogue answers show it
    await this.events.publish(this.dataSource.manager, "review.posted", { productId: v.productId });
    return review;
  }

  /** The caller's reviews, newest first. */
  async mine(caller: AuthUser, paging: { page?: number; pageSize?: number }): Promise<Page<Review>> {
    return this.ofUser(caller.id, caller, paging);
  }

  /** A user's reviews, newest first: for that user or an admin. */
  async ofUser(userId: string, caller: AuthUser, paging: { page?: number; pageSize?: number }): Promise<Page<Review>> {
    if (userId !== caller.id && caller.role !== Role.ADMIN) throw forbidden(said("review.onlyOwn"));
    const { page, pageSize } = parseInput(pageInput(20), paging);
    // an id that is no uuid names nobody: an empty page, not a database error
    if (!isId(userId)) return toPage([], 0, page, pageSize);
    const [items, totalItems] = await this.dataSource.getRepository(Review).findAndCount({
      where: { userId },
      order: { createdAt: "DESC", id: "DESC" },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    return toPage(items, totalItems, page, pageSize);
  }

  /** The caller's review of one product (to edit it), or null when signed out or not reviewed yet. */
  async callerReviewOf(productId: string, caller: AuthUser | null): Promise<Review | null> {
    if (!caller || !isId(productId)) return null;
    return this.dataSource.getRepository(Review).findOneBy({ userId: caller.id, productId });
  }

  /** Reviews others wrote on the caller's listed products, newest first (a seller's "received" list). */
  async received(caller: AuthUser, paging: { page?: number; pageSize?: number }): Promise<Page<Review>> {
    const { page, pageSize } = parseInput(pageInput(20), paging);
    const [items, totalItems] = await this.dataSource
      .getRepository(Review)
      .createQueryBuilder("r")
      .innerJoin(Product, "p", `p.id = r."productId" AND p."deletedAt" IS NULL`)
      .where(`p."sellerId" = :sellerId`, { sellerId: caller.id })
      .orderBy("r.createdAt", "DESC")
      .addOrderBy("r.id", "DESC")
      .skip((page - 1) * pageSize)
      .take(pageSize)
      .getManyAndCount();
    return toPage(items, totalItems, page, pageSize);
  }

  /** Every review on the marketplace (the public counter). */
  totalReviews(): Promise<number> {
    return this.dataSource.getRepository(Review).count();
  }

  /** In the transaction deleting an account: its reviews go, and the ratings they counted in are recomputed. */
  async removeByAuthor(manager: EntityManager, userId: string): Promise<void> {
    const removed = await manager
      .createQueryBuilder()
      .delete()
      .from(Review)
      .where(`"userId" = :userId`, { userId })
      .returning(`"productId"`)
      .execute();
    await this.recomputeRatings(
      manager,
      (removed.raw as Array<{ productId: string }>).map((r) => r.productId),
    );
  }

  /**
   * Sets each product's rating (products.ratingAverage / ratingCount, through the products module)
   * from the reviews table, in the caller's transaction (pass its manager), so the figures never
   * drift from the reviews they summarise.
   */
  async recomputeRatings(manager: EntityManager, productIds: string[]): Promise<void> {
    if (!productIds.length) return;
    const ratings: Array<{ productId: string; average: string; count: number }> = await manager.query(
      `SELECT ids.id AS "productId", COALESCE(round(avg(r.rating), 2), 0) AS average, count(r.id)::int AS count
         FROM (SELECT DISTINCT unnest($1::uuid[]) AS id) ids
         LEFT JOIN reviews r ON r."productId" = ids.id
        GROUP BY ids.id`,
      [productIds],
    );
    await setRatings(
      manager,
      ratings.map((r) => ({ productId: r.productId, average: Number(r.average), count: r.count })),
    );
  }
}

/** Whether the user has ordered the product in an order that was not rejected or cancelled. */
async function hasBought(manager: EntityManager, userId: string, productId: string): Promise<boolean> {
  const rows: unknown[] = await manager.query(
    `SELECT 1 FROM order_lines l JOIN orders o ON o.id = l."orderId"
      WHERE o."buyerId" = $1 AND l."productId" = $2 AND o.status <> ALL($3::order_status[])
      LIMIT 1`,
    [userId, productId, PURCHASE_EXCLUDED_STATUSES],
  );
  return rows.length > 0;
}
