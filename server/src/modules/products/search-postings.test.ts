import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { asCaller, signUp, type SignedIn } from "../../test/fixtures";
import type { TestServer } from "../../test/harness";
import { filterConditions, ProductSort } from "./listing";
import { correctedQuery, postingWords, searchPage, searchWords, wordTerm, type SearchTerms } from "./search";
import { LIST, validProduct } from "./testing";
import { SearchPostings1765583920417 } from "../../platform/db/migrations/1765583920417-search-postings";

/** A search's page both ways: through the word index (as the app runs it) and through the full-text index alone. */
async function bothWays(server: TestServer, filter: { search: string; category?: string }, sort: ProductSort) {
  const db = server.dataSource;
  const terms = [];
  for (const word of searchWords(filter.search)) terms.push(await wordTerm((text, values) => db.query(text, values), word));
  const { conditions, parameters } = filterConditions(filter);
  const query = { conditions, parameters: { ...parameters, search: filter.search }, sort, keyset: null, offset: 0, limit: 50 };
  const page = (terms: SearchTerms) => searchPage(db, { ...query, ...terms });
  const corrected = correctedQuery(terms);
  return {
    postings: postingWords(filter.search, terms),
    wordIndex: await page({ corrected, postings: postingWords(filter.search, terms) }),
    fullText: await page({ corrected, postings: null }),
  };
}

/** The word index's rows of a listing, and the kept words of its name and description (what they must be). */
async function postingsOf(server: TestServer, id: string) {
  const [rows, [{ words }]] = await Promise.all([
    server.dataSource.query(`SELECT word, category FROM search_postings WHERE "productId" = $1 ORDER BY word`, [id]),
    server.dataSource.query(
      `SELECT coalesce(array_agg(w ORDER BY w), '{}') AS words FROM products, unnest(tsvector_to_array(search_vector)) w
        WHERE id = $1 AND "deletedAt" IS NULL AND search_word_kept(w)`,
      [id],
    ),
  ]);
  return {
    words: rows.map((r: { word: string }) => r.word),
    categories: [...new Set(rows.map((r: { category: string }) => r.category))],
    kept: words,
  };
}

