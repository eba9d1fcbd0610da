import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { signUp, type SignedIn } from "../../test/fixtures";
import { codeOf, type GraphQLResult } from "../../test/harness";

let big: SignedIn;
let small: SignedIn;

const LIST = `query ($filter: ProductFilter, $sort: ProductSort, $page: Int, $pageSize: Int, $after: String) {
  products(filter: $filter, sort: $sort, page: $page, pageSize: $pageSize, after: $after) {
    totalItems totalIsExact totalPages page hasNextPage endCursor items { id name } } }`;

it.beforeAll(async ({ server }) => {
  [big, small] = await Promise.all([signUp(server, "seller"), signUp(server, "seller")]);
  // 10,050 listings of one seller (more than the count bound), straight in the table
  await server.dataSource.query(
    `INSERT INTO products ("sellerId", name, description, category, color, "pricePaisa", image, "createdAt")
     SELECT $1, 'Notebook ' || g, 'Ruled notebook number ' || g, 'stationery', 'blue', 10000 + g % 7 * 100, '/uploads/n.webp', now() - g * interval '1 minute'
     FROM generate_series(1, 10050) g`,
    [big.user.id],
  );
  // seven of another seller with equal prices, ratings and timestamps, so ties decide the order
  await server.dataSource.query(
    `INSERT INTO products ("sellerId", name, description, category, color, "pricePaisa", image, "ratingAverage", "ratingCount", "createdAt")
     SELECT $1, 'Pen ' || g, 'Blue gel pen number ' || g, 'stationery', 'blue', 5000 + (g % 2) * 100, '/uploads/p.webp', (g % 3)::numeric, g % 2, '2026-01-01T00:00:00.123456Z'
     FROM generate_series(1, 7) g`,
    [small.user.id],
  );
});

