import { describe, expect, it } from "vitest";
import { signUp } from "../../test/fixtures";
import { startTestServer } from "../../test/harness";
import { searchMonths, type SearchStats } from "./search";

/** 100,000 listings a month: "lamp" in 5 % of them, "table" in 4 %, "desk" in 1 %, any other word at most 0.01 %. */
const stats: SearchStats = {
  monthlyListings: 100_000,
  shares: new Map(Object.entries({ lamp: 0.05, table: 0.04, desk: 0.01, lamps: 0.002 })),
  otherShare: 0.0001,
};
const midMonth = new Date("2026-12-16T00:00:00Z");
const firstHour = new Date("2026-12-01T00:30:00Z");

describe("how many months a search reads one at a time", () => {
  it("this month alone for a common word, the month before too while this one is young", () => {
    expect(searchMonths(stats, "lamp", null, midMonth)).toBe(1);
    expect(searchMonths(stats, "Lamp!", null, midMonth)).toBe(1);
    expect(searchMonths(stats, "lamp", null, firstHour)).toBe(2);
  });

  it("more months for a rarer word, every match at once for a rare one", () => {
    // 1,000 a month: half of this month and the one before hold 1,500
    expect(searchMonths(stats, "desk", null, midMonth)).toBe(2);
    expect(searchMonths(stats, "desk", null, firstHour)).toBe(3);
    expect(searchMonths(stats, "harmonium", null, midMonth)).toBeNull();
  });

  it("sizes several words by the rarest of them, and reads one month of them at most", () => {
    expect(searchMonths(stats, "lamp table", null, midMonth)).toBe(1);
    expect(searchMonths(stats, "lamp table", null, firstHour)).toBeNull();
    expect(searchMonths(stats, "lamp desk", null, midMonth)).toBeNull();
  });

  it("sizes a corrected word by its corrections' shares summed", () => {
    // "lapm" is in no listing: its corrections "lamp" or "lamps" are common
    expect(searchMonths(stats, "lapm", "('lamp' | 'lamps')", midMonth)).toBe(1);
    expect(searchMonths(stats, "lapm tabel", "('lamp' | 'lamps') & 'table'", midMonth)).toBe(1);
    expect(searchMonths(stats, "harmonim", "'harmonium'", midMonth)).toBeNull();
  });

  it("reads this month alone before the rest while the table has no statistics", () => {
    expect(searchMonths({ monthlyListings: 0, shares: new Map(), otherShare: 0 }, "harmonium", null, midMonth)).toBe(1);
  });
});

describe("a search sized from the database's statistics", () => {
  it("reads a common word by month and a rare one at once, both newest first", async () => {
    // the database's statement, not the search index
    const server = await startTestServer({ env: { SEARCH_INDEX: "database" } });
    try {
      const seller = await signUp(server, "seller");
      // 2,000 lanterns over the last 60 days, oldest first as a live table holds them, and 5 harmoniums of any age
      await server.dataSource.query(
        `INSERT INTO products ("sellerId", name, description, category, color, "pricePaisa", image, "createdAt")
         SELECT $1::uuid, 'Camping lantern', 'A camping lantern', 'sports', 'black', 50000, '/uploads/l.webp', now() - (2001 - g) * interval '43 minutes'
           FROM generate_series(1, 2000) g
         UNION ALL
         SELECT $1::uuid, 'Harmonium ' || g, 'A hand-pumped harmonium', 'accessories', 'black', 900000, '/uploads/h.webp',
                now() - (ARRAY[interval '1 day', interval '50 days', interval '400 days', interval '3 years', interval '5 years'])[g]
           FROM generate_series(1, 5) g`,
        [seller.user.id],
      );
      await server.dataSource.query(`ANALYZE products`);
      const LIST = `query ($search: String!) { products(filter: { search: $search }, sort: NEWEST, pageSize: 5) { totalItems items { id name } } }`;
      const search = async (words: string) => {
        const { result, statements } = await server.queries.measure(() => server.gql(LIST, { search: words }));
        expect(result.errors).toBeUndefined();
        const statement = statements.find((text) => text.includes("WITH candidate"));
        return { products: result.data.products, byMonth: statement?.includes("date_trunc('month'") };
      };

      const lanterns = await search("lantern");
      expect(lanterns.byMonth).toBe(true);
      const newest = await server.dataSource.query<{ id: string }[]>(
        `SELECT id FROM products WHERE name = 'Camping lantern' ORDER BY "createdAt" DESC LIMIT 5`,
      );
      expect(lanterns.products).toMatchObject({ totalItems: 1000, items: newest.map(({ id }) => ({ id })) });

      const harmoniums = await search("harmonium");
      expect(harmoniums.byMonth).toBe(false);
      expect(harmoniums.products.totalItems).toBe(5);
      expect(harmoniums.products.items.map((p: { name: string }) => p.name)).toEqual([1, 2, 3, 4, 5].map((g) => `Harmonium ${g}`));
    } finally {
      await server.close();
    }
  });
});
