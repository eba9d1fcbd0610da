import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { signUp, type SignedIn } from "../../test/fixtures";
import { createCache } from "../../platform/cache";
import { CatalogService } from "./catalog-service";
import { plainWordsQuery } from "./catalogue-index";
import { parseTsquery } from "./search-rank";
import { ProductSort } from "./listing";

/**
 * The search index answers every search as the database's search statement does: the same page of
 * listings in the same order, the same count, the same cursor. 3,000 listings from a small
 * vocabulary ("campus" in every description, so a search of it ranks its newest 1,000 of ~2,900),
 * spread over categories, colours, conditions, campuses, prices, ratings, dates with ties, some
 * hidden, sold out lately or long ago, of a suspended seller or deleted; 400 searches with typos,
 * phrases, OR and negation, every filter and sort, and the next page by cursor.
 */

const NOUNS = ["lamp", "desk", "chair", "calculator", "book", "jacket", "kettle", "phone", "charger", "bottle"];
const ADJECTIVES = ["red", "old", "new", "small", "large", "wooden", "steel", "classic"];
const TYPED = [
  ...NOUNS,
  ...ADJECTIVES,
  "campus",
  "lampp",
  "calculater",
  "chiar",
  "jaket",
  "red lamp",
  "old desk chair",
  "steel bottle",
  '"red lamp"',
  "lamp or desk",
  "lamp -red",
  "kettle -steel -old",
  "-lamp",
  "xylophone",
  "wooden xylophone",
  "کتاب",
  "!!!",
  "campus lamp",
  "smal chair",
  "book 2",
];
const SORTS = Object.values(ProductSort);
const CATEGORIES = ["books", "electronics", "furniture", "clothing"];
const COLORS = ["black", "red", "blue"];
const CONDITIONS = ["new", "like-new", "good", "fair"];
const CAMPUSES = ["nust-islamabad", "lums-lahore"];

let sellers: SignedIn[];

it.beforeAll(async ({ server }) => {
  sellers = await Promise.all([signUp(server, "seller"), signUp(server, "seller"), signUp(server, "seller")]);
  const words = (list: string[], step: number, offset = 0) =>
    `(ARRAY[${list.map((w) => `'${w}'`).join(",")}])[1 + (g * ${step} + ${offset}) % ${list.length}]`;
  await server.dataSource.query(
    `INSERT INTO products ("sellerId", name, description, category, color, condition, campus, "pricePaisa", image, "ratingAverage", "ratingCount",
                           "quantityAvailable", "soldOutAt", "hiddenAt", "sellerSuspended", "deletedAt", "createdAt")
     SELECT ($1::uuid[])[1 + g % 3],
            ${words(ADJECTIVES, 3)} || ' ' || ${words(NOUNS, 7)} || CASE WHEN g % 4 = 0 THEN ' ' || ${words(NOUNS, 11, 3)} ELSE '' END || ' ' || (g % 13),
            'A ' || ${words(ADJECTIVES, 5, 1)} || ' ' || ${words(NOUNS, 13, 2)} || ', barely used. ' ||
              repeat(${words(NOUNS, 17, 5)} || ' ', 1 + g % 4) || 'Pickup on campus.' || CASE WHEN g % 9 = 0 THEN ' Red lamp included.' ELSE '' END,
            ${words(CATEGORIES, 5)}, CASE WHEN g % 7 = 0 THEN NULL ELSE ${words(COLORS, 3)} END, ${words(CONDITIONS, 3, 1)},
            CASE WHEN g % 5 = 0 THEN NULL ELSE ${words(CAMPUSES, 1)} END,
            10000 + (g * 7919) % 5000000, '/uploads/x.webp', ((g * 31) % 501) / 100.0, (g * 7) % 21,
            CASE WHEN g % 40 = 0 THEN 0 ELSE 1 END,
            CASE WHEN g % 80 = 0 THEN now() - interval '1 day' WHEN g % 40 = 0 THEN now() - interval '10 days' END,
            CASE WHEN g % 50 = 0 THEN now() END, g % 97 = 0, CASE WHEN g % 89 = 0 THEN now() END,
            timestamptz '2026-06-01 12:00:00.123456Z' - ((g * 37) % 400) * interval '1 day' - (g % 3) * interval '1 hour'
       FROM generate_series(1, 3000) g`,
    [sellers.map((s) => s.user.id)],
  );
  await server.services.searchIndex!.loaded();
});