describe("products at scale", () => {
  it("counts exactly up to 10,000 and reports a lower bound past it", async ({ server }) => {
    const many = await server.gql(LIST, { filter: { sellerId: big.user.id }, pageSize: 8 });
    expect(many.errors).toBeUndefined();
    expect(many.data.products).toMatchObject({ totalItems: 10_000, totalIsExact: false, totalPages: 1250, hasNextPage: true });
    const few = await server.gql(LIST, { filter: { sellerId: small.user.id }, pageSize: 8 });
    expect(few.data.products).toMatchObject({ totalItems: 7, totalIsExact: true, totalPages: 1, hasNextPage: false, endCursor: null });
  });

  it("counts a colour within a category exactly, hidden and sold-out listings left out", async ({ server }) => {
    // 30 red among the 10,050 blue notebooks; one more hidden by moderation, one sold out long ago
    const third = await signUp(server, "seller");
    await server.dataSource.query(
      `INSERT INTO products ("sellerId", name, description, category, color, "pricePaisa", image, "hiddenAt", "quantityAvailable", "soldOutAt")
       SELECT $1, 'Red folder ' || g, 'A red folder', 'stationery', 'red', 20000 + g, '/uploads/f.webp',
              CASE WHEN g = 31 THEN now() END, CASE WHEN g = 32 THEN 0 ELSE 1 END, CASE WHEN g = 32 THEN now() - interval '30 days' END
       FROM generate_series(1, 32) g`,
      [third.user.id],
    );
    const red = await server.gql(LIST, { filter: { category: "stationery", color: "red", minPrice: 200 }, pageSize: 8 });
    expect(red.data.products).toMatchObject({ totalItems: 30, totalIsExact: true, totalPages: 4 });
    const blue = await server.gql(LIST, { filter: { category: "stationery", color: "blue", minPrice: 0 }, pageSize: 8 });
    expect(blue.data.products).toMatchObject({ totalItems: 10_000, totalIsExact: false });
  });

  it("refuses numbered pages past 10,000 products; a cursor reaches past them", async ({ server }) => {
    const deep = await server.gql(LIST, { filter: { sellerId: big.user.id }, page: 1251, pageSize: 8 });
    expect(codeOf(deep)).toBe("BAD_USER_INPUT");
    expect(deep.errors?.[0].message).toMatch(/first 10,000 products/);
    const last = await server.gql(LIST, { filter: { sellerId: big.user.id }, page: 201, pageSize: 50 });
    expect(codeOf(last)).toBe("BAD_USER_INPUT");
    // page 200 of 50 ends at product 10,000 (Notebook 10000); its cursor leads on to 10,001
    const page200 = await server.gql(LIST, { filter: { sellerId: big.user.id }, page: 200, pageSize: 50 });
    expect(page200.data.products.items.at(-1).name).toBe("Notebook 10000");
    const next = await server.gql(LIST, { filter: { sellerId: big.user.id }, pageSize: 50, after: page200.data.products.endCursor });
    expect(next.errors).toBeUndefined();
    expect(next.data.products.items.map((p: { name: string }) => p.name)).toEqual(
      Array.from({ length: 50 }, (_, i) => `Notebook ${10_001 + i}`),
    );
  });

  it.for(["NEWEST", "PRICE_ASC", "PRICE_DESC", "RATING", "RELEVANCE"])(
    "walks %s by cursor in the same order as one big page, ties included",
    async (sort, { server }) => {
      const filter = { sellerId: small.user.id };
      const whole = await server.gql(LIST, { filter, sort, pageSize: 50 });
      const walked: string[] = [];
      let after: string | null = null;
      for (let step = 0; step < 10; step++) {
        const res: GraphQLResult = await server.gql(LIST, { filter, sort, pageSize: 2, after });
        expect(res.errors).toBeUndefined();
        walked.push(...res.data.products.items.map((p: { id: string }) => p.id));
        after = res.data.products.endCursor;
        expect(res.data.products.hasNextPage).toBe(after !== null);
        if (!after) break;
      }
      expect(walked).toEqual(whole.data.products.items.map((p: { id: string }) => p.id));
      expect(walked).toHaveLength(7);
    },
  );

  it("pages a relevance ranking by cursor too", async ({ server }) => {
    const filter = { search: "gel pen" };
    const whole = await server.gql(LIST, { filter, sort: "RELEVANCE", pageSize: 50 });
    const first = await server.gql(LIST, { filter, sort: "RELEVANCE", pageSize: 4 });
    const second = await server.gql(LIST, { filter, sort: "RELEVANCE", pageSize: 4, after: first.data.products.endCursor });
    const ids = [...first.data.products.items, ...second.data.products.items].map((p: { id: string }) => p.id);
    expect(ids).toEqual(whole.data.products.items.map((p: { id: string }) => p.id));
  });

  it("refuses a malformed cursor and one of another sort, with a clear message", async ({ server }) => {
    expect(codeOf(await server.gql(LIST, { after: "not-a-cursor" }))).toBe("BAD_USER_INPUT");
    const newest = await server.gql(LIST, { filter: { sellerId: small.user.id }, pageSize: 2 });
    const other = await server.gql(LIST, { filter: { sellerId: small.user.id }, sort: "PRICE_ASC", after: newest.data.products.endCursor });
    expect(codeOf(other)).toBe("BAD_USER_INPUT");
    expect(other.errors?.[0].message).toBe("This cursor belongs to another sort.");
  });

  it("ranks a broad search's newest 1,000 matches, which a live table holds last", async ({ server }) => {
    // 1,200 alike lanterns listed three hours apart over five months, oldest first as a live table
    // holds them: the cheaper the older, so the cheapest of all are outside the newest 1,000
    const lanterns = await signUp(server, "seller");
    await server.dataSource.query(
      `INSERT INTO products ("sellerId", name, description, category, color, "pricePaisa", image, "createdAt")
       SELECT $1, 'Camping lantern', 'A camping lantern', 'sports', 'black', 50000 + g * 100, '/uploads/l.webp', now() - (1201 - g) * interval '3 hours'
       FROM generate_series(1, 1200) g`,
      [lanterns.user.id],
    );
    const idsBy = async (order: string) =>
      (
        await server.dataSource.query<{ id: string }[]>(`SELECT id FROM products WHERE "sellerId" = $1 ORDER BY ${order} LIMIT 3`, [
          lanterns.user.id,
        ])
      ).map((row) => row.id);
    const found = async (sort: string, search = "lantern") => {
      const res = await server.gql(LIST, { filter: { search }, sort, pageSize: 3 });
      expect(res.errors).toBeUndefined();
      expect(res.data.products).toMatchObject({ totalItems: 1000, totalIsExact: false });
      return res.data.products.items.map((p: { id: string }) => p.id);
    };
    const newest = await idsBy(`"createdAt" DESC`);
    expect(await found("NEWEST")).toEqual(newest);
    // two words as one: the same newest, whichever months are read one at a time
    expect(await found("NEWEST", "camping lantern")).toEqual(newest);
    // equally relevant: the newest first
    expect(await found("RELEVANCE")).toEqual(newest);
    // the cheapest of the newest 1,000: the 201st listed on
    expect(await found("PRICE_ASC")).toEqual(await idsBy(`"createdAt" OFFSET 200`));
  });

  it("finds a rare word's matches of any age, a future date (a clock set back) included", async ({ server }) => {
    const seller = await signUp(server, "seller");
    await server.dataSource.query(
      `INSERT INTO products ("sellerId", name, description, category, color, "pricePaisa", image, "createdAt")
       SELECT $1, 'Harmonium ' || g, 'A hand-pumped harmonium', 'accessories', 'black', 900000, '/uploads/h.webp',
              now() + (ARRAY[interval '40 days', interval '0 days', interval '-45 days', interval '-400 days', interval '-3 years'])[g]
       FROM generate_series(1, 5) g`,
      [seller.user.id],
    );
    const res = await server.gql(LIST, { filter: { search: "harmonium" }, sort: "NEWEST", pageSize: 10 });
    expect(res.errors).toBeUndefined();
    expect(res.data.products).toMatchObject({ totalItems: 5, totalIsExact: true });
    expect(res.data.products.items.map((p: { name: string }) => p.name)).toEqual([1, 2, 3, 4, 5].map((g) => `Harmonium ${g}`));
  });

  it("still finds 'calculater' among many listings, and ranks a bounded set of candidates", async ({ server }) => {
    await server.dataSource.query(
      `INSERT INTO products ("sellerId", name, description, category, color, "pricePaisa", image)
       SELECT $1, 'Scientific Calculator', 'Casio-style calculator with 417 functions.', 'electronics', 'black', 245000, '/uploads/c.webp'`,
      [small.user.id],
    );
    const res = await server.gql(LIST, { filter: { search: "calculater" }, sort: "RELEVANCE" });
    expect(res.errors).toBeUndefined();
    expect(res.data.products.items.map((p: { name: string }) => p.name)).toContain("Scientific Calculator");
    const notebooks = await server.gql(LIST, { filter: { search: "notebook" }, pageSize: 8 });
    // 10,050 full-text matches: ranked among the first 1,000 candidates, and the count says "more"
    expect(notebooks.data.products).toMatchObject({ totalIsExact: false, hasNextPage: true });
    expect(notebooks.data.products.totalItems).toBeGreaterThanOrEqual(1000);
  });
});
