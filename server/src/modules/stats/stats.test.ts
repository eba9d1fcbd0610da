import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { insertOrder, insertProduct, insertReview, signUp, type SignedIn } from "../../test/fixtures";
import { OrderStatus } from "../orders/entity";
import type { Product } from "../products/entity";
import { BUSINESS_TIME_ZONE } from "./service";

let sellerA: SignedIn, sellerB: SignedIn, sellerC: SignedIn, buyer1: SignedIn, buyer2: SignedIn, admin: SignedIn;

const USER_STATS = `query ($idOrEmail: String) { userStats(idOrEmail: $idOrEmail) { totalPayments totalReviews totalPurchasedProducts } }`;
const SELLER_STATS = `query ($sellerId: ID) { sellerStats(sellerId: $sellerId) { totalSales totalRevenue totalOrdersManaged totalProducts totalReviews } }`;
const ADMIN_STATS = `{ adminStats { totalUsers totalProducts totalOrders totalReviews totalEarnings monthlyEarnings { month earnings } } }`;
const SELLER_REVENUE = `{ sellerRevenue { sellerId username email contactNumber storeName sellerType totalRevenue } }`;

/** "YYYY-MM" of the month `back` months before the current one, in Pakistan time. */
function monthKey(back: number): string {
  const [year, month] = new Intl.DateTimeFormat("en-CA", { timeZone: BUSINESS_TIME_ZONE, year: "numeric", month: "2-digit" })
    .format(new Date())
    .split("-")
    .map(Number);
  const d = new Date(Date.UTC(year, month - 1 - back, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** 00:30 on the 1st of that month in Pakistan (UTC+5): still the previous month in UTC. */
const startOfMonth = (back: number) => new Date(`${monthKey(back)}-01T00:30:00+05:00`);

/**
 * Two sellers with orders in every status (some with discounts), a third seller with no sales,
 * and a deleted product that still has a sale and a review. Each accepted/void status is given a
 * distinct amount, so counting one status wrongly changes the sums.
 */
it.beforeAll(async ({ server }) => {
  [sellerA, sellerB, sellerC, buyer1, buyer2, admin] = await Promise.all([
    signUp(server, "seller"),
    signUp(server, "seller", { sellerType: "business", storeName: "Hostel Mart", storeDescription: "Snacks and supplies" }),
    signUp(server, "seller"),
    signUp(server, "user"),
    signUp(server, "user"),
    signUp(server, "admin"),
  ]);
  const ds = server.dataSource;
  const pA1 = await insertProduct(ds, sellerA.user.id, { pricePaisa: 100_000 });
  const pA2 = await insertProduct(ds, sellerA.user.id, { pricePaisa: 25_050 });
  const pA3 = await insertProduct(ds, sellerA.user.id, { pricePaisa: 5_000, deleted: true });
  const pB1 = await insertProduct(ds, sellerB.user.id, { pricePaisa: 40_000 });
  await insertProduct(ds, sellerC.user.id);

  const order = (
    seller: SignedIn,
    buyer: SignedIn,
    status: OrderStatus,
    product: Product,
    quantity: number,
    taxPaisa: number,
    more: { discountPaisa?: number; createdAt?: Date } = {},
  ) => insertOrder(ds, { sellerId: seller.user.id, buyerId: buyer.user.id, status, lines: [{ product, quantity }], taxPaisa, ...more });

  // seller A                                                        subtotal   discount  total
  await order(sellerA, buyer1, OrderStatus.CONFIRMED, pA1, 2, 10_000, { discountPaisa: 20_000, createdAt: new Date() }); // 200000 20000 190000
  await order(sellerA, buyer1, OrderStatus.PROCESSING, pA2, 1, 1_253, { createdAt: startOfMonth(0) }); //  25050 0 26303
  await order(sellerA, buyer2, OrderStatus.SHIPPED, pA1, 1, 5_000, { createdAt: startOfMonth(1) }); // 100000 0 105000
  await order(sellerA, buyer2, OrderStatus.COMPLETED, pA2, 4, 5_010, { discountPaisa: 5_010, createdAt: startOfMonth(3) }); // 100200 5010 100200
  await order(sellerA, buyer1, OrderStatus.PENDING, pA1, 3, 15_000); // 300000 0 315000
  await order(sellerA, buyer1, OrderStatus.REJECTED, pA2, 5, 6_263); // 125250 0 131513
  await order(sellerA, buyer1, OrderStatus.CANCELLED, pA1, 7, 35_000); // 700000 0 735000
  await order(sellerA, buyer2, OrderStatus.COMPLETED, pA3, 1, 250, { createdAt: startOfMonth(11) }); // 5000 0 5250
  // seller B
  await order(sellerB, buyer1, OrderStatus.COMPLETED, pB1, 3, 6_000, { discountPaisa: 12_000, createdAt: startOfMonth(12) }); // 120000 12000 114000
  await order(sellerB, buyer2, OrderStatus.PENDING, pB1, 1, 2_000); // 40000 0 42000

  await insertReview(ds, { userId: buyer1.user.id, productId: pA1.id, rating: 5 });
  await insertReview(ds, { userId: buyer2.user.id, productId: pA1.id, rating: 4 });
  await insertReview(ds, { userId: buyer2.user.id, productId: pA3.id, rating: 3 });
  await insertReview(ds, { userId: buyer1.user.id, productId: pB1.id, rating: 2 });
});

describe("userStats", () => {
  it("sums the caller's orders that were not rejected or cancelled", async ({ server }) => {
    const res = await server.gql(USER_STATS, {}, buyer1.token);
    expect(res.errors).toBeUndefined();
    // 190000 + 26303 + 315000 (pending) + 114000 paisa; units 2 + 1 + 3 + 3
    expect(res.data.userStats).toEqual({ totalPayments: 6453.03, totalReviews: 2, totalPurchasedProducts: 9 });
    const other = await server.gql(USER_STATS, {}, buyer2.token);
    // 105000 + 100200 + 5250 + 42000 paisa; units 1 + 4 + 1 + 1
    expect(other.data.userStats).toEqual({ totalPayments: 2524.5, totalReviews: 2, totalPurchasedProducts: 7 });
  });

  it("accepts the caller's own id or e-mail in any case", async ({ server }) => {
    const byEmail = await server.gql(USER_STATS, { idOrEmail: buyer1.user.email.toUpperCase() }, buyer1.token);
    const byId = await server.gql(USER_STATS, { idOrEmail: buyer1.user.id }, buyer1.token);
    expect(byEmail.data.userStats.totalPayments).toBe(6453.03);
    expect(byId.data.userStats.totalPayments).toBe(6453.03);
  });

  it("gives zeros to a user with no orders", async ({ server }) => {
    const res = await server.gql(USER_STATS, {}, sellerC.token);
    expect(res.data.userStats).toEqual({ totalPayments: 0, totalReviews: 0, totalPurchasedProducts: 0 });
  });

  it("shows another user's figures only to admins, by id or e-mail", async ({ server }) => {
    for (const caller of [buyer2, sellerA]) {
      const res = await server.gql(USER_STATS, { idOrEmail: buyer1.user.email }, caller.token);
      expect(res.errors?.[0].extensions?.code).toBe("FORBIDDEN");
      expect(res.data).toBeNull();
    }
    const byEmail = await server.gql(USER_STATS, { idOrEmail: ` ${buyer1.user.email.toUpperCase()} ` }, admin.token);
    const byId = await server.gql(USER_STATS, { idOrEmail: buyer2.user.id }, admin.token);
    expect(byEmail.data.userStats.totalPayments).toBe(6453.03);
    expect(byId.data.userStats.totalPurchasedProducts).toBe(7);
  });

  it("answers NOT_FOUND to an admin for an unknown user and UNAUTHENTICATED to anonymous callers", async ({ server }) => {
    for (const idOrEmail of ["nobody@test.pk", "00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const res = await server.gql(USER_STATS, { idOrEmail }, admin.token);
      expect(res.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    }
    const anonymous = await server.gql(USER_STATS, {});
    expect(anonymous.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("costs one SQL statement after authentication (two with an admin's lookup)", async ({ server }) => {
    const own = await server.queries.measure(() => server.gql(USER_STATS, {}, buyer1.token));
    expect(own.queries).toBe(2);
    const lookup = await server.queries.measure(() => server.gql(USER_STATS, { idOrEmail: buyer1.user.email }, admin.token));
    expect(lookup.queries).toBe(3);
  });
});

describe("sellerStats", () => {
  it("counts units and revenue of accepted orders, every order managed, listed products and reviews", async ({ server }) => {
    const a = await server.gql(SELLER_STATS, {}, sellerA.token);
    expect(a.errors).toBeUndefined();
    // accepted: 2 + 1 + 1 + 4 + 1 units; (200000 - 20000) + 25050 + 100000 + (100200 - 5010) + 5000 paisa
    expect(a.data.sellerStats).toEqual({ totalSales: 9, totalRevenue: 4052.4, totalOrdersManaged: 8, totalProducts: 2, totalReviews: 3 });
    const b = await server.gql(SELLER_STATS, {}, sellerB.token);
    expect(b.data.sellerStats).toEqual({ totalSales: 3, totalRevenue: 1080, totalOrdersManaged: 2, totalProducts: 1, totalReviews: 1 });
    const c = await server.gql(SELLER_STATS, { sellerId: sellerC.user.id }, sellerC.token);
    expect(c.data.sellerStats).toEqual({ totalSales: 0, totalRevenue: 0, totalOrdersManaged: 0, totalProducts: 1, totalReviews: 0 });
  });

  it("shows another seller's figures only to admins", async ({ server }) => {
    const denied = await server.gql(SELLER_STATS, { sellerId: sellerA.user.id }, sellerB.token);
    expect(denied.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const allowed = await server.gql(SELLER_STATS, { sellerId: sellerA.user.id }, admin.token);
    expect(allowed.data.sellerStats.totalRevenue).toBe(4052.4);
    const own = await server.gql(SELLER_STATS, {}, admin.token);
    expect(own.data.sellerStats).toEqual({ totalSales: 0, totalRevenue: 0, totalOrdersManaged: 0, totalProducts: 0, totalReviews: 0 });
    for (const sellerId of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      const unknown = await server.gql(SELLER_STATS, { sellerId }, admin.token);
      expect(unknown.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    }
  });

  it("refuses buyers and anonymous callers", async ({ server }) => {
    expect((await server.gql(SELLER_STATS, {}, buyer1.token)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await server.gql(SELLER_STATS, {})).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("costs one SQL statement after authentication", async ({ server }) => {
    const { queries } = await server.queries.measure(() => server.gql(SELLER_STATS, {}, sellerA.token));
    expect(queries).toBe(2);
  });
});

describe("adminStats", () => {
  it("totals the marketplace; earnings are accepted orders' totals", async ({ server }) => {
    const res = await server.gql(ADMIN_STATS, {}, admin.token);
    expect(res.errors).toBeUndefined();
    const { monthlyEarnings, ...totals } = res.data.adminStats;
    // 190000 + 26303 + 105000 + 100200 + 5250 + 114000 paisa
    expect(totals).toEqual({ totalUsers: 6, totalProducts: 4, totalOrders: 10, totalReviews: 4, totalEarnings: 5407.53 });
    expect(monthlyEarnings).toHaveLength(12);
  });

  it("buckets the last 12 months by Pakistan time, oldest first, with empty months as 0", async ({ server }) => {
    const res = await server.gql(ADMIN_STATS, {}, admin.token);
    const expected = Array.from({ length: 12 }, (_, i) => ({ month: monthKey(11 - i), earnings: 0 }));
    expected[11].earnings = 2163.03; // this month: confirmed 190000 + processing 26303 (pending and rejected left out)
    expected[10].earnings = 1050; // placed 00:30 on the 1st in Pakistan, still the month before in UTC
    expected[8].earnings = 1002;
    expected[0].earnings = 52.5; // 11 months back is the first bucket; B's sale 12 months back is out
    expect(res.data.adminStats.monthlyEarnings).toEqual(expected);
  });

  it("refuses buyers, sellers and anonymous callers", async ({ server }) => {
    for (const token of [buyer1.token, sellerA.token]) {
      expect((await server.gql(ADMIN_STATS, {}, token)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    }
    expect((await server.gql(ADMIN_STATS, {})).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("costs two SQL statements after authentication", async ({ server }) => {
    const { queries } = await server.queries.measure(() => server.gql(ADMIN_STATS, {}, admin.token));
    expect(queries).toBe(3);
  });
});

describe("sellerRevenue", () => {
  it("lists every seller, highest revenue first, including one without sales, with the same revenue as sellerStats", async ({ server }) => {
    const res = await server.gql(SELLER_REVENUE, {}, admin.token);
    expect(res.errors).toBeUndefined();
    expect(res.data.sellerRevenue).toEqual([
      {
        sellerId: sellerA.user.id,
        username: sellerA.user.username,
        email: sellerA.user.email,
        contactNumber: "03001234567",
        storeName: null,
        sellerType: "INDIVIDUAL",
        totalRevenue: 4052.4,
      },
      {
        sellerId: sellerB.user.id,
        username: sellerB.user.username,
        email: sellerB.user.email,
        contactNumber: "03001234567",
        storeName: "Hostel Mart",
        sellerType: "BUSINESS",
        totalRevenue: 1080,
      },
      {
        sellerId: sellerC.user.id,
        username: sellerC.user.username,
        email: sellerC.user.email,
        contactNumber: "03001234567",
        storeName: null,
        sellerType: "INDIVIDUAL",
        totalRevenue: 0,
      },
    ]);
    for (const row of res.data.sellerRevenue) {
      const stats = await server.gql(SELLER_STATS, { sellerId: row.sellerId }, admin.token);
      expect(stats.data.sellerStats.totalRevenue).toBe(row.totalRevenue);
    }
  });

  it("refuses buyers, sellers and anonymous callers", async ({ server }) => {
    for (const token of [buyer1.token, sellerA.token]) {
      expect((await server.gql(SELLER_REVENUE, {}, token)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    }
    expect((await server.gql(SELLER_REVENUE, {})).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("costs one SQL statement after authentication", async ({ server }) => {
    const { queries } = await server.queries.measure(() => server.gql(SELLER_REVENUE, {}, admin.token));
    expect(queries).toBe(2);
  });
});

describe("sellerSales", () => {
  const SELLER_SALES = `query ($interval: SalesInterval!, $sellerId: ID) { sellerSales(interval: $interval, sellerId: $sellerId) { period revenue } }`;

  /** "YYYY-MM-DD" of the day `back` days before today, in Pakistan time. */
  function dayKey(back: number): string {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: BUSINESS_TIME_ZONE }).format(new Date());
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - back);
    return d.toISOString().slice(0, 10);
  }

  it("groups the seller's accepted orders by month over the last 12 months, with empty months as 0", async ({ server }) => {
    const res = await server.gql(SELLER_SALES, { interval: "MONTH" }, sellerA.token);
    expect(res.errors).toBeUndefined();
    const expected = Array.from({ length: 12 }, (_, i) => ({ period: monthKey(11 - i), revenue: 0 }));
    expected[11].revenue = 2050.5; // (200000 - 20000) + 25050 paisa; pending, rejected and cancelled left out
    expected[10].revenue = 1000; // 00:30 on the 1st in Pakistan, still the month before in UTC
    expected[8].revenue = 951.9; // 100200 - 5010: the discount is the seller's, tax is not
    expected[0].revenue = 50;
    expect(res.data.sellerSales).toEqual(expected);
    // the months add up to the revenue sellerStats shows (every sale of A is within the year)
    const total = (res.data.sellerSales as Array<{ revenue: number }>).reduce((sum, m) => sum + m.revenue, 0);
    expect(total).toBeCloseTo(4052.4, 2);
  });

  it("groups by Pakistan day over the last 30 days, only this seller's accepted orders", async ({ server }) => {
    const seller = await signUp(server, "seller");
    const ds = server.dataSource;
    const product = await insertProduct(ds, seller.user.id, { pricePaisa: 10_000 });
    const sale = (status: OrderStatus, quantity: number, createdAt: Date) =>
      insertOrder(ds, {
        sellerId: seller.user.id,
        buyerId: buyer1.user.id,
        status,
        lines: [{ product, quantity }],
        taxPaisa: 500,
        createdAt,
      });
    const at = (back: number) => new Date(`${dayKey(back)}T00:30:00+05:00`); // the day before in UTC
    await sale(OrderStatus.COMPLETED, 1, new Date());
    await sale(OrderStatus.SHIPPED, 2, at(1));
    await sale(OrderStatus.CONFIRMED, 3, at(29));
    await sale(OrderStatus.COMPLETED, 9, at(30)); // 31 days ago: outside
    await sale(OrderStatus.PENDING, 4, new Date());
    await sale(OrderStatus.CANCELLED, 5, at(1));

    const res = await server.gql(SELLER_SALES, { interval: "DAY" }, seller.token);
    expect(res.errors).toBeUndefined();
    const expected = Array.from({ length: 30 }, (_, i) => ({ period: dayKey(29 - i), revenue: 0 }));
    expected[29].revenue = 100;
    expected[28].revenue = 200;
    expected[0].revenue = 300;
    expect(res.data.sellerSales).toEqual(expected);
    // an admin may ask for this seller; the seller's sales are in no other seller's series
    expect((await server.gql(SELLER_SALES, { interval: "DAY", sellerId: seller.user.id }, admin.token)).data.sellerSales).toEqual(expected);
    const other = await server.gql(SELLER_SALES, { interval: "DAY" }, sellerC.token);
    expect(other.data.sellerSales.every((d: { revenue: number }) => d.revenue === 0)).toBe(true);
  });

  it("shows another seller's series only to admins, and refuses buyers and anonymous callers", async ({ server }) => {
    const denied = await server.gql(SELLER_SALES, { interval: "MONTH", sellerId: sellerA.user.id }, sellerB.token);
    expect(denied.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const unknown = await server.gql(SELLER_SALES, { interval: "MONTH", sellerId: "00000000-0000-4000-8000-000000000000" }, admin.token);
    expect(unknown.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    expect((await server.gql(SELLER_SALES, { interval: "MONTH" }, buyer1.token)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await server.gql(SELLER_SALES, { interval: "MONTH" })).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    expect((await server.gql(SELLER_SALES, { interval: "WEEK" }, sellerA.token)).errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
  });

  it("costs one SQL statement after authentication", async ({ server }) => {
    const { queries } = await server.queries.measure(() => server.gql(SELLER_SALES, { interval: "DAY" }, sellerA.token));
    expect(queries).toBe(2);
  });
});
