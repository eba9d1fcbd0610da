import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { insertProduct, loginCookie, signUpCast, type SignedIn } from "../../test/fixtures";
import type { TestServer } from "../../test/harness";
import { shipping } from "../orders/testing";

let sellerA: SignedIn;
let sellerB: SignedIn;
let buyer: SignedIn;
let otherBuyer: SignedIn;
let admin: SignedIn;

/**
 * The buyer orders 2 x PKR 1000 from seller A (confirmed by A) and 1 x PKR 250.50 from seller B
 * (left pending), and reviews A's book.
 */
it.beforeAll(async ({ server }) => {
  ({ seller: sellerA, otherSeller: sellerB, buyer, otherBuyer, admin } = await signUpCast(server));
  const book = await insertProduct(server.dataSource, sellerA.user.id, { pricePaisa: 100_000, name: "Calculus textbook" });
  const lamp = await insertProduct(server.dataSource, sellerB.user.id, { pricePaisa: 25_050, name: "Desk lamp" });
  const placed = await server.api("POST", "/api/orders/place-order", {
    token: buyer.token,
    body: {
      products: [
        { productId: book.id, quantity: 2 },
        { productId: lamp.id, quantity: 1 },
      ],
      shippingDetails: shipping,
      contactNumber: "03001234567",
    },
  });
  const bookOrder = placed.body.orders.find((o: any) => o.products[0].productId._id === book.id);
  await server.api("PATCH", `/api/orders/update-status/${bookOrder._id}`, { token: sellerA.token, body: { status: "confirmed" } });
  await server.api("POST", "/api/reviews/post-review", {
    token: buyer.token,
    body: { productId: book.id, rating: 5, comment: "Clear explanations" },
  });
});

const get = (server: TestServer, path: string, as: { token?: string } = {}) => server.api("GET", path, as);

describe("GET /api/stats/user-stats/:idOrEmail", () => {
  const expected = { totalPayments: 2363.03, totalReviews: 1, totalPurchasedProducts: 3 };

  it("answers the user's figures by id or by e-mail (any case)", async ({ server }) => {
    expect(await get(server, `/api/stats/user-stats/${buyer.user.id}`, buyer)).toMatchObject({ status: 200, body: expected });
    const byEmail = await get(server, `/api/stats/user-stats/${encodeURIComponent(buyer.user.email.toUpperCase())}`, buyer);
    expect(byEmail.body).toEqual(expected);
  });

  it("works with the login cookie alone", async ({ server }) => {
    const cookie = await loginCookie(server, buyer);
    expect(await server.api("GET", `/api/stats/user-stats/${buyer.user.email}`, { cookie })).toMatchObject({ status: 200, body: expected });
  });

  it("lets an admin read anyone's (404 for nobody), and refuses another user (403) and anonymous (401)", async ({ server }) => {
    expect((await get(server, `/api/stats/user-stats/${buyer.user.email}`, admin)).body).toEqual(expected);
    expect((await get(server, "/api/stats/user-stats/nobody@nowhere.pk", admin)).status).toBe(404);
    expect(await get(server, `/api/stats/user-stats/${buyer.user.id}`, otherBuyer)).toMatchObject({
      status: 403,
      body: { message: "You can only see your own statistics." },
    });
    expect((await get(server, `/api/stats/user-stats/${buyer.user.id}`)).status).toBe(401);
  });
});

describe("GET /api/stats/seller-stats/:sellerId", () => {
  const expected = { totalSales: 2, totalRevenue: 2000, totalOrdersManaged: 1, totalProducts: 1, totalReviews: 1 };

  it("answers the seller's own figures and lets an admin read any seller's", async ({ server }) => {
    expect(await get(server, `/api/stats/seller-stats/${sellerA.user.id}`, sellerA)).toMatchObject({ status: 200, body: expected });
    expect((await get(server, `/api/stats/seller-stats/${sellerA.user.id}`, admin)).body).toEqual(expected);
    expect((await get(server, `/api/stats/seller-stats/${sellerB.user.id}`, sellerB)).body).toEqual({
      totalSales: 0,
      totalRevenue: 0,
      totalOrdersManaged: 1,
      totalProducts: 1,
      totalReviews: 0,
    });
  });

  it("refuses another seller (403), a buyer (403) and anonymous (401)", async ({ server }) => {
    expect((await get(server, `/api/stats/seller-stats/${sellerA.user.id}`, sellerB)).status).toBe(403);
    expect((await get(server, `/api/stats/seller-stats/${buyer.user.id}`, buyer)).status).toBe(403);
    expect((await get(server, `/api/stats/seller-stats/${sellerA.user.id}`)).status).toBe(401);
  });
});

describe("GET /api/stats/admin-stats", () => {
  it("answers admins the marketplace totals and 12 months of earnings", async ({ server }) => {
    const res = await get(server, "/api/stats/admin-stats", admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalOrders: 2, totalProducts: 2, totalReviews: 1, totalUsers: 5, totalEarnings: 2100 });
    expect(Object.keys(res.body).sort()).toEqual([
      "monthlyEarnings",
      "totalEarnings",
      "totalOrders",
      "totalProducts",
      "totalReviews",
      "totalUsers",
    ]);
    expect(res.body.monthlyEarnings).toHaveLength(12);
    expect(res.body.monthlyEarnings.at(-1)).toEqual({ month: expect.stringMatching(/^\d{4}-\d{2}$/), earnings: 2100 });
  });

  it("refuses sellers (403) and anonymous (401)", async ({ server }) => {
    expect((await get(server, "/api/stats/admin-stats", sellerA)).status).toBe(403);
    expect((await get(server, "/api/stats/admin-stats")).status).toBe(401);
  });
});

describe("GET /api/auth/admin/sellers/revenue", () => {
  it("answers admins one row per seller with the revenue of accepted orders", async ({ server }) => {
    const res = await get(server, "/api/auth/admin/sellers/revenue", admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        sellerId: sellerA.user.id,
        username: sellerA.user.username,
        email: sellerA.user.email,
        storeName: null,
        contactNumber: "03001234567",
        sellerType: "individual",
        totalRevenue: 2000,
      },
      expect.objectContaining({ sellerId: sellerB.user.id, totalRevenue: 0 }),
    ]);
  });

  it("refuses sellers (403) and anonymous (401)", async ({ server }) => {
    expect((await get(server, "/api/auth/admin/sellers/revenue", sellerA)).status).toBe(403);
    expect((await get(server, "/api/auth/admin/sellers/revenue")).status).toBe(401);
  });
});
