import { formatPKR } from "@unibazaar/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct, signUp, type SignedIn } from "../../test/fixtures";
import { startTestServer, type TestServer } from "../../test/harness";
import { MIN_SIMILAR, titleWords } from "./prices";

let server: TestServer;
let seller: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  server = await startTestServer();
  [seller, other] = await Promise.all([signUp(server, "seller"), signUp(server, "seller")]);
  // the catalogue (the fixture lists books): MIN_SIMILAR calculus books around PKR 3,000
  for (const [i, price] of [2800, 3000, 3000, 3200, 3500].entries())
    await insertProduct(server.dataSource, other.user.id, { name: `Thomas Calculus ${i + 10}th edition`, pricePaisa: price * 100 });
});
afterAll(() => server.close());

const CREATE = `mutation ($input: ProductInput!) { createProduct(input: $input) { id priceNote } }`;
const ONE = `query ($id: ID!) { product(id: $id) { priceNote usualPrice } }`;
const list = (name: string, price: number, category = "books") =>
  server.gql(
    CREATE,
    { input: { name, description: "Good condition.", category, color: "blue", price, image: "/uploads/x.webp" } },
    seller.token,
  );

describe("too good to be true", () => {
  it("warns the seller on listing far below the median of similar listings, and shows buyers the same note", async () => {
    const res = await list("Calculus by Thomas", 900);
    expect(res.errors).toBeUndefined();
    expect(res.data.createProduct.priceNote).toBe(
      `Priced far below similar listings (usually around ${formatPKR(3000)}). Meet in person and check the item before you pay.`,
    );
    // the same warning to buyers, and its figure for clients that word it themselves (the median of 2800, 3000, 3000, 3200, 3500)
    expect((await server.gql(ONE, { id: res.data.createProduct.id })).data.product).toEqual({
      priceNote: res.data.createProduct.priceNote,
      usualPrice: 3000,
    });
  });

  it("says nothing for a fair price, another category, unrelated words, or too few similar listings", async () => {
    const fair = await list("Calculus by Thomas", 2000);
    expect(fair.data.createProduct.priceNote).toBeNull();
    expect((await server.gql(ONE, { id: fair.data.createProduct.id })).data.product.usualPrice).toBeNull();
    expect((await list("Calculus by Thomas", 500, "sports")).data.createProduct.priceNote).toBeNull();
    expect((await list("Organic Chemistry", 500)).data.createProduct.priceNote).toBeNull();
    // the listings made above are similar too: delete them and one of the five
    await server.dataSource.query(
      `UPDATE products SET "deletedAt" = now() WHERE name IN ('Calculus by Thomas', 'Thomas Calculus 10th edition')`,
    );
    expect(MIN_SIMILAR).toBe(5);
    expect((await list("Calculus by Thomas", 900)).data.createProduct.priceNote).toBeNull();
  });

  it("compares the title's telling words only", () => {
    expect(titleWords("Used Casio fx-991ES calculator, new condition 2024")).toEqual(["casio", "991es", "calculator"]);
    expect(titleWords("New 2024")).toEqual([]);
  });
});
