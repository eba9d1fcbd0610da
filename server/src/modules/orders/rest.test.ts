import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { In } from "typeorm";
import { insertOrder, insertProduct, loginCookie, signUp, signUpCast, type SignedIn } from "../../test/fixtures";
import type { TestServer } from "../../test/harness";
import type { Product } from "../products/entity";
import { Order, OrderStatus } from "./entity";
import { cancelPendingOrders, placeOrder, shipping } from "./testing";

let sellerA: SignedIn;
let sellerB: SignedIn;
let buyer: SignedIn;
let otherBuyer: SignedIn;
let admin: SignedIn;
let book: Product;
let lamp: Product;

it.beforeAll(async ({ server }) => {
  ({ seller: sellerA, otherSeller: sellerB, buyer, otherBuyer, admin } = await signUpCast(server));
  book = await insertProduct(server.dataSource, sellerA.user.id, { pricePaisa: 100_000, name: "Calculus textbook" });
  lamp = await insertProduct(server.dataSource, sellerB.user.id, { pricePaisa: 25_050, name: "Desk lamp" });
});

const legacyCart = (over: Record<string, unknown> = {}) => ({
  products: [{ productId: book.id, quantity: 2 }],
  amount: 1,
  shippingDetails: shipping,
  contactNumber: "03001234567",
  ...over,
});

const placeLegacy = (server: TestServer, as: { token?: string }, body: unknown, headers?: Record<string, string>) =>
  server.api("POST", "/api/orders/place-order", { ...as, body, headers });
const orderCount = (server: TestServer) => server.dataSource.getRepository(Order).count();

/** A fresh pending order of `book` (seller A) by `who`, placed over REST. */
async function pendingOrder(server: TestServer, who: SignedIn = buyer) {
  const res = await placeLegacy(server, who, legacyCart());
  expect(res.status).toBe(201);
  return res.body.order;
}

