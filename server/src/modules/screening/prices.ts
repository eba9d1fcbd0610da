import type { EntityManager } from "typeorm";
import { formatPKR } from "@unibazaar/rules";
import type { SharedCache } from "../../platform/cache";
import { CATALOG_CACHE } from "../products/catalog";
import { LISTED, type Product } from "../products/entity";

/** A price below this share of the similar listings' median is too good to be true. */
export const TOO_GOOD_SHARE = 0.4;
/** Fewer similar listings than this say nothing about the price. */
export const MIN_SIMILAR = 5;
/** Title words that say nothing about what is sold. */
const FILLER_WORDS = new Set(["used", "new", "good", "condition", "for", "sale", "with", "and", "the", "like", "best", "price", "urgent"]);

/** The words of a title worth comparing (3+ characters, not only digits, no filler), as a tsquery "a | b"; null when none. */
export function titleQuery(name: string): string | null {
  const words = [...new Set(name.toLowerCase().split(/[^\p{L}\p{N}]+/u))].filter(
    (w) => w.length >= 3 && !/^\d+$/.test(w) && !FILLER_WORDS.has(w),
  );
  return words.length ? words.slice(0, 8).join(" | ") : null;
}

/** How long the similar listings of a category and title words are kept (a product write drops them sooner). */
const SIMILAR_TTL_SECONDS = 10;
/** How many of the latest similar listings are compared. */
const COMPARED = 100;

/**
 * The buyer's note on a listing priced far below similar ones (same category, a title word in
 * common, listed; the latest 100 but itself): below TOO_GOOD_SHARE of their median, with MIN_SIMILAR
 * or more. The similar listings are the same for every listing of that category and title words,
 * so they are read once (one query on the category and full-text indexes) and kept in the
 * catalogue's cache, which every product write drops.
 */
export async function priceNote(
  manager: EntityManager,
  cache: SharedCache,
  product: Pick<Product, "id" | "name" | "category" | "pricePaisa">,
): Promise<string | null> {
  const words = titleQuery(product.name);
  if (!words) return null;
  const similar = await cache.remember(CATALOG_CACHE, `similar:${product.category}:${words}`, SIMILAR_TTL_SECONDS, async () => {
    // one more than compared: the listing itself may be among them
    const rows = await manager.query<Array<{ id: string; pricePaisa: string }>>(
      `SELECT id, "pricePaisa" FROM products
        WHERE category = $1 AND "deletedAt" IS NULL AND ${LISTED} AND search_vector @@ to_tsquery('simple', $2)
        ORDER BY "createdAt" DESC LIMIT ${COMPARED + 1}`,
      [product.category, words],
    );
    return rows.map((row) => ({ id: row.id, pricePaisa: Number(row.pricePaisa) }));
  });
  const prices = similar
    .filter((row) => row.id !== product.id)
    .slice(0, COMPARED)
    .map((row) => row.pricePaisa);
  const median = medianOf(prices);
  if (prices.length < MIN_SIMILAR || median === null || product.pricePaisa >= median * TOO_GOOD_SHARE) return null;
  return `Priced far below similar listings (usually around ${formatPKR(Math.round(median) / 100)}). Meet in person and check the item before you pay.`;
}

/** The middle value, or the mean of the two middle ones (PostgreSQL's percentile_cont(0.5)); null for none. */
function medianOf(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
