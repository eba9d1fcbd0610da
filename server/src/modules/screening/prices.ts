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
  const words = titleWords(product.name);
  if (!words.length) return null;
  const perWord = await Promise.all(
    words.map((word) =>
      // a key of its own per shape: processes of the previous release may share the cache during a rolling restart
      cache.rememberFrozen(SIMILAR_CACHE, `latest:${product.category}:${word}`, SIMILAR_TTL_SECONDS, () =>
        latestWithWord(manager, product.category, word),
      ),
    ),
  );
  const key = `${product.category}:${words.join(" ")}`;
  let similar = merged.get(key);
  // the same lists as last time (a write drops them, and new ones are new objects): the same merge
  if (!similar?.lists.every((list, i) => list === perWord[i])) merged.set(key, (similar = mergedLatest(perWord)));
  const prices = similar.prices.length - (similar.ids.includes(product.id) || similar.prices.length > COMPARED ? 1 : 0);
  if (prices < MIN_SIMILAR) return null;
  const median = medianWithout(similar.sorted, similar.prices[similar.ids.indexOf(product.id)] ?? similar.prices[COMPARED]);
  return product.pricePaisa >= median * TOO_GOOD_SHARE ? null : Math.round(median);
}

/**
 * The latest similar listings of a category and set of title words, with the lists they were
 * merged from: a product page asks on every view, and most pages of one kind of thing share their
 * title's words. Given again only while the cache hands back those very lists.
 */
const merged = new LRUCache<string, Merged>({ max: 10_000 });

/** The latest COMPARED + 1 listings across a title's words (one more: the listing itself may be among them), newest first, their prices also sorted. */
type Merged = { lists: readonly Frozen<Latest>[]; ids: string[]; prices: number[]; sorted: Float64Array };

/** Whether row `i` of `a` comes before row `j` of `b` in a Latest's order (newest first, then the greater id). */
const before = (a: Frozen<Latest>, i: number, b: Frozen<Latest>, j: number) =>
  a.listedAt[i] !== b.listedAt[j] ? a.listedAt[i] > b.listedAt[j] : a.ids[i] > b.ids[j];

/** The words' lists merged by their order, each listing once, no more rows looked at than the answer needs. */
function mergedLatest(lists: readonly Frozen<Latest>[]): Merged {
  const next = lists.map(() => 0);
  const ids: string[] = [];
  const prices: number[] = [];
  while (ids.length <= COMPARED) {
    let newest = -1;
    for (let l = 0; l < lists.length; l++) {
      if (next[l] < lists[l].ids.length && (newest < 0 || before(lists[l], next[l], lists[newest], next[newest]))) newest = l;
    }
    if (newest < 0) break;
    const row = next[newest]++;
    const id = lists[newest].ids[row];
    if (ids.includes(id)) continue;
    ids.push(id);
    prices.push(lists[newest].prices[row]);
  }
  return { lists, ids, prices, sorted: Float64Array.from(prices).sort() };
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

/**
 * The middle value of `sorted` with one `left` out when it holds it (when undefined, none; the
 * mean of the two middle ones for an even count: PostgreSQL's percentile_cont(0.5)), in place.
 */
function medianWithout(sorted: Float64Array, left: number | undefined): number {
  const out = left === undefined ? sorted.length : sorted.indexOf(left);
  const count = out < sorted.length ? sorted.length - 1 : sorted.length;
  const at = (k: number) => sorted[k < out ? k : k + 1];
  const middle = Math.floor(count / 2);
  return count % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}
