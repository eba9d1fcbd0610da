import { formatPKR } from "@unibazaar/rules";
import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { insertProduct, signUp, type SignedIn } from "../../test/fixtures";
import type { TestServer } from "../../test/harness";
import { MIN_SIMILAR, titleWords, WALKED } from "./prices";

let seller: SignedIn;
let other: SignedIn;
it.beforeAll(async ({ server }) => {
  [seller, other] = await Promise.all([signUp(server, "seller"), signUp(server, "seller")]);
  // the catalogue (the fixture lists books): just enough similar calculus books, their median PKR 3,000
  const spread = Array.from({ length: MIN_SIMILAR - 2 }, (_, i) => 3000 + (i % 2 ? 1 : -1) * 100 * (Math.floor(i / 2) + 2));
  for (const [i, price] of [3000, 3000, ...spread].entries())
    await insertProduct(server.dataSource, other.user.id, { name: `Thomas Calculus ${i + 10}th edition`, pricePaisa: price * 100 });
});

const CREATE = `mutation ($input: ProductInput!) { createProduct(input: $input) { id priceNote } }`;
const ONE = `query ($id: ID!) { product(id: $id) { priceNote usualPrice } }`;
const list = (server: TestServer, name: string, price: number, category = "books") =>
  server.gql(
    CREATE,
    { input: { name, description: "Good condition.", category, color: "blue", price, image: "/uploads/x.webp" } },
    seller.token,
  );