describe("POST /api/orders/place-order", () => {
  it("answers 201 {message, order, orders}: priced by the server, one order per seller, in the legacy shape", async ({ server }) => {
    const res = await placeLegacy(
      server,
      buyer,
      legacyCart({
        products: [
          { productId: book.id, quantity: 2 },
          { productId: lamp.id, quantity: 1 },
        ],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Order placed successfully");
    expect(res.body.orders).toHaveLength(2);
    expect(res.body.order).toEqual(res.body.orders[0]);
    const bookOrder = res.body.orders.find((o: any) => o.products[0].productId._id === book.id);
    // 2 x 1000.00 + 5% tax; the client's amount of 1 is ignored
    expect(bookOrder).toEqual({
      _id: expect.any(String),
      orderId: expect.stringMatching(/^UB-\d{6}$/),
      status: "pending",
      amount: 2100,
      products: [{ productId: { _id: book.id, name: "Calculus textbook" }, quantity: 2 }],
      shippingDetails: { ...shipping, contactNumber: "03001234567" },
      contactNumber: "03001234567",
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: expect.stringMatching(/Z$/),
    });
    const lampOrder = res.body.orders.find((o: any) => o !== bookOrder);
    expect(lampOrder).toMatchObject({ amount: 263.03, products: [{ productId: { _id: lamp.id, name: "Desk lamp" }, quantity: 1 }] });
  });

  it("returns the same orders for a retry with the same Idempotency-Key; without one each call is a new checkout", async ({ server }) => {
    const key = randomUUID();
    const first = await placeLegacy(server, buyer, legacyCart(), { "idempotency-key": key });
    const retry = await placeLegacy(server, buyer, legacyCart(), { "idempotency-key": key });
    expect(retry.status).toBe(201);
    expect(retry.body.order._id).toBe(first.body.order._id);
    // the key of another cart
    const other = await placeLegacy(server, buyer, legacyCart({ products: [{ productId: book.id, quantity: 1 }] }), {
      "idempotency-key": key,
    });
    expect(other.status).toBe(409);
    const a = await placeLegacy(server, buyer, legacyCart());
    const b = await placeLegacy(server, buyer, legacyCart());
    expect(a.body.order._id).not.toBe(b.body.order._id);
  });

  it("refuses anonymous (401) and bad carts (400 with a message per field), placing nothing", async ({ server }) => {
    const before = await orderCount(server);
    expect((await placeLegacy(server, {}, legacyCart())).status).toBe(401);
    expect(await placeLegacy(server, buyer, legacyCart({ products: [] }))).toMatchObject({
      status: 400,
      body: { message: "No products found." },
    });
    expect(await placeLegacy(server, buyer, legacyCart({ contactNumber: "" }))).toMatchObject({
      status: 400,
      body: { message: "Contact number is required." },
    });
    expect(await placeLegacy(server, buyer, legacyCart({ shippingDetails: undefined }))).toMatchObject({
      status: 400,
      body: { fields: { "shipping.address": "Address is required." } },
    });
    const unknown = await placeLegacy(server, buyer, legacyCart({ products: [{ productId: randomUUID(), quantity: 1 }] }));
    expect(unknown.status).toBe(400);
    expect((await placeLegacy(server, sellerA, legacyCart())).body.message).toBe("You cannot buy your own product.");
    expect((await placeLegacy(server, buyer, legacyCart({ products: [{ productId: book.id, quantity: 0 }] }))).status).toBe(400);
    expect(await orderCount(server)).toBe(before);
  });
});

describe("order lists", () => {
  it("GET /my-orders answers the caller's own orders, newest first, as {orders, totalOrders, totalPages}", async ({ server }) => {
    const buyerOwn = await signUp(server, "user");
    const older = await pendingOrder(server, buyerOwn);
    const newer = await pendingOrder(server, buyerOwn);
    const res = await server.api("GET", "/api/orders/my-orders", { token: buyerOwn.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      orders: [expect.objectContaining({ _id: newer._id }), expect.objectContaining({ _id: older._id })],
      totalOrders: 2,
      totalPages: 1,
    });
    expect((await server.api("GET", "/api/orders/my-orders?limit=1&page=2", { token: buyerOwn.token })).body.orders[0]._id).toBe(older._id);
    expect((await server.api("GET", "/api/orders/my-orders")).status).toBe(401);
  });

  it("GET /seller/:sellerId answers that seller's orders to the seller and to admins, paged", async ({ server }) => {
    const order = await pendingOrder(server);
    const own = await server.api("GET", `/api/orders/seller/${sellerA.user.id}?page=1&limit=1`, { token: sellerA.token });
    expect(own.status).toBe(200);
    expect(own.body.orders).toEqual([
      expect.objectContaining({ _id: order._id, shippingDetails: expect.objectContaining({ city: "Islamabad" }) }),
    ]);
    expect(own.body.totalPages).toBe(own.body.totalOrders);
    const asAdmin = await server.api("GET", `/api/orders/seller/${sellerA.user.id}`, { token: admin.token });
    expect(asAdmin.body.totalOrders).toBe(own.body.totalOrders);
    const bOrders = await server.api("GET", `/api/orders/seller/${sellerB.user.id}?limit=50`, { token: sellerB.token });
    expect(bOrders.body.orders.map((o: any) => o._id)).not.toContain(order._id);
  });

  it("GET /seller/:sellerId refuses another seller (403), a buyer (403), anonymous (401), and a bad id (400)", async ({ server }) => {
    expect(await server.api("GET", `/api/orders/seller/${sellerA.user.id}`, { token: sellerB.token })).toMatchObject({
      status: 403,
      body: { message: "You can only see your own orders." },
    });
    expect((await server.api("GET", `/api/orders/seller/${buyer.user.id}`, { token: buyer.token })).status).toBe(403);
    expect((await server.api("GET", `/api/orders/seller/${sellerA.user.id}`)).status).toBe(401);
    expect((await server.api("GET", "/api/orders/seller/nobody", { token: admin.token })).status).toBe(400);
    expect((await server.api("GET", `/api/orders/seller/${sellerA.user.id}?limit=51`, { token: sellerA.token })).status).toBe(400);
  });

  it("GET / answers every order to admins only", async ({ server }) => {
    const res = await server.api("GET", "/api/orders?limit=50", { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.totalOrders).toBe(await orderCount(server));
    expect(Object.keys(res.body).sort()).toEqual(["orders", "totalOrders", "totalPages"]);
    expect((await server.api("GET", "/api/orders", { token: sellerA.token })).status).toBe(403);
    expect((await server.api("GET", "/api/orders")).status).toBe(401);
  });

  it("shows the seller the buyer's phone only on a confirmed order (empty otherwise); the buyer and admins always see it", async ({
    server,
  }) => {
    const seller = await signUp(server, "seller");
    const product = await insertProduct(server.dataSource, seller.user.id);
    const byStatus = new Map<string, string>();
    for (const status of Object.values(OrderStatus)) {
      const order = await insertOrder(server.dataSource, { buyerId: buyer.user.id, lines: [{ product }], status });
      byStatus.set(order.id, status);
    }
    const phones = (orders: any[]) =>
      Object.fromEntries(orders.map((o) => [byStatus.get(o._id), [o.contactNumber, o.shippingDetails.contactNumber]]));
    const asSeller = await server.api("GET", `/api/orders/seller/${seller.user.id}?limit=50`, { token: seller.token });
    expect(asSeller.status).toBe(200);
    const shown = ["03001234567", "03001234567"];
    expect(phones(asSeller.body.orders)).toEqual({
      [OrderStatus.PENDING]: ["", ""],
      [OrderStatus.CONFIRMED]: shown,
      [OrderStatus.PROCESSING]: shown,
      [OrderStatus.SHIPPED]: shown,
      [OrderStatus.COMPLETED]: shown,
      [OrderStatus.REJECTED]: ["", ""],
      [OrderStatus.CANCELLED]: ["", ""],
    });
    // the rest of the delivery details stay the seller's to see; no e-mail anywhere in the document
    expect(asSeller.body.orders[0].shippingDetails).toMatchObject({ address: "Hostel 3, Room 12", city: "Lahore" });
    expect(JSON.stringify(asSeller.body)).not.toContain(buyer.user.email);
    const asAdmin = await server.api("GET", `/api/orders/seller/${seller.user.id}?limit=50`, { token: admin.token });
    expect(Object.values(phones(asAdmin.body.orders))).toEqual(Object.values(OrderStatus).map(() => shown));
    const asBuyer = await server.api("GET", "/api/orders/my-orders?limit=50", { token: buyer.token });
    expect(asBuyer.body.orders.filter((o: any) => byStatus.has(o._id)).map((o: any) => o.contactNumber)).toEqual(
      Object.values(OrderStatus).map(() => "03001234567"),
    );

    // confirming a pending order over REST answers it with the phone; the list then shows it
    const pending = [...byStatus].find(([, status]) => status === OrderStatus.PENDING)![0];
    const confirmed = await server.api("PATCH", `/api/orders/update-status/${pending}`, {
      token: seller.token,
      body: { status: "confirmed" },
    });
    expect(confirmed.body).toMatchObject({ status: "confirmed", contactNumber: "03001234567" });
  });
});

describe("PATCH /api/orders/update-status/:id", () => {
  const patch = (server: TestServer, as: { token?: string }, id: string, status: unknown) =>
    server.api("PATCH", `/api/orders/update-status/${id}`, { ...as, body: { status } });

  it("lets the order's seller set the legacy statuses (any case) and answers the order document", async ({ server }) => {
    const order = await pendingOrder(server);
    const res = await patch(server, sellerA, order._id, "Confirmed");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: order._id, orderId: order.orderId, status: "confirmed", amount: 2100, products: order.products });
    expect((await patch(server, sellerA, order._id, "processing")).body.status).toBe("processing");
    const rejected = await pendingOrder(server);
    expect((await patch(server, sellerA, rejected._id, "rejected")).body.status).toBe("rejected");
  });

  it("answers 400 for a transition the lifecycle does not allow or an unknown status, changing nothing", async ({ server }) => {
    const order = await pendingOrder(server);
    await patch(server, sellerA, order._id, "confirmed");
    expect(await patch(server, sellerA, order._id, "pending")).toMatchObject({
      status: 400,
      body: { message: "An order that is confirmed cannot become pending." },
    });
    expect((await patch(server, sellerA, order._id, "teleported")).status).toBe(400);
    expect((await patch(server, sellerA, order._id, undefined)).status).toBe(400);
    expect(
      (
        await server.services.orders.order(order._id, {
          id: admin.user.id,
          role: admin.user.role,
          email: admin.user.email,
          username: admin.user.username,
        })
      ).status,
    ).toBe("confirmed");
  });

  it("refuses another seller (403), the buyer confirming (403), anonymous (401) and an unknown order (404); the buyer may cancel and an admin may act", async ({
    server,
  }) => {
    const order = await pendingOrder(server);
    expect(await patch(server, sellerB, order._id, "confirmed")).toMatchObject({
      status: 403,
      body: { message: "You can only manage your own orders." },
    });
    expect((await patch(server, buyer, order._id, "confirmed")).status).toBe(403);
    expect((await patch(server, otherBuyer, order._id, "cancelled")).status).toBe(403);
    expect((await patch(server, {}, order._id, "confirmed")).status).toBe(401);
    expect((await patch(server, sellerA, randomUUID(), "confirmed")).status).toBe(404);
    expect((await patch(server, buyer, order._id, "cancelled")).body.status).toBe("cancelled");
    const another = await pendingOrder(server);
    expect((await patch(server, admin, another._id, "confirmed")).body.status).toBe("confirmed");
  });
});

describe("POST /api/orders/confirm-payment", () => {
  it.beforeEach(({ server }) => cancelPendingOrders(server));

  const confirm = (server: TestServer, as: { token?: string }, session_id: unknown) =>
    server.api("POST", "/api/orders/confirm-payment", { ...as, body: { session_id } });

  it("answers {order} for the buyer's checkout; a card checkout is marked paid once the card was accepted", async ({ server }) => {
    const checkout = await placeOrder(server, buyer, [{ productId: book.id, quantity: 1 }], { paymentMethod: "CARD" });
    expect(await confirm(server, buyer, checkout.id)).toMatchObject({ status: 400, body: { message: "Payment has not been completed." } });
    await server.services.paymentProviders.payByCard(checkout.id, {
      cardNumber: "4242424242424242",
      expiry: `12/${(new Date().getFullYear() + 1) % 100}`,
      cvc: "123",
    });
    const res = await confirm(server, buyer, checkout.id);
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({
      _id: checkout.orders[0].id,
      orderId: checkout.orders[0].orderNumber,
      amount: 1050,
      status: "pending",
    });
    expect((await server.services.dataSource.getRepository(Order).findOneByOrFail({ id: checkout.orders[0].id })).paymentStatus).toBe(
      "paid",
    );
  });

  it("answers a cash-on-delivery checkout as it is", async ({ server }) => {
    const placed = await placeLegacy(server, buyer, legacyCart());
    const session = (await server.dataSource.getRepository(Order).findOneByOrFail({ id: placed.body.order._id })).checkoutSessionId;
    expect(await confirm(server, buyer, session)).toMatchObject({ status: 200, body: { order: { _id: placed.body.order._id } } });
  });

  it("refuses an unknown session (404) and another signed-in buyer (403)", async ({ server }) => {
    expect(await confirm(server, buyer, randomUUID())).toMatchObject({ status: 404, body: { message: "Checkout not found." } });
    expect((await confirm(server, {}, randomUUID())).status).toBe(404);
    expect((await confirm(server, buyer, "cs_test_legacy")).status).toBe(404);
    const checkout = await placeOrder(server, buyer, [{ productId: book.id, quantity: 1 }]);
    expect((await confirm(server, otherBuyer, checkout.id)).status).toBe(403);
  });

  it("after the payment redirect, works with the login cookie alone and with no credentials (the checkout id is the proof)", async ({
    server,
  }) => {
    const pay = (id: string) =>
      server.services.paymentProviders.payByCard(id, {
        cardNumber: "4242424242424242",
        expiry: `12/${(new Date().getFullYear() + 1) % 100}`,
        cvc: "123",
      });
    const byCookie = await placeOrder(server, buyer, [{ productId: book.id, quantity: 1 }], { paymentMethod: "CARD" });
    await pay(byCookie.id);
    const cookie = await loginCookie(server, buyer);
    const viaCookie = await server.api("POST", "/api/orders/confirm-payment", { cookie, body: { session_id: byCookie.id } });
    expect(viaCookie).toMatchObject({ status: 200, body: { order: { _id: byCookie.orders[0].id } } });

    await cancelPendingOrders(server);
    const anonymous = await placeOrder(server, buyer, [{ productId: book.id, quantity: 1 }], { paymentMethod: "CARD" });
    // not paid on the payment page yet: nothing changes, with or without credentials
    expect(await confirm(server, {}, anonymous.id)).toMatchObject({ status: 400, body: { message: "Payment has not been completed." } });
    await pay(anonymous.id);
    expect(await confirm(server, {}, anonymous.id)).toMatchObject({ status: 200, body: { order: { _id: anonymous.orders[0].id } } });
    const paid = await server.dataSource.getRepository(Order).findBy({ checkoutSessionId: In([byCookie.id, anonymous.id]) });
    expect(paid.map((o) => o.paymentStatus)).toEqual(["paid", "paid"]);
  });
});