/** A seeded generator of search requests, so a failure names a request that can be run again. */
function seeded(seed: number) {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  return { random, pick };
}

/** The shop's filters drawn by `random`, `chance` of a category, a colour and each price bound; every other filter as often in both. */
function drawnFilter({ random, pick }: ReturnType<typeof seeded>, chance: { category: number; color: number; price: number }) {
  const filter: Record<string, unknown> = {};
  if (random() < chance.category) filter.category = pick(CATEGORIES);
  if (random() < chance.color) filter.color = pick(COLORS);
  if (random() < 0.15) filter.condition = pick(CONDITIONS);
  if (random() < 0.15) filter.campus = pick(CAMPUSES);
  if (random() < chance.price) filter.minPrice = Math.floor(random() * 20000);
  if (random() < chance.price) filter.maxPrice = 20000 + Math.floor(random() * 30000);
  if (random() < 0.1) filter.sellerId = pick(sellers).user.id;
  if (random() < 0.05) filter.verifiedSellersOnly = true;
  return filter;
}

/** A shop page without words: any filter, sort and page (pages 1-6 of 8, 12 or 24). */
function shopRequest(seed: number) {
  const drawn = seeded(seed);
  const { random, pick } = drawn;
  const filter = drawnFilter(drawn, { category: 0.5, color: 0.3, price: 0.25 });
  return { filter, sort: pick(SORTS), page: 1 + Math.floor(random() * 6), pageSize: pick([8, 12, 24]) };
}

function searchRequest(seed: number) {
  const drawn = seeded(seed);
  const { random, pick } = drawn;
  // the words drawn before the filters: each seed names the same request it always has
  const search = pick(TYPED);
  const filter = { search, ...drawnFilter(drawn, { category: 0.3, color: 0.2, price: 0.2 }) };
  return { filter, sort: random() < 0.5 ? ProductSort.RELEVANCE : pick(SORTS), page: random() < 0.8 ? 1 : 2, pageSize: pick([8, 12, 24]) };
}