describe("products: the search's word index", () => {
  let shop: SignedIn;
  const found = async (server: TestServer, search: string, more: Record<string, unknown> = {}) =>
    // signed in: a fresh answer each time, never a visitor's cached one
    (await server.gql(LIST, { pageSize: 50, filter: { search, sellerId: shop.user.id, ...more } }, shop.token)).data.products.items.map(
      (p: { name: string }) => p.name,
    );

  it.beforeAll(async ({ server }) => {
    shop = await signUp(server, "seller");
    const rows = [
      { name: "Scientific Calculator", category: "electronics", price: 2450 },
      { name: "Graphing Calculator Manual", category: "books", price: 40, description: "A spiral-bound guide to every button." },
      { name: "Calculator Cover", category: "electronics", price: 300, description: "Hard shell for a scientific calculator." },
      { name: "Gel Pen Set", category: "stationery", price: 75, description: "Twelve smooth pens for lecture notes." },
      { name: "Geometry Box", category: "stationery", price: 150, description: "Compass and protractor for drawing class." },
      { name: "Drawing Pencils", category: "stationery", price: 120, description: "Soft pencils for drawing class." },
      { name: "Cotton Kurta", category: "clothing", price: 2200, description: "Breathable kurta for summer lectures." },
    ];
    for (const row of rows) await server.services.products.create(validProduct({ oldPrice: null, ...row }), asCaller(shop));
  });

  const searches: Array<[string, { search: string; category?: string }, ProductSort]> = [
    ["one word by relevance", { search: "calculator" }, ProductSort.RELEVANCE],
    ["one word, newest first", { search: "drawing" }, ProductSort.NEWEST],
    ["one word with a typo", { search: "calculater" }, ProductSort.RELEVANCE],
    ["one word with a typo, by price", { search: "pencls" }, ProductSort.PRICE_ASC],
    ["one word within a category", { search: "calculator", category: "electronics" }, ProductSort.RELEVANCE],
    ["a word no listing has", { search: "zzqqxx" }, ProductSort.RELEVANCE],
  ];
  for (const [name, filter, sort] of searches) {
    it(`${name}: the word index finds what the full-text index finds, in the same order`, async ({ server }) => {
      const { postings, wordIndex, fullText } = await bothWays(server, filter, sort);
      expect(postings).not.toBeNull();
      expect(wordIndex).toEqual(fullText);
    });
  }

  it("two words, websearch syntax and short words keep to the full-text index", async ({ server }) => {
    for (const search of ["drawing class", "-calculator", "12"])
      expect((await bothWays(server, { search }, ProductSort.RELEVANCE)).postings).toBeNull();
  });

  it("typical searches find the listings they found before", async ({ server }) => {
    expect((await found(server, "calculator")).sort()).toEqual(["Calculator Cover", "Graphing Calculator Manual", "Scientific Calculator"]);
    expect((await found(server, "calculater", { category: "electronics" })).sort()).toEqual(["Calculator Cover", "Scientific Calculator"]);
    expect((await found(server, "drawing")).sort()).toEqual(["Drawing Pencils", "Geometry Box"]);
  });

  it("writes keep the index current: create, edit, hide, sell, delete", async ({ server, cast: { admin } }) => {
    const owner = asCaller(shop);
    const item = await server.services.products.create(
      validProduct({ name: "Quokka Lamp", description: "A desk lamp shaped like a quokka.", category: "electronics", oldPrice: null }),
      owner,
    );
    let postings = await postingsOf(server, item.id);
    expect(postings.words).toEqual(postings.kept);
    expect(postings.words).toContain("quokka");
    expect(await found(server, "quokka")).toEqual(["Quokka Lamp"]);

    // edit: the old words leave, the new ones come; a new category moves every posting
    await server.services.products.update(
      item.id,
      { name: "Wombat Lamp", description: "A desk lamp shaped like a wombat.", category: "furniture" },
      owner,
    );
    postings = await postingsOf(server, item.id);
    expect(postings.words).toEqual(postings.kept);
    expect(postings.words).not.toContain("quokka");
    expect(postings.categories).toEqual(["furniture"]);
    expect(await found(server, "quokka")).toEqual([]);
    expect(await found(server, "wombat", { category: "furniture" })).toEqual(["Wombat Lamp"]);
    expect(await found(server, "wombat", { category: "electronics" })).toEqual([]);

    // hidden by a moderator: out of the search, back once shown
    const moderate = (action: string) =>
      server.services.moderation.moderate({ targetKind: "LISTING", targetId: item.id, action }, asCaller(admin));
    await moderate("HIDE_LISTING");
    expect(await found(server, "wombat")).toEqual([]);
    await moderate("UNHIDE_LISTING");
    expect(await found(server, "wombat")).toEqual(["Wombat Lamp"]);

    // sold: still found (shown as sold for a while, as the shop shows it), its postings kept
    await server.services.products.update(item.id, { quantityAvailable: 0 }, owner);
    expect(await found(server, "wombat")).toEqual(["Wombat Lamp"]);
    postings = await postingsOf(server, item.id);
    expect(postings.words).toEqual(postings.kept);

    // deleted: its postings go
    await server.services.products.remove(item.id, owner);
    expect((await postingsOf(server, item.id)).words).toEqual([]);
    expect(await found(server, "wombat")).toEqual([]);
    // restored (by hand: no path restores a listing today): its postings come back
    await server.dataSource.query(`UPDATE products SET "deletedAt" = NULL WHERE id = $1`, [item.id]);
    postings = await postingsOf(server, item.id);
    expect(postings.words).toEqual(postings.kept);
    expect(postings.words).toContain("wombat");
  });

  it("the migration fills the index with the listings already there", async ({ server }) => {
    const everyPosting = () =>
      server.dataSource.query(`SELECT word, "createdAt", "productId", category FROM search_postings ORDER BY 1, 2, 3`);
    const before = await everyPosting();
    expect(before.length).toBeGreaterThan(20);
    const runner = server.dataSource.createQueryRunner();
    try {
      await runner.startTransaction();
      await new SearchPostings1765583920417().down(runner);
      await new SearchPostings1765583920417().up(runner);
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
    expect(await everyPosting()).toEqual(before);
  });
});
