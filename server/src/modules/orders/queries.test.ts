import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { asCaller, insertProduct, signUpCast, type SignedIn } from "../../test/fixtures";
import type { TestServer } from "../../test/harness";
import type { Product } from "../products/entity";
import { ORDER, ORDER_FIELDS, orderInput, placeOrder, setStatus } from "./testing";

let sellerA: SignedIn;
let sellerB: SignedIn;
let buyer: SignedIn;
let otherBuyer: SignedIn;
let admin: SignedIn;
let pen: Product; // sellerA
let notebook: Product; // sellerA
let bag: Product; // sellerB

const MY_ORDERS = `query ($page: Int, $pageSize: Int) { myOrders(page: $page, pageSize: $pageSize) { totalItems totalPages page pageSize items { ${ORDER_FIELDS} } } }`;
const SELLER_ORDERS = `query ($status: OrderStatus, $page: Int, $pageSize: Int) { sellerOrders(status: $status, page: $page, pageSize: $pageSize) { totalItems totalPages page pageSize items { ${ORDER_FIELDS} } } }`;
const ALL_ORDERS = `query ($status: OrderStatus, $pageSize: Int) { allOrders(status: $status, pageSize: $pageSize) { totalItems items { id status } } }`;

it.beforeAll(async ({ server }) => {
  ({
    seller: sellerA,
    otherSeller: sellerB,
    buyer,
    otherBuyer,
    admin,
  } = await signUpCast(server, { seller: { sellerType: "business", storeName: "Pen Palace", storeDescription: "Pens and paper." } }));
  [pen, notebook, bag] = await Promise.all([
    insertProduct(server.dataSource, sellerA.user.id, { pricePaisa: 15_000, name: "Gel Pen" }),
    insertProduct(server.dataSource, sellerA.user.id, { pricePaisa: 32_000, name: "Notebook" }),
    insertProduct(server.dataSource, sellerB.user.id, { pricePaisa: 250_000, name: "Backpack" }),
  ]);
  // 50 checkouts, each split into an order for sellerA (two lines) and one for sellerB: 100 orders
  for (let i = 0; i < 50; i++) {
    await server.services.orders.checkouts.placeOrder(
      orderInput([
        { productId: pen.id, quantity: 1 + (i % 3) },
        { productId: notebook.id, quantity: 1 },
        { productId: bag.id, quantity: 1 },
      ]),
      asCaller(buyer),
    );
  }
}, 120_000);

