import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { asCaller, signUp, type SignedIn } from "../../test/fixtures";
import { codeOf, type GraphQLResult, type TestServer } from "../../test/harness";
import type { ProductFields } from "./service";
import { LIST, validProduct } from "./testing";

describe("products: filters, search, sorts and pages", () => {
  let shop: SignedIn;
  const names = (res: GraphQLResult) => res.data.products.items.map((p: { name: string }) => p.name);
  const list = (server: TestServer, variables: Record<string, unknown>) =>
    server.gql(LIST, { pageSize: 50, ...variables, filter: { sellerId: shop.user.id, ...(variables.filter as object) } });

  it.beforeAll(async ({ server }) => {
    shop = await signUp(server, "seller");
    const rows: Array<Partial<ProductFields>> = [
      { name: "Scientific Calculator", category: "electronics", color: "black", price: 2450, oldPrice: null },
      {
        name: "Graphing Calculator Manual",
        category: "books",
        color: "blue",
        price: 40,
        oldPrice: null,
        description: "A spiral-bound guide to every button.",
      },
      {
        name: "Gel Pen Set",
        category: "stationery",
        color: "blue",
        price: 75.5,
        oldPrice: null,
        description: "Twelve smooth pens for lecture notes.",
      },
      {
        name: "Geometry Box",
        category: "stationery",
        color: "silver",
        price: 150,
        oldPrice: null,
        description: "Compass and protractor for drawing class.",
      },
      {
        name: "Cotton Kurta",
        category: "clothing",
        color: "beige",
        price: 2200,
        oldPrice: null,
        description: "Breathable kurta for summer lectures.",
      },
    ];
    for (const row of rows) await server.services.products.create(validProduct(row), asCaller(shop));
    // ratings straight in the table: this block tests ordering, not reviewing
    await server.dataSource.query(
      `UPDATE products SET "ratingAverage" = 4.5, "ratingCount" = 2 WHERE name = 'Geometry Box' AND "sellerId" = $1`,
      [shop.user.id],
    );
    await server.dataSource.query(
      `UPDATE products SET "ratingAverage" = 4.5, "ratingCount" = 8 WHERE name = 'Gel Pen Set' AND "sellerId" = $1`,
      [shop.user.id],
    );
  });

  it("filters by category, accepting aliases and treating 'all' and '' as no filter", async ({ server }) => {
    expect(names(await list(server, { filter: { category: "stationery" } })).sort()).toEqual(["Gel Pen Set", "Geometry Box"]);
    expect(names(await list(server, { filter: { category: "Textbooks" } }))).toEqual(["Graphing Calculator Manual"]);
    expect(names(await list(server, { filter: { category: "dress" } }))).toEqual(["Cotton Kurta"]);
    expect((await list(server, { filter: { category: "all" } })).data.products.totalItems).toBe(5);
    expect((await list(server, { filter: { category: "", color: "ALL" } })).data.products.totalItems).toBe(5);
  });

  it("filters by colour and by a price range in PKR (inclusive)", async ({ server }) => {
    expect(names(await list(server, { filter: { color: "blue" }, sort: "PRICE_ASC" }))).toEqual([
      "Graphing Calculator Manual",
      "Gel Pen Set",
    ]);
    expect(names(await list(server, { filter: { minPrice: 50, maxPrice: 150 }, sort: "PRICE_ASC" }))).toEqual([
      "Gel Pen Set",
      "Geometry Box",
    ]);
    expect(names(await list(server, { filter: { minPrice: 0, maxPrice: 50 } }))).toEqual(["Graphing Calculator Manual"]);
    expect(names(await list(server, { filter: { minPrice: 200 }, sort: "PRICE_DESC" }))).toEqual(["Scientific Calculator", "Cotton Kurta"]);
  });

  it("refuses unknown categories, colours, malformed seller ids and upside-down price ranges", async ({ server }) => {
    for (const filter of [
      { category: "spaceships" },
      { color: "neon" },
      { sellerId: "42" },
      { minPrice: 100, maxPrice: 50 },
      { minPrice: -1 },
    ]) {
      const res = await server.gql(LIST, { filter });
      expect(codeOf(res), JSON.stringify(filter)).toBe("BAD_USER_INPUT");
    }
  });

  it("finds 'calculater' (a typo) and 'calcu' (a prefix) through the listings' vocabulary, and ranks by relevance", async ({ server }) => {
    const typo = await list(server, { filter: { search: "calculater" }, sort: "RELEVANCE" });
    expect(names(typo)[0]).toBe("Scientific Calculator");
    expect(names(typo)).toContain("Graphing Calculator Manual");
    expect(names(await list(server, { filter: { search: "scientific calculater" }, sort: "RELEVANCE" }))[0]).toBe("Scientific Calculator");
    expect(names(await list(server, { filter: { search: "calcu" }, sort: "RELEVANCE" }))).toEqual([
      "Scientific Calculator",
      "Graphing Calculator Manual",
    ]);
    const ranked = names(await list(server, { filter: { search: "scientific calculator" }, sort: "RELEVANCE" }));
    expect(ranked[0]).toBe("Scientific Calculator");
    // the ranking folds case on both sides: typed in capitals, the same order
    expect(names(await list(server, { filter: { search: "SCIENTIFIC Calculator" }, sort: "RELEVANCE" }))).toEqual(ranked);
  });

  it("ranks a typo's corrected word in a name above the same word in a description, and a closer name first", async ({ server }) => {
    const mention = await server.services.products.create(
      validProduct({ name: "Pen", description: "Fits in a calculator pouch." }),
      asCaller(shop),
    );
    try {
      expect(names(await list(server, { filter: { search: "calculater" }, sort: "RELEVANCE" }))).toEqual([
        "Scientific Calculator",
        "Graphing Calculator Manual",
        "Pen",
      ]);
      expect(names(await list(server, { filter: { search: "graphing calculater" }, sort: "RELEVANCE" }))[0]).toBe(
        "Graphing Calculator Manual",
      );
    } finally {
      await server.services.products.remove(mention.id, asCaller(shop));
    }
  });

  it("corrects a short word's swapped, dropped or extra letter, and leaves far words out of a correction", async ({ server }) => {
    const added = await Promise.all(
      [
        { name: "Wool Scarf" },
        { name: "Desk Lamp", description: "Collect it anywhere in Lahore." },
        { name: "Large Water Bottle" },
        // a token past levenshtein's 255 characters in the vocabulary must not break a correction
        { name: "Shoe Rack", description: `Label ${"q".repeat(300)}.` },
      ].map((fields) => server.services.products.create(validProduct(fields), asCaller(shop))),
    );
    try {
      // too few trigrams in common with their word: one edit away instead
      expect(names(await list(server, { filter: { search: "sacrf" } }))).toEqual(["Wool Scarf"]);
      expect(names(await list(server, { filter: { search: "lmap" } }))).toEqual(["Desk Lamp"]);
      expect(names(await list(server, { filter: { search: "soe rack" } }))).toEqual(["Shoe Rack"]);
      // "large" is close; "lahore" (in the lamp's description) is far behind it and left out
      expect(names(await list(server, { filter: { search: "lare" } }))).toEqual(["Large Water Bottle"]);
      // still nothing for a word nothing is near
      expect(names(await list(server, { filter: { search: "xqzvw" } }))).toEqual([]);
    } finally {
      for (const product of added) await server.services.products.remove(product.id, asCaller(shop));
    }
  });

  it("learns the words of new and edited listings; keeps no numbers; takes quotes, backslashes and odd words without an error", async ({
    server,
  }) => {
    // searched before the listing exists: the remembered correction (none) must not outlive the write
    expect(names(await list(server, { filter: { search: "zephyrbord" } }))).toEqual([]);
    const created = await server.services.products.create(
      validProduct({ name: "Zephyrboard Keyboard", description: "Listing 90817." }),
      asCaller(shop),
    );
    expect(names(await list(server, { filter: { search: "zephyrbord" } }))).toEqual(["Zephyrboard Keyboard"]);
    await server.services.products.update(created.id, { name: "Quokkalamp Keyboard" }, asCaller(shop));
    expect(names(await list(server, { filter: { search: "quokalamp" } }))).toEqual(["Quokkalamp Keyboard"]);
    const words = await server.dataSource.query(`SELECT word FROM search_words WHERE word IN ('zephyrboard', 'quokkalamp', '90817')`);
    expect(words.map((w: { word: string }) => w.word).sort()).toEqual(["quokkalamp", "zephyrboard"]);
    for (const search of [`calc'ulater`, "calc\\ulater", `"unclosed`, "-zephyrboard or", "ab"]) {
      expect((await list(server, { filter: { search } })).errors, search).toBeUndefined();
    }
    await server.services.products.remove(created.id, asCaller(shop));
  });

  it("searches descriptions with full-text, supports quoted phrases, and ignores case", async ({ server }) => {
    expect(names(await list(server, { filter: { search: "PROTRACTOR" } }))).toEqual(["Geometry Box"]);
    expect(names(await list(server, { filter: { search: "lectures" } }))).toEqual(["Cotton Kurta"]);
    expect(names(await list(server, { filter: { search: '"lecture notes"' } }))).toEqual(["Gel Pen Set"]);
    expect((await list(server, { filter: { search: "zzqxv" } })).data.products).toMatchObject({ items: [], totalItems: 0, totalPages: 0 });
    // every word must match: a word with no close known word finds nothing, however close the others
    expect((await list(server, { filter: { search: "zzqxv nothing like this" } })).data.products.totalItems).toBe(0);
    expect(names(await list(server, { filter: { search: "geometri box" } }))).toEqual(["Geometry Box"]);
    expect((await list(server, { filter: { search: "   " } })).data.products.totalItems).toBe(5);
  });

  it("sorts by price, rating (more reviews first on ties) and newest", async ({ server }) => {
    expect(names(await list(server, { sort: "PRICE_ASC" }))).toEqual([
      "Graphing Calculator Manual",
      "Gel Pen Set",
      "Geometry Box",
      "Cotton Kurta",
      "Scientific Calculator",
    ]);
    expect(names(await list(server, { sort: "PRICE_DESC" }))[0]).toBe("Scientific Calculator");
    expect(names(await list(server, { sort: "RATING" })).slice(0, 2)).toEqual(["Gel Pen Set", "Geometry Box"]);
    expect(names(await list(server, {}))).toEqual([
      "Cotton Kurta",
      "Geometry Box",
      "Gel Pen Set",
      "Graphing Calculator Manual",
      "Scientific Calculator",
    ]);
  });

  it("pages with 8 by default, caps the page size at 50 and refuses page 0", async ({ server }) => {
    const res = await server.gql(LIST, { filter: { sellerId: shop.user.id }, page: 2, pageSize: 2 });
    expect(res.data.products).toMatchObject({ totalItems: 5, totalPages: 3, page: 2, pageSize: 2 });
    expect(names(res)).toEqual(["Gel Pen Set", "Graphing Calculator Manual"]);
    expect((await server.gql(LIST, {})).data.products.pageSize).toBe(8);
    expect((await server.gql(LIST, { pageSize: 50 })).errors).toBeUndefined();
    expect(codeOf(await server.gql(LIST, { pageSize: 51 }))).toBe("BAD_USER_INPUT");
    expect(codeOf(await server.gql(LIST, { page: 0 }))).toBe("BAD_USER_INPUT");
    expect((await server.gql(LIST, { filter: { sellerId: shop.user.id }, page: 99 })).data.products).toMatchObject({
      items: [],
      totalItems: 5,
    });
  });
});
