import type autocannon from "autocannon";
import type { Client } from "pg";
import { CATEGORIES, COLORS, PRICE_RANGES } from "../modules/products/catalog";
import { ADJECTIVES, NOUNS } from "./data";

/**
 * The long tail: requests that each differ, drawn from a seeded generator so that two runs send
 * the same sequence and compare. Shop pages (category, colour, price band, sort, page), one- and
 * two-word searches with typos (some within a category), and product pages by random id.
 */

/** mulberry32: a small seeded generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, values: readonly T[]): T => values[Math.floor(random() * values.length)];

const SORTS = ["NEWEST", "PRICE_ASC", "PRICE_DESC", "RATING"] as const;

/** The shop's variables: a mix of filters, a sort and one of the first 20 pages. */
export function shopPageVariables(random: () => number) {
  const filter: Record<string, unknown> = {};
  if (random() < 0.7) filter.category = pick(random, CATEGORIES).slug;
  if (random() < 0.4) filter.color = pick(random, COLORS).slug;
  if (random() < 0.4) {
    const band = pick(random, PRICE_RANGES);
    filter.minPrice = band.min;
    if (band.max !== null) filter.maxPrice = band.max;
  }
  return { filter, sort: pick(random, SORTS), page: 1 + Math.floor(random() ** 2 * 20), pageSize: 12 };
}

/** One letter dropped, doubled, swapped with the next or replaced: what a hurried thumb types. */
function typo(random: () => number, word: string): string {
  const at = Math.floor(random() * (word.length - 1));
  switch (Math.floor(random() * 4)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + word[at] + word.slice(at);
    case 2:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    default:
      return word.slice(0, at) + "abcdefghijklmnopqrstuvwxyz"[Math.floor(random() * 26)] + word.slice(at + 1);
  }
}

/** A search: one or two words of the listings' names, half of them with a typo, a third within a category. */
export function searchVariables(random: () => number) {
  const category = pick(random, CATEGORIES).slug;
  const noun = pick(random, NOUNS[category]).toLowerCase().split(" ")[0];
  const words = random() < 0.5 ? [noun] : [pick(random, ADJECTIVES).toLowerCase(), noun];
  const typed = words.map((word) => (random() < 0.5 ? typo(random, word) : word));
  const filter: Record<string, unknown> = { search: typed.join(" ") };
  if (random() < 0.33) filter.category = category;
  return { filter, sort: random() < 0.7 ? "RELEVANCE" : pick(random, SORTS), page: 1, pageSize: 12 };
}

/** The shop's query, as the web app sends it (its product card's fields). */
export const SHOP_QUERY = `
  query ShopProducts($filter: ProductFilter, $sort: ProductSort, $page: Int, $pageSize: Int) {
    products(filter: $filter, sort: $sort, page: $page, pageSize: $pageSize) {
      items {
        id name price oldPrice image rating ratingCount category color sold conditionLabel campusName
        seller { id username storeName isVerifiedStudent }
      }
      totalItems totalIsExact totalPages page pageSize
    }
  }
`;

/** The product page's query, as the web app sends it. */
export const PRODUCT_QUERY = `
  query ProductDetail($id: ID!, $reviewsPage: Int) {
    product(id: $id) {
      id name description category color price oldPrice image images rating ratingCount createdAt
      quantityAvailable sold reservedUntil myReservationEndsAt heldReservations { buyerId buyerName expiresAt }
      condition conditionLabel campusName hiddenAt heldReason usualPrice
      seller { id username storeName sellerType profileImage isVerifiedStudent university }
      reviews(page: $reviewsPage, pageSize: 10) {
        items { id rating comment verifiedPurchase createdAt author { id username } }
        totalItems totalPages page pageSize
      }
    }
  }
`;

/**
 * A GraphQL POST, signed in when given a `token`. It asks for a fresh answer (`Cache-Control:
 * no-cache`) unless `fromAnswersCache`: the rows then measure the whole path (Apollo, services,
 * PostgreSQL), and the cached rows what a visitor's browser gets on a hot page.
 */
export function graphqlRequest(query: string, variables: object = {}, options: { token?: string; fromAnswersCache?: boolean } = {}) {
  return {
    method: "POST" as const,
    path: "/graphql",
    headers: {
      "content-type": "application/json",
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.fromAnswersCache ? {} : { "cache-control": "no-cache" }),
    },
    body: JSON.stringify({ query, variables }),
  };
}

/** A request whose variables are drawn anew each time, from a generator seeded by the scenario. */
export function drawnRequest(query: string, seed: number, variables: (random: () => number) => object, options: { token?: string } = {}) {
  const random = seededRandom(seed);
  return {
    ...graphqlRequest(query, {}, options),
    setupRequest: (request: autocannon.Request) => ({ ...request, body: JSON.stringify({ query, variables: variables(random) }) }),
  };
}

/** How many listings the product-page scenarios draw their random ids from. */
const SAMPLED_PRODUCTS = 20_000;

/** A product page's variables: one of a fixed sample of listed products (ordered by a hash of the id), at random. */
export async function randomProductVariables(probe: Client): Promise<(random: () => number) => { id: string }> {
  const { rows } = await probe.query<{ id: string }>(
    `SELECT id FROM products WHERE "deletedAt" IS NULL AND "hiddenAt" IS NULL ORDER BY md5(id::text) LIMIT ${SAMPLED_PRODUCTS}`,
  );
  const ids = rows.map((row) => row.id);
  return (random) => ({ id: ids[Math.floor(random() * ids.length)] });
}
