import type { EntityManager } from "typeorm";
import { formatPKR } from "@unibazaar/rules";
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

/**
 * The buyer's note on a listing priced far below similar ones (same category, a title word in
 * common, listed; the latest 100): below TOO_GOOD_SHARE of their median, with MIN_SIMILAR or more.
 * One query on the category and full-text indexes.
 */
export async function priceNote(
  manager: EntityManager,
  product: Pick<Product, "id" | "name" | "category" | "pricePaisa">,
): Promise<string | null> {
  const words = titleQuery(product.name);
  if (!words) return null;
  const [{ n, median }] = await manager.query<Array<{ n: number; median: number | null }>>(
    `SELECT count(*)::int AS n, percentile_cont(0.5) WITHIN GROUP (ORDER BY "pricePaisa") AS median FROM (
       SELECT "pricePaisa" FROM products
        WHERE category = $1 AND id <> $2 AND "deletedAt" IS NULL AND ${LISTED} AND search_vector @@ to_tsquery('simple', $3)
        ORDER BY "createdAt" DESC LIMIT 100) alike`,
    [product.category, product.id, words],
  );
  if (n < MIN_SIMILAR || median === null || product.pricePaisa >= median * TOO_GOOD_SHARE) return null;
  return `Priced far below similar listings (usually around ${formatPKR(Math.round(median) / 100)}). Meet in person and check the item before you pay.`;
}
