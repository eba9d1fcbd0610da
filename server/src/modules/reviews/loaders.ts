import DataLoader from "dataloader";
import type { DataSource } from "typeorm";
import { plainRows, type PlainRows } from "../../platform/db/plain-rows";
import { preparedQuery } from "../../platform/db/prepared";
import { pageInput, toPage, type Page } from "../../platform/shared/pagination";
import type { CompanionSource } from "../products";
import { User } from "../users";
import { orderReviewRows, type OrderReviewRows } from "./deals";
import { Review } from "./entity";

/** Per request: the two-way reviews of a page of orders, one query for the whole page. */
export function createOrderReviewLoaders(dataSource: DataSource) {
  return { reviewsByOrder: new DataLoader<string, OrderReviewRows>((ids) => orderReviewRows(dataSource, ids)) };
}

/** The reviews' columns, read from the entity's metadata by the first request's loaders. */
let reviewRows: PlainRows<Review> | undefined;

/**
 * Per request: one DataLoader per (page, pageSize), so every product of a list that asks for the
 * same page of its reviews shares one query.
 */
export function createReviewPageLoader(dataSource: DataSource) {
  const reviews = (reviewRows ??= plainRows(dataSource, Review));
  const loaders = new Map<string, DataLoader<string, Page<Review>>>();
  return (page: number, pageSize: number): DataLoader<string, Page<Review>> => {
    const key = `${page}:${pageSize}`;
    let loader = loaders.get(key);
    if (!loader) {
      loader = new DataLoader(async (productIds) => {
        const pages = await reviewPages(dataSource, reviews, productIds, page, pageSize);
        return productIds.map((id) => pages.get(id)!);
      });
      loaders.set(key, loader);
    }
    return loader;
  };
}

/** A product's reviews, newest first, with their authors' names: the product's id, the offset and the limit are SQL. */
const reviewPageSql = (reviews: PlainRows<Review>, productId: string, offset: string, limit: string) =>
  `SELECT ${reviews.columns("reviews")}, u.username AS "authorName" FROM reviews
     LEFT JOIN users u ON u.id = reviews."userId"
    WHERE "productId" = ${productId}
    ORDER BY reviews."createdAt" DESC, reviews.id DESC
   OFFSET ${offset} LIMIT ${limit}`;

/** How many reviews a product has: the product's id is SQL. */
const reviewCountSql = (productId: string) => `SELECT count(*)::int FROM reviews WHERE "productId" = ${productId}`;

/** A review row with its author's name; the author's public fields come with the page: no second statement for them. */
function withAuthor(review: Review, authorName: string | null): Review {
  if (authorName !== null) review.user = Object.assign(new User(), { id: review.userId, username: authorName });
  return review;
}

/**
 * The same page of reviews for several products in one query (newest first), with each
 * product's total and each author's public name; a product without reviews gets an empty page.
 */
async function reviewPages(
  dataSource: DataSource,
  reviews: PlainRows<Review>,
  productIds: readonly string[],
  page: number,
  pageSize: number,
): Promise<Map<string, Page<Review>>> {
  // a product page asks for one product's: a text of its own, whose plan PostgreSQL keeps (for an
  // array of unknown length the kept plan guesses many products, so it plans the statement anew each time)
  const one = productIds.length === 1;
  const rows = await preparedQuery<Record<string, unknown> & { total: number; forProduct: string; authorName: string | null }>(
    dataSource,
    `SELECT ids.key AS "forProduct", c.total, r.*
       FROM (${one ? "SELECT $1::text AS key" : "SELECT DISTINCT unnest($1::text[]) AS key"}) ids
       CROSS JOIN LATERAL (${reviewCountSql("ids.key::uuid")}) c(total)
       LEFT JOIN LATERAL (${reviewPageSql(reviews, "ids.key::uuid", "$2", "$3")}) r ON true
      -- the page's order, stated: a join may hand rows back in any order
      ORDER BY ids.key, r."createdAt" DESC, r.id DESC`,
    [one ? productIds[0] : productIds, (page - 1) * pageSize, pageSize],
  );
  const items = new Map<string, Review[]>(productIds.map((id) => [id, []]));
  const totals = new Map<string, number>();
  for (const row of rows) {
    totals.set(row.forProduct, row.total);
    if (row.id == null) continue;
    items.get(row.forProduct)?.push(withAuthor(reviews.from(row), row.authorName));
  }
  return new Map(productIds.map((id) => [id, toPage(items.get(id) ?? [], totals.get(id) ?? 0, page, pageSize)]));
}

/** A product page's page of reviews and their total, read in the listing's own statement (ProductCompanion). */
export const reviewPageCompanion: CompanionSource = ({ fields, loaders }) => {
  const reviews = reviewRows;
  const asked = fields.get("reviews");
  // the field resolver's paging; one it would refuse is left to it
  const paging = asked && pageInput(10).safeParse({ page: asked.page ?? undefined, pageSize: asked.pageSize ?? undefined });
  if (!reviews || !paging?.success) return null;
  const { page, pageSize } = paging.data;
  return {
    key: "reviews",
    sql: (param) =>
      `SELECT json_build_object('total', (${reviewCountSql("p.id")}),
              'items', (SELECT json_agg(r ORDER BY r."createdAt" DESC, r.id DESC) FROM (${reviewPageSql(reviews, "p.id", param(0), param(1))}) r))`,
    values: [(page - 1) * pageSize, pageSize],
    take: (value, productId) => {
      const { total, items } = value as { total: number; items: Array<Review & { authorName: string | null }> | null };
      const read = (items ?? []).map(({ authorName, ...review }) => withAuthor(reviews.revive(review), authorName));
      loaders
        .reviewPage(page, pageSize)
        .clear(productId)
        .prime(productId, toPage(read, total, page, pageSize));
    },
  };
};