describe("the search index", () => {
  it("reads a search of plain words as websearch_to_tsquery does, and leaves anything else to it", async ({ server }) => {
    const plain = ["lamp", "red lamp", "old desk chair", "book 2", "10000mah power bank", "lamp lamp", "a b c d e f", "007"];
    for (const search of plain) {
      const [row] = await server.dataSource.query(`SELECT websearch_to_tsquery('simple', $1)::text AS query`, [search]);
      expect(plainWordsQuery(search), search).toEqual(parseTsquery(row.query));
    }
    for (const search of ['"red lamp"', "lamp or desk", "lamp -red", "t-shirt", "کتاب", "lamp!", "or", ""])
      expect(plainWordsQuery(search)).toBeUndefined();
  });

  it("answers 400 searches and their next pages as the database's statement does", async ({ server }) => {
    const index = server.services.searchIndex!;
    expect(index.status()).toBe("ready");
    const database = new CatalogService(server.dataSource, server.services.cache);
    const answeredBefore = index.answered.here;
    let broad = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const request = searchRequest(seed);
      const [fromIndex, fromDatabase] = [await server.services.catalog.list(request), await database.list(request)];
      const seen = (page: typeof fromIndex) => ({ ...page, items: page.items.map((item) => item.id) });
      expect(seen(fromIndex), JSON.stringify(request)).toEqual(seen(fromDatabase));
      if (fromIndex.totalItems >= 1000) broad++;
      if (fromIndex.endCursor) {
        const next = { ...request, page: 1, after: fromIndex.endCursor };
        expect(seen(await server.services.catalog.list(next)), JSON.stringify(next)).toEqual(seen(await database.list(next)));
      }
    }
    // most searches were the index's (verified sellers, a NOT alone and the like go to the database), and some ranked their newest 1,000 of more
    expect(index.answered.here - answeredBefore).toBeGreaterThan(500);
    expect(broad).toBeGreaterThan(10);
  });

  it("answers 400 shop pages without words, their counts and next pages as the listing's statements do, before and after writes", async ({
    server,
  }) => {
    const index = server.services.searchIndex!;
    /** Both answer with caches of their own: a shared one would hand one's entry pages and counts to the other. */
    const compare = async (seeds: number[]) => {
      const [indexed, database] = [
        new CatalogService(server.dataSource, createCache(undefined), undefined, index),
        new CatalogService(server.dataSource, createCache(undefined)),
      ];
      const answeredBefore = index.answered.here;
      let full = 0;
      for (const seed of seeds) {
        const request = shopRequest(seed);
        const [fromIndex, fromDatabase] = [await indexed.list(request), await database.list(request)];
        const seen = (page: typeof fromIndex) => ({ ...page, items: page.items.map((item) => item.id) });
        expect(seen(fromIndex), JSON.stringify(request)).toEqual(seen(fromDatabase));
        if (fromIndex.items.length === request.pageSize) full++;
        if (fromIndex.endCursor) {
          const next = { ...request, page: 1, after: fromIndex.endCursor };
          expect(seen(await indexed.list(next)), JSON.stringify(next)).toEqual(seen(await database.list(next)));
        }
      }
      // pages and counts: all but the verified sellers' were the index's, and most pages were full
      expect(index.answered.here - answeredBefore).toBeGreaterThan(seeds.length * 2);
      expect(full).toBeGreaterThan(seeds.length / 2);
    };
    await compare(Array.from({ length: 200 }, (_, i) => 1000 + i));

    // writes that move listings in every order: prices (to one price, ties), ratings, new listings,
    // renamed ones (a new slot), deleted, hidden, sold out long ago
    const ids = (await server.dataSource.query(`SELECT id FROM products WHERE "deletedAt" IS NULL ORDER BY id`)).map(
      (r: { id: string }) => r.id,
    );
    const some = (step: number, offset: number) => ids.filter((_: string, i: number) => i % step === offset);
    await server.dataSource.query(`UPDATE products SET "pricePaisa" = 2500000 WHERE id = ANY($1)`, [some(10, 1)]);
    await server.dataSource.query(`UPDATE products SET "pricePaisa" = "pricePaisa" / 3 + 7 WHERE id = ANY($1)`, [some(10, 2)]);
    await server.dataSource.query(`UPDATE products SET "ratingAverage" = 4.5, "ratingCount" = "ratingCount" + 1 WHERE id = ANY($1)`, [
      some(15, 3),
    ]);
    await server.dataSource.query(`UPDATE products SET name = name || ' mark two' WHERE id = ANY($1)`, [some(40, 4)]);
    await server.dataSource.query(`UPDATE products SET "deletedAt" = now() WHERE id = ANY($1)`, [some(60, 5)]);
    await server.dataSource.query(`UPDATE products SET "hiddenAt" = now() WHERE id = ANY($1)`, [some(70, 6)]);
    await server.dataSource.query(
      `UPDATE products SET "quantityAvailable" = 0, "soldOutAt" = now() - interval '9 days' WHERE id = ANY($1)`,
      [some(80, 7)],
    );
    await server.dataSource.query(
      `INSERT INTO products ("sellerId", name, description, category, color, condition, campus, "pricePaisa", image, "ratingAverage", "ratingCount", "createdAt")
       SELECT ($1::uuid[])[1 + g % 3], 'new lamp ' || g, 'A new lamp', ${`(ARRAY['books','electronics','furniture','clothing'])[1 + g % 4]`},
              'red', 'new', 'lums-lahore', 2500000, '/uploads/x.webp', 4.5, g % 5, now() - g * interval '1 minute'
         FROM generate_series(1, 150) g`,
      [sellers.map((seller) => seller.user.id)],
    );
    await compare(Array.from({ length: 200 }, (_, i) => 2000 + i));
  });
});
