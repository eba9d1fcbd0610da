import { LRUCache } from "lru-cache";
import type { EntityManager } from "typeorm";
import { formatPKR } from "@unibazaar/rules";
import type { Frozen, SharedCache } from "../../platform/cache";
import { LISTED, type Product } from "../products";

/** A price below this share of the similar listings' median is too good to be true. */
export const TOO_GOOD_SHARE = 0.4;
/** Fewer similar listings than this say nothing about the price. */
export const MIN_SIMILAR = 5;
/** Title words that say nothing about what is sold. */
const FILLER_WORDS = new Set(["used", "new", "good", "condition", "for", "sale", "with", "and", "the", "like", "best", "price", "urgent"]);

/** The words of a title worth comparing (3+ characters, not only digits, no filler, at most 8); empty when none. */
export function titleWords(name: string): string[] {
  const words = [...new Set(name.toLowerCase().split(/[^\p{L}\p{N}]+/u))].filter(
    (w) => w.length >= 3 && !/^\d+$/.test(w) && !FILLER_WORDS.has(w),
  );
  return words.slice(0, 8);
}

/**
 * Where a word's latest listings are kept, and how long: no write drops them, so a price note is
 * at most this old. Kept with the catalogue's answers, which every listing written drops, they lasted
 * under a second at the evening's peak of new listings, and most product pages worked them out
 * again, a statement for each title word (docs/capacity.md).
 */
const SIMILAR_CACHE = "similar-listings";
const SIMILAR_TTL_SECONDS = 60;
/** How many of the latest similar listings are compared. */
const COMPARED = 100;

/**
 * A word's latest similar listings, newest first (ties by id, descending), as parallel columns: a
 * product page reads several of them from the cache on every view, shared by every view while kept.
 */
type Latest = { ids: string[]; prices: number[]; listedAt: number[] };

/**
 * What similar listings usually cost (in paisa), when this listing is priced far below it: too good
 * to be true. Similar means the same category, a title word in common, listed; the latest 100 but
 * itself are compared, and the warning needs MIN_SIMILAR or more priced above TOO_GOOD_SHARE of
 * their median; null for most listings. The latest listings are kept per category and word, not
 * per title: the latest 101 of "casio | calculator" are the latest 101 of the union of each word's
 * latest 101, and far fewer titles than words are new, so a listing nobody opened before is
 * usually answered from the cache (SIMILAR_CACHE) without a query.
 */
export async function usualPriceIfTooGood(
  manager: EntityManager,
  cache: SharedCache,
  product: Pick<Product, "id" | "name" | "category" | "pricePaisa">,
): Promise<number | null> {
  const key = `${product.id}:${product.pricePaisa}:${product.category}:${product.name}`;
  const known = worked.get(key);
  const words = known?.words ?? titleWords(product.name);
  if (!words.length) return null;
  const perWord = await Promise.all(
    words.map((word) =>
      // a key of its own per shape: processes of the previous release may share the cache during a rolling restart
      cache.rememberFrozen(SIMILAR_CACHE, `latest:${product.category}:${word}`, SIMILAR_TTL_SECONDS, () =>
        latestWithWord(manager, product.category, word),
      ),
    ),
  );
  // the same lists as last time (a write drops them, and new ones are new objects): the same answer
  if (known?.lists.every((list, i) => list === perWord[i])) return known.usual;
  const prices = latestPrices(perWord, product.id);
  const median = medianOf(prices);
  const usual = prices.length < MIN_SIMILAR || median === null || product.pricePaisa >= median * TOO_GOOD_SHARE ? null : Math.round(median);
  worked.set(key, { words, lists: perWord, usual });
  return usual;
}

/**
 * Each listing's answer with the lists it was worked out from, by everything of the listing it
 * depends on: a product page asks on every view, and merging the lists was most of the price
 * note's cost. It is given again only while the cache hands back those very lists.
 */
const worked = new LRUCache<string, { words: string[]; lists: readonly Frozen<Latest>[]; usual: number | null }>({ max: 10_000 });