describe("order lists", () => {
  it("gives the buyer their own orders, newest first, paginated", async ({ server }) => {
    const res = await server.gql(MY_ORDERS, { page: 1, pageSize: 10 }, buyer.token);
    expect(res.errors).toBeUndefined();
    const page = res.data.myOrders;
    expect(page).toMatchObject({ totalItems: 100, totalPages: 10, page: 1, pageSize: 10 });
    const times = page.items.map((o: { createdAt: string }) => Date.parse(o.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const numbers = page.items.map((o: { orderNumber: string }) => Number(o.orderNumber.slice(3)));
    expect([...numbers].sort((a, b) => b - a)).toEqual(numbers);
    expect((await server.gql(MY_ORDERS, {}, otherBuyer.token)).data.myOrders.totalItems).toBe(0);
  });

  it("gives a seller their sales with delivery details, filtered by status", async ({ server }) => {
    const first = (await server.gql(SELLER_ORDERS, { pageSize: 1 }, sellerA.token)).data.sellerOrders.items[0];
    await setStatus(server, sellerA, first.id, "CONFIRMED");
    const res = await server.gql(SELLER_ORDERS, { pageSize: 50 }, sellerA.token);
    expect(res.data.sellerOrders.totalItems).toBe(50);
    const order = res.data.sellerOrders.items.find((o: { id: string }) => o.id === first.id);
    // the buyer's phone once the seller has confirmed the order, never the buyer's e-mail
    expect(order).toMatchObject({
      contactNumber: "03001234567",
      shipping: { city: "Islamabad", country: "Pakistan" },
      buyer: { id: buyer.user.id, username: buyer.user.username, email: null },
      seller: { id: sellerA.user.id, username: sellerA.user.username, storeName: "Pen Palace", sellerType: "BUSINESS" },
    });
    expect(res.data.sellerOrders.items.find((o: { id: string }) => o.id !== first.id).contactNumber).toBeNull();
    expect(res.data.sellerOrders.items.every((o: { seller: { id: string } }) => o.seller.id === sellerA.user.id)).toBe(true);
    const confirmed = await server.gql(SELLER_ORDERS, { status: "CONFIRMED" }, sellerA.token);
    expect(confirmed.data.sellerOrders).toMatchObject({ totalItems: 1, items: [{ id: first.id, status: "CONFIRMED" }] });
  });

  it("gives admins every order and keeps the lists to their roles", async ({ server }) => {
    expect((await server.gql(ALL_ORDERS, { pageSize: 5 }, admin.token)).data.allOrders.totalItems).toBe(100);
    expect((await server.gql(ALL_ORDERS, {}, sellerA.token)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await server.gql(SELLER_ORDERS, {}, buyer.token)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await server.gql(MY_ORDERS, {})).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("treats a null page as the first and caps the page size", async ({ server }) => {
    expect((await server.gql(MY_ORDERS, { page: null, pageSize: null }, buyer.token)).data.myOrders).toMatchObject({
      page: 1,
      pageSize: 10,
    });
    const res = await server.gql(MY_ORDERS, { pageSize: 51 }, buyer.token);
    expect(res.errors?.[0]).toMatchObject({ message: "pageSize must be at most 50", extensions: { code: "BAD_USER_INPUT" } });
  });
});

describe("one order", () => {
  it("is visible to its buyer, its seller and admins only", async ({ server }) => {
    const checkout = await placeOrder(server, buyer, [{ productId: bag.id, quantity: 1 }]);
    const id = checkout.orders[0].id;
    for (const who of [buyer, sellerB, admin]) expect((await server.gql(ORDER, { id }, who.token)).data.order.id).toBe(id);
    for (const who of [otherBuyer, sellerA])
      expect((await server.gql(ORDER, { id }, who.token)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });
});

describe("query counts (no N+1)", () => {
  /** Statements sent for one request, for a small and a full page: they must not grow with the list. */
  const measure = async (server: TestServer, query: string, token: string) => {
    const small = await server.queries.measure(() => server.gql(query, { pageSize: 5 }, token));
    const full = await server.queries.measure(() => server.gql(query, { pageSize: 50 }, token));
    expect(small.result.errors).toBeUndefined();
    expect(full.result.errors).toBeUndefined();
    return { small: small.queries, full: full.queries, items: full.result.data };
  };

  it("myOrders: 50 orders with lines, buyer, seller and timeline in a constant number of queries", async ({ server }) => {
    const { small, full, items } = await measure(server, MY_ORDERS, buyer.token);
    expect(items.myOrders.items).toHaveLength(50);
    expect(items.myOrders.items.every((o: { lines: unknown[]; timeline: unknown[] }) => o.lines.length > 0 && o.timeline.length > 0)).toBe(
      true,
    );
    // sign-in, count, page, lines, timelines, users (buyer and sellers together)
    expect(full).toBe(6);
    expect(small).toBe(full);
  });

  it("sellerOrders: 50 orders in the same constant number of queries", async ({ server }) => {
    const { small, full, items } = await measure(server, SELLER_ORDERS, sellerA.token);
    expect(items.sellerOrders.items).toHaveLength(50);
    expect(items.sellerOrders.items.every((o: { lines: unknown[] }) => o.lines.length === 2)).toBe(true);
    expect(full).toBe(6);
    expect(small).toBe(full);
  });
});