describe("too good to be true", () => {
  it("warns the seller on listing far below the median of similar listings, and shows buyers the same note", async ({ server }) => {
    const res = await list(server, "Calculus by Thomas", 900);
    expect(res.errors).toBeUndefined();
    expect(res.data.createProduct.priceNote).toBe(
      `Priced far below similar listings (usually around ${formatPKR(3000)}). Meet in person and check the item before you pay.`,
    );
    // the same warning to buyers, and its figure (the catalogue's median) for clients that word it themselves
    expect((await server.gql(ONE, { id: res.data.createProduct.id })).data.product).toEqual({
      priceNote: res.data.createProduct.priceNote,
      usualPrice: 3000,
    });
  });

  it("says nothing for a fair price, another category, unrelated words, or too few similar listings", async ({ server }) => {
    const fair = await list(server, "Calculus by Thomas", 2000);
    expect(fair.data.createProduct.priceNote).toBeNull();
    expect((await server.gql(ONE, { id: fair.data.createProduct.id })).data.product.usualPrice).toBeNull();
    expect((await list(server, "Calculus by Thomas", 500, "sports")).data.createProduct.priceNote).toBeNull();
    expect((await list(server, "Organic Chemistry", 500)).data.createProduct.priceNote).toBeNull();
    // one similar listing too few (the calculus books above are just enough)
    await listedBefore(server, "Linear Algebra", MIN_SIMILAR - 1, 3000, 1, "books");
    expect((await list(server, "Linear Algebra", 900)).data.createProduct.priceNote).toBeNull();
  });

  /** `count` listings of `category` named `name` at `price` rupees, the newest `minutesAgo` minutes old and each older one a minute older. */
  const listedBefore = (server: TestServer, name: string, count: number, price: number, minutesAgo: number, category = "sports") =>
    server.dataSource.query(
      `INSERT INTO products ("sellerId", name, description, category, color, "pricePaisa", image, "createdAt")
       SELECT $1, $2::text, 'Barely used.', $6, 'black', $3, '/uploads/bulk-' || md5($2::text || $4::int || g) || '.webp', now() - make_interval(mins => $4::int + g)
         FROM generate_series(1, $5) g`,
      [other.user.id, name, price * 100, minutesAgo, count, category],
    );

  it("compares the latest similar listings only, for a word common among the category's newest and for one beyond them", async ({
    server,
  }) => {
    // the latest 100 hockey sticks cost Rs 10,000, the 150 before them Rs 1,000: the note follows the latest
    await listedBefore(server, "Hockey stick", 150, 1000, 200);
    await listedBefore(server, "Hockey stick", 110, 10000, 10);
    expect((await list(server, "Hockey stick", 3000, "sports")).data.createProduct.priceNote).toContain(formatPKR(10000));
    // badminton rackets, all older than the category's WALKED newest listings (footballs): still their latest 100
    await listedBefore(server, "Badminton racket", 150, 800, 5000);
    await listedBefore(server, "Badminton racket", 110, 8000, 3000);
    await listedBefore(server, "Football", WALKED, 2000, 1);
    expect((await list(server, "Badminton racket", 2500, "sports")).data.createProduct.priceNote).toContain(formatPKR(8000));
    expect((await list(server, "Badminton racket", 4000, "sports")).data.createProduct.priceNote).toBeNull();
  });

  it("compares a listing with the others only, an even count's median the mean of the middle two", async ({ server }) => {
    // six kazoos at Rs 1,000 and Rs 3,000 (median Rs 2,000), then one at Rs 700, among its own similar listings
    await listedBefore(server, "Kazoo band", 3, 1000, 10, "electronics");
    await listedBefore(server, "Kazoo band", 3, 3000, 20, "electronics");
    await listedBefore(server, "Kazoo band", 1, 700, 0, "electronics");
    const [cheap] = await server.dataSource.query(`SELECT id FROM products WHERE name = 'Kazoo band' AND "pricePaisa" = 70000`);
    // counted with the others, its own Rs 700 would make the median Rs 1,000, and Rs 700 a fair price
    expect((await server.gql(ONE, { id: cheap.id })).data.product.usualPrice).toBe(2000);
    const [fair] = await server.dataSource.query(`SELECT id FROM products WHERE name = 'Kazoo band' AND "pricePaisa" = 100000 LIMIT 1`);
    expect((await server.gql(ONE, { id: fair.id })).data.product.usualPrice).toBeNull();
  });

  it("counts a listing found by two of the title's words once", async ({ server }) => {
    // the newest 40 frisbee discs cost Rs 100; 60 frisbees and 60 discs before them Rs 1,000. Each
    // word's latest listings hold the 40 discs: counted once, the latest 100 are 40 at Rs 100 and 60
    // at Rs 1,000 (median Rs 1,000); counted twice, 80 at Rs 100 would make the median Rs 100
    await listedBefore(server, "Frisbee Disc", 40, 100, 1);
    await listedBefore(server, "Frisbee", 60, 1000, 100);
    await listedBefore(server, "Disc", 60, 1000, 100);
    expect((await list(server, "Frisbee Disc", 300, "sports")).data.createProduct.priceNote).toContain(formatPKR(1000));
  });

  it("keeps a word's similar listings whatever is listed meanwhile, so product pages read them from the cache", async ({ server }) => {
    await listedBefore(server, "Theremin kit", 10, 5000, 1, "electronics");
    const cheap = (await list(server, "Theremin kit", 1000, "electronics")).data.createProduct;
    expect(cheap.priceNote).toContain(formatPKR(5000));
    // the similar kits now cost Rs 2,000 (Rs 1,000 would be fair), and a kit of the same words is listed
    await server.dataSource.query(`UPDATE products SET "pricePaisa" = 200000 WHERE name = 'Theremin kit' AND "sellerId" = $1`, [
      other.user.id,
    ]);
    const another = (await list(server, "Theremin kit", 1000, "electronics")).data.createProduct;
    // both notes come from the lists kept before: no listing written drops them
    expect(another.priceNote).toContain(formatPKR(5000));
    expect((await server.gql(ONE, { id: cheap.id })).data.product.usualPrice).toBe(5000);
  });

  it("compares the title's telling words only", () => {
    expect(titleWords("Used Casio fx-991ES calculator, new condition 2024")).toEqual(["casio", "991es", "calculator"]);
    expect(titleWords("New 2024")).toEqual([]);
  });
});