/** Whether row `i` of `a` comes before row `j` of `b` in a Latest's order (newest first, then the greater id). */
const before = (a: Frozen<Latest>, i: number, b: Frozen<Latest>, j: number) =>
  a.listedAt[i] !== b.listedAt[j] ? a.listedAt[i] > b.listedAt[j] : a.ids[i] > b.ids[j];

/**
 * The prices of the latest COMPARED listings across the words' lists, each listing once, `itself`
 * left out: the lists are merged by their order, so no more rows are looked at than the answer needs.
 */
function latestPrices(lists: readonly Frozen<Latest>[], itself: string): number[] {
  const next = lists.map(() => 0);
  const seen = new Set<string>([itself]);
  const prices: number[] = [];
  while (prices.length < COMPARED) {
    let newest = -1;
    for (let l = 0; l < lists.length; l++) {
      if (next[l] < lists[l].ids.length && (newest < 0 || before(lists[l], next[l], lists[newest], next[newest]))) newest = l;
    }
    if (newest < 0) break;
    const row = next[newest]++;
    const id = lists[newest].ids[row];
    if (seen.has(id)) continue;
    seen.add(id);
    prices.push(lists[newest].prices[row]);
  }
  return prices;
}

/** The warning in words, for API clients that show it as it is (the web app words it from the usual price, in the reader's language). */
export function priceNoteFor(usualPricePaisa: number | null): string | null {
  return usualPricePaisa === null
    ? null
    : `Priced far below similar listings (usually around ${formatPKR(usualPricePaisa / 100)}). Meet in person and check the item before you pay.`;
}

/** How many of a category's latest listings are looked through for a word before its index is asked. */
export const WALKED = 3000;

/**
 * The latest listed products of a category whose title or description has the word (one more than
 * compared: the listing itself may be among them). A common word ("novel" in books) is found in the
 * category's latest WALKED listings, read newest first from the category's index; only when they
 * hold too few does the word's full-text index find the rest. Either way the rows are the latest
 * with the word. (Asked in one query, the planner multiplied the word's and the category's shares as
 * if unrelated, missed that the word lives in that category, and read every listing with it: 130 to
 * 170 ms for a common word at 1M listings.)
 */
async function latestWithWord(manager: EntityManager, category: string, word: string): Promise<Latest> {
  const listedInCategory = `category = $1 AND "deletedAt" IS NULL AND ${LISTED}`;
  const newest = `ORDER BY "createdAt" DESC, id DESC`;
  const rows = await manager.query<Array<{ id: string; pricePaisa: string; listedAt: Date }>>(
    `WITH walked AS MATERIALIZED (
       SELECT id, "pricePaisa", "createdAt" FROM (
         SELECT id, "pricePaisa", "createdAt", search_vector FROM products WHERE ${listedInCategory} ${newest} LIMIT ${WALKED}) latest
        WHERE search_vector @@ to_tsquery('simple', $2) ${newest} LIMIT ${COMPARED + 1})
     SELECT id, "pricePaisa", "createdAt" AS "listedAt" FROM walked WHERE (SELECT count(*) FROM walked) = ${COMPARED + 1}
     UNION ALL
     (SELECT id, "pricePaisa", "createdAt" FROM products
       WHERE (SELECT count(*) FROM walked) < ${COMPARED + 1} AND ${listedInCategory} AND search_vector @@ to_tsquery('simple', $2)
       ${newest} LIMIT ${COMPARED + 1})`,
    [category, word],
  );
  // in the merge's order (JavaScript's milliseconds and string ids, not PostgreSQL's microseconds)
  const latest = rows
    .map((row) => ({ id: row.id, pricePaisa: Number(row.pricePaisa), listedAt: new Date(row.listedAt).getTime() }))
    .sort((a, b) => b.listedAt - a.listedAt || (a.id < b.id ? 1 : -1));
  return { ids: latest.map((r) => r.id), prices: latest.map((r) => r.pricePaisa), listedAt: latest.map((r) => r.listedAt) };
}

/** The middle value, or the mean of the two middle ones (PostgreSQL's percentile_cont(0.5)); null for none. */
function medianOf(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = Float64Array.from(values).sort();
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
