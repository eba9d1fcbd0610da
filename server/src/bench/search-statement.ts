import { ON_SHOW, type ProductSort } from "../modules/products/listing";
import { CANDIDATE_ORDER, SEARCH_CANDIDATES, relevance } from "../modules/products/search";

/**
 * The statements the app runs for a long-tail request, written out bare (positional parameters,
 * no query builder) for the floor's handlers (floor.ts) and for taking a search apart
 * (search-parts.ts).
 */

export type ShopVariables = {
  filter: { category?: string; color?: string; minPrice?: number; maxPrice?: number; search?: string };
  sort: ProductSort;
  page: number;
  pageSize: number;
};

/** The filters as the app's conditions (unqualified columns), their values appended to `values`. */
export function conditions(filter: ShopVariables["filter"], values: unknown[]): string {
  const parameter = (value: unknown) => `$${values.push(value)}`;
  const where = [`"deletedAt" IS NULL`, ON_SHOW];
  if (filter.category) where.push(`category = ${parameter(filter.category)}`);
  if (filter.color) where.push(`color = ${parameter(filter.color)}`);
  if (filter.minPrice != null) where.push(`"pricePaisa" >= ${parameter(Math.round(filter.minPrice * 100))}`);
  if (filter.maxPrice != null) where.push(`"pricePaisa" <= ${parameter(Math.round(filter.maxPrice * 100))}`);
  return where.join(" AND ");
}

/**
 * A search's candidate step as the app's searchPage runs it: up to SEARCH_CANDIDATES matches read
 * once (ranked when the sort is relevance, unless `ranked: false`), counted, and the first page's
 * ids in order.
 */
export function searchCandidates(
  { filter, sort, pageSize }: ShopVariables,
  corrected: string | null,
  options: { ranked?: boolean } = {},
): { text: string; values: unknown[] } {
  const values: unknown[] = [filter.search ?? ""];
  const matched = corrected
    ? `(websearch_to_tsquery('simple', $1) || $${values.push(corrected)}::tsquery)`
    : `websearch_to_tsquery('simple', $1)`;
  const where = conditions({ ...filter, search: undefined }, values);
  const rank = sort === "RELEVANCE" && options.ranked !== false ? relevance(matched).replaceAll(":search", "$1") : "0";
  const text = `
    WITH candidate AS MATERIALIZED (
      SELECT id, "createdAt", "pricePaisa", "ratingAverage", "ratingCount", ${rank} AS relevance
        FROM products WHERE search_vector @@ ${matched} AND ${where} LIMIT ${SEARCH_CANDIDATES})
    SELECT counted.total, page.id
      FROM (SELECT count(*)::int AS total FROM candidate) counted
      LEFT JOIN LATERAL (
        SELECT id, row_number() OVER (ORDER BY ${CANDIDATE_ORDER[sort]}) AS position
          FROM candidate p ORDER BY ${CANDIDATE_ORDER[sort]} LIMIT ${pageSize + 1}) page ON true
     ORDER BY page.position`;
  return { text, values };
}
