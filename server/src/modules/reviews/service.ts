import type { DataSource, EntityManager } from "typeorm";
import { Review } from "./entity";

export class ReviewsService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Sets products.ratingAverage / ratingCount from the reviews table, in SQL and in the caller's
   * transaction (pass its manager), so the figures never drift from the reviews they summarise.
   */
  async recomputeRatings(manager: EntityManager, productIds: string[]): Promise<void> {
    if (!productIds.length) return;
    await manager.query(
      `UPDATE products p
          SET "ratingAverage" = s.average, "ratingCount" = s.count
         FROM (SELECT ids.id, COALESCE(round(avg(r.rating), 2), 0) AS average, count(r.id)::int AS count
                 FROM (SELECT DISTINCT unnest($1::uuid[]) AS id) ids
                 LEFT JOIN reviews r ON r."productId" = ids.id
                GROUP BY ids.id) s
        WHERE p.id = s.id`,
      [productIds],
    );
  }

  /** Every review on the marketplace (the public counter). */
  totalReviews(): Promise<number> {
    return this.dataSource.getRepository(Review).count();
  }
}
