import DataLoader from "dataloader";
import type { DataSource } from "typeorm";
import { toPage, type Page } from "../../platform/shared/pagination";
import { User } from "../users/entity";
import { Review } from "./entity";

/**
 * Per request: one DataLoader per (page, pageSize), so every product of a list that asks for the
 * same page of its reviews shares one query.
 */
export function createReviewPageLoader(dataSource: DataSource) {
  const loaders = new Map<string, DataLoader<string, Page<Review>>>();
  return (page: number, pageSize: number): DataLoader<string, Page<Review>> => {
    const key = `${page}:${pageSize}`;
    let loader = loaders.get(key);
    if (!loader) {
      loader = new DataLoader(async (productIds) => {
        const pages = await reviewPages(dataSource, productIds, page, pageSize);
        return productIds.map((id) => pages.get(id)!);
      });
      loaders.set(key, loader);
    }
    return loader;
  };
}

/**
 * The same page of reviews for several products in one query (newest first), with each
 * product's total and each author's public name; a product without reviews gets an empty page.
 */
async function reviewPages(
  dataSource: DataSource,
  productIds: readonly string[],
  page: number,
  pageSize: number,
): Promise<Map<string, Page<Review>>> {
  const rows: Array<Review & { total: number; forProduct: string; authorName: string | null }> = await dataSource.query(
    `SELECT ids.key AS "forProduct", c.total, r.*
       FROM (SELECT DISTINCT unnest($1::text[]) AS key) ids
       CROSS JOIN LATERAL (SELECT count(*)::int AS total FROM reviews WHERE "productId" = ids.key::uuid) c
       LEFT JOIN LATERAL (SELECT reviews.*, u.username AS "authorName" FROM reviews
                            LEFT JOIN users u ON u.id = reviews."userId"
                           WHERE "productId" = ids.key::uuid
                           ORDER BY reviews."createdAt" DESC, reviews.id DESC
                          OFFSET $2 LIMIT $3) r ON true
      -- the page's order, stated: a join may hand rows back in any order
      ORDER BY ids.key, r."createdAt" DESC, r.id DESC`,
    [productIds, (page - 1) * pageSize, pageSize],
  );
  const items = new Map<string, Review[]>(productIds.map((id) => [id, []]));
  const totals = new Map<string, number>();
  const repo = dataSource.getRepository(Review);
  const users = dataSource.getRepository(User);
  for (const { forProduct, total, authorName, ...columns } of rows) {
    totals.set(forProduct, total);
    if (!columns.id) continue;
    const review = repo.create(columns);
    // the author's public fields come with the page: no second statement for them
    if (authorName !== null) review.user = users.create({ id: review.userId, username: authorName });
    items.get(forProduct)?.push(review);
  }
  return new Map(productIds.map((id) => [id, toPage(items.get(id) ?? [], totals.get(id) ?? 0, page, pageSize)]));
}
