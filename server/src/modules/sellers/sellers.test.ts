import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { insertOrder, insertProduct, insertReview, signUp, type SignedIn } from "../../test/fixtures";
import type { TestServer } from "../../test/harness";
import { OrderStatus } from "../orders/entity";

let seller: SignedIn;
let buyer: SignedIn;

const PAGE = `query ($username: String!) {
  sellerPage(username: $username) {
    seller { id username storeName sellerType storeDescription memberSince }
    rating reviewCount completedSales
  }
}`;
const page = async (server: TestServer, username: string) => (await server.gql(PAGE, { username })).data.sellerPage;

it.beforeAll(async ({ server }) => {
  [seller, buyer] = await Promise.all([signUp(server, "seller"), signUp(server, "user")]);
});

describe("sellerPage", () => {
  it("a new seller: joined today, no rating, no sales; found by username in any case", async ({ server }) => {
    const profile = await page(server, seller.user.username.toUpperCase());
    expect(profile).toEqual({
      seller: {
        id: seller.user.id,
        username: seller.user.username,
        storeName: null,
        sellerType: "INDIVIDUAL",
        storeDescription: null,
        memberSince: new Date(seller.user.createdAt).toISOString(),
      },
      rating: 0,
      reviewCount: 0,
      completedSales: 0,
    });
  });

  it("rates the seller over every review of their products and counts only completed orders", async ({ server }) => {
    const other = await signUp(server, "seller");
    const [calc, lamp, gone, notTheirs] = await Promise.all([
      insertProduct(server.dataSource, seller.user.id),
      insertProduct(server.dataSource, seller.user.id),
      insertProduct(server.dataSource, seller.user.id, { deleted: true }),
      insertProduct(server.dataSource, other.user.id),
    ]);
    const reviewer = await signUp(server, "user");
    await insertReview(server.dataSource, { userId: buyer.user.id, productId: calc.id, rating: 5 });
    await insertReview(server.dataSource, { userId: reviewer.user.id, productId: calc.id, rating: 4 });
    await insertReview(server.dataSource, { userId: buyer.user.id, productId: lamp.id, rating: 2 });
    await insertReview(server.dataSource, { userId: buyer.user.id, productId: gone.id, rating: 4 });
    await insertReview(server.dataSource, { userId: buyer.user.id, productId: notTheirs.id, rating: 1 });
    for (const status of [OrderStatus.COMPLETED, OrderStatus.COMPLETED, OrderStatus.SHIPPED, OrderStatus.CANCELLED])
      await insertOrder(server.dataSource, { buyerId: buyer.user.id, lines: [{ product: calc }], status });
    await insertOrder(server.dataSource, { buyerId: buyer.user.id, lines: [{ product: notTheirs }], status: OrderStatus.COMPLETED });

    expect(await page(server, seller.user.username)).toMatchObject({ rating: 3.75, reviewCount: 4, completedSales: 2 });
  });

  it("shows a store's name and description, and no e-mail or phone number at all", async ({ server }) => {
    const store = await signUp(server, "seller", {
      sellerType: "business",
      storeName: "Hostel Mart",
      storeDescription: "Snacks and stationery.",
    });
    expect((await page(server, store.user.username)).seller).toMatchObject({
      storeName: "Hostel Mart",
      sellerType: "BUSINESS",
      storeDescription: "Snacks and stationery.",
    });
    const leak = await server.gql(`query ($u: String!) { sellerPage(username: $u) { seller { email } } }`, { u: store.user.username });
    expect(leak.errors?.[0].message).toMatch(/Cannot query field "email"/);
  });

  it("answers null for an unknown username, a buyer's, an empty one or an overlong one", async ({ server }) => {
    expect(await page(server, "nobody_here")).toBeNull();
    expect(await page(server, buyer.user.username)).toBeNull();
    expect(await page(server, "  ")).toBeNull();
    expect(await page(server, "x".repeat(500))).toBeNull();
  });
});
