import DataLoader from "dataloader";
import type { DataSource } from "typeorm";
import { plainRows, type PlainRows } from "../../platform/db/plain-rows";
import { preparedQuery } from "../../platform/db/prepared";
import { toPage, type Page } from "../../platform/shared/pagination";
import { User } from "../users";
import { orderReviewRows, type OrderReviewRows } from "./deals";
import { Review } from "./entity";

/** Per request: the two-way reviews of a page of orders, one query for the whole page. */
export function createOrderReviewLoaders(dataSource: DataSource) {
  return { reviewsByOrder: new DataLoader<string, OrderReviewRows>((ids) => orderReviewRows(dataSource, ids)) };
}

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

/** The reviews' columns, read from the entity's metadata on first use. */
let reviewRows: PlainRows<Review> | undefined;

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
  const reviews = (reviewRows ??= plainRows(dataSource, Review));
  // a product page asks for one product's: a text of its own, whose plan PostgreSQL keeps (for an
  // array of unknown length the kept plan guesses many products, so it plans the statement anew each time)
  const one = productIds.length === 1;
  const rows = await preparedQuery<Record<string, unknown> & { total: number; forProduct: string; authorName: string | null }>(
    dataSource,
    `SELECT ids.key AS "forProduct", c.total, r.*
       FROM (${one ? "SELECT $1::text AS key" : "SELECT DISTINCT unnest($1::text[]) AS key"}) ids
       CROSS JOIN LATERAL (SELECT count(*)::int AS total FROM reviews WHERE "productId" = ids.key::uuid) c
       LEFT JOIN LATERAL (SELECT ${reviews.columns("reviews")}, u.username AS "authorName" FROM reviews
                            LEFT JOIN users u ON u.id = reviews."userId"
                           WHERE "productId" = ids.key::uuid
                           ORDER BY reviews."createdAt" DESC, reviews.id DESC
                          OFFSET $2 LIMIT $3) r ON true
      -- the page's order, stated: a join may hand rows back in any order
      ORDER BY ids.key, r."createdAt" DESC, r.id DESC`,
    [one ? productIds[0] : productIds, (page - 1) * pageSize, pageSize],
  );
  const items = new Map<string, Review[]>(productIds.map((id) => [id, []]));
  const totals = new Map<string, number>();
  for (const row of rows) {
    totals.set(row.forProduct, row.total);
    if (row.id == null) continue;
    const review = reviews.from(row);
    // the author's public fields come with the page: no second statement for them
    if (row.authorName !== null) review.user = Object.assign(new User(), { id: review.userId, username: row.authorName });
    items.get(row.forProduct)?.push(review);
  }
  return new Map(productIds.map((id) => [id, toPage(items.get(id) ?? [], totals.get(id) ?? 0, page, pageSize)]));
}
