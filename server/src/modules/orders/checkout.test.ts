import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { insertProduct, signUp, type SignedIn } from "../../test/fixtures";
import type { TestServer } from "../../test/harness";
import { Product } from "../products/entity";
import { CheckoutSession, Order, OrderLine, OrderStatusEvent } from "./entity";
import { CHECKOUT_FIELDS, checkoutShop, ORDER, orderInput, PLACE_ORDER, placeOrder, shipping } from "./testing";

let sellerA: SignedIn;
let sellerB: SignedIn;
let buyer: SignedIn;
let book: Product; // sellerA, PKR 1,234.50
let lamp: Product; // sellerB, PKR 999.99

it.beforeAll(async ({ server }) => {
  ({ sellerA, sellerB, buyer, book, lamp } = await checkoutShop(server));
});

const counts = async (server: TestServer) => ({
  checkouts: await server.dataSource.getRepository(CheckoutSession).count(),
  orders: await server.dataSource.getRepository(Order).count(),
  lines: await server.dataSource.getRepository(OrderLine).count(),
  events: await server.dataSource.getRepository(OrderStatusEvent).count(),
});

describe("placeOrder", () => {
  it("places three items at the highest price (PKR 10,000,000 each) without overflowing a total", async ({ server }) => {
    const dearest = await insertProduct(server.dataSource, sellerA.user.id, { pricePaisa: 1_000_000_000, name: "Campus Shuttle" });
    const checkout = await placeOrder(server, buyer, [{ productId: dearest.id, quantity: 3 }]);
    expect(checkout).toMatchObject({ subtotal: 30_000_000, discount: 0 });
    expect(checkout.total).toBe(checkout.subtotal + checkout.tax);
    expect(checkout.orders[0].lines[0]).toMatchObject({ unitPrice: 10_000_000, quantity: 3, lineTotal: 30_000_000 });
    const [stored] = await server.dataSource.query(`SELECT "totalPaisa" FROM checkout_sessions WHERE id = $1`, [checkout.id]);
    expect(Number(stored.totalPaisa)).toBe(Math.round(checkout.total * 100));
  });

  it("splits the cart into one order per seller in one checkout whose totals are the orders' sums", async ({ server }) => {
    const before = await counts(server);
    const checkout = await placeOrder(
      server,
      buyer,
      [
        { productId: book.id, quantity: 2 },
        { productId: lamp.id, quantity: 3 },
      ],
      { couponCode: "Save" },
    );
    expect(checkout).toMatchObject({
      paymentMethod: "CASH_ON_DELIVERY",
      paymentStatus: "UNPAID",
      subtotal: 5468.97,
      discount: 546.9,
      tax: 246.11,
      total: 5168.18,
      couponCode: "save",
      paymentUrl: null,
    });
    expect(checkout.orders).toHaveLength(2);
    const [first, second] = checkout.orders;
    expect(first).toMatchObject({
      subtotal: 2469,
      discount: 246.9,
      tax: 111.11,
      total: 2333.21,
      status: "PENDING",
      seller: { id: sellerA.user.id },
    });
    expect(second).toMatchObject({ subtotal: 2999.97, discount: 300, tax: 135, total: 2834.97, seller: { id: sellerB.user.id } });
    for (const key of ["subtotal", "discount", "tax", "total"]) {
      expect(Math.round((first[key] + second[key]) * 100)).toBe(Math.round(checkout[key] * 100));
    }
    expect(first.orderNumber).toMatch(/^UB-\d{6}$/);
    expect(first).toMatchObject({
      shipping,
      contactNumber: "03001234567",
      paymentMethod: "CASH_ON_DELIVERY",
      buyer: { id: buyer.user.id, email: buyer.user.email },
    });
    expect(first.lines).toEqual([
      {
        id: expect.any(String),
        productId: book.id,
        productName: "Algorithms Textbook",
        unitPrice: 1234.5,
        quantity: 2,
        lineTotal: 2469,
        image: `${server.url}${book.image}`,
      },
    ]);
    expect(first.timeline).toEqual([
      { id: expect.any(String), fromStatus: null, status: "PENDING", at: expect.any(String), actorRole: "USER" },
    ]);
    // one charge for the whole cart, two orders, their lines and first timeline steps
    expect(await counts(server)).toEqual({
      checkouts: before.checkouts + 1,
      orders: before.orders + 2,
      lines: before.lines + 2,
      events: before.events + 2,
    });
  });

  it("ignores a client-sent amount: the service prices from the database", async ({ server }) => {
    const session = await server.services.orders.checkouts.placeOrder(
      { ...orderInput([{ productId: book.id, quantity: 1 }]), amount: 0.01 } as Parameters<
        typeof server.services.orders.checkouts.placeOrder
      >[0],
      { id: buyer.user.id, role: buyer.user.role, email: buyer.user.email, username: buyer.user.username },
    );
    expect(session.totalPaisa).toBe(129_623);
  });

  it("merges duplicate lines of one product into one order line", async ({ server }) => {
    const checkout = await placeOrder(server, buyer, [
      { productId: book.id, quantity: 1 },
      { productId: book.id, quantity: 4 },
    ]);
    expect(checkout.orders).toHaveLength(1);
    expect(checkout.orders[0].lines).toMatchObject([{ quantity: 5, lineTotal: 6172.5 }]);
  });

  it("returns the same checkout for a retry with the same key and creates nothing more", async ({ server }) => {
    const input = orderInput([{ productId: book.id, quantity: 1 }]);
    const first = await server.gql(PLACE_ORDER, { input }, buyer.token);
    const before = await counts(server);
    const retry = await server.gql(PLACE_ORDER, { input }, buyer.token);
    expect(retry.errors).toBeUndefined();
    expect(retry.data.placeOrder.id).toBe(first.data.placeOrder.id);
    expect(retry.data.placeOrder.orders.map((o: { id: string }) => o.id)).toEqual(
      first.data.placeOrder.orders.map((o: { id: string }) => o.id),
    );
    expect(await counts(server)).toEqual(before);
  });

  it("refuses a reused key whose request differs (CONFLICT), creating nothing; the same request still answers the first", async ({
    server,
  }) => {
    const input = orderInput([{ productId: book.id, quantity: 1 }]);
    const first = await server.gql(PLACE_ORDER, { input }, buyer.token);
    expect(first.errors).toBeUndefined();
    const before = await counts(server);
    const differing: Array<[string, Record<string, unknown>]> = [
      ["another quantity", { lines: [{ productId: book.id, quantity: 2 }] }],
      ["another product", { lines: [{ productId: lamp.id, quantity: 1 }] }],
      ["one more product", { lines: [...input.lines, { productId: lamp.id, quantity: 1 }] }],
      ["another payment method", { paymentMethod: "CARD" }],
      ["a coupon", { couponCode: "save" }],
      ["another address", { shipping: { ...shipping, address: "House 9, Street 4" } }],
      ["another contact number", { contactNumber: "03111234567" }],
    ];
    for (const [what, over] of differing) {
      const reused = await server.gql(PLACE_ORDER, { input: { ...input, ...over } }, buyer.token);
      expect(reused.errors?.[0].extensions?.code, what).toBe("CONFLICT");
      expect(reused.errors?.[0].message, what).toMatch(/idempotency key/i);
    }
    expect(await counts(server)).toEqual(before);
    // the retry: the same request (a blank coupon field is no coupon)
    const retry = await server.gql(PLACE_ORDER, { input: { ...input, couponCode: "" } }, buyer.token);
    expect(retry.errors).toBeUndefined();
    expect(retry.data.placeOrder.id).toBe(first.data.placeOrder.id);
    expect(await counts(server)).toEqual(before);
  });

  it("creates one checkout for concurrent requests with one key (the unique constraint decides)", async ({ server }) => {
    const input = orderInput([
      { productId: book.id, quantity: 1 },
      { productId: lamp.id, quantity: 1 },
    ]);
    const before = await counts(server);
    const results = await Promise.all(Array.from({ length: 4 }, () => server.gql(PLACE_ORDER, { input }, buyer.token)));
    for (const res of results) expect(res.errors).toBeUndefined();
    expect(new Set(results.map((r) => r.data.placeOrder.id)).size).toBe(1);
    expect(await counts(server)).toEqual({
      checkouts: before.checkouts + 1,
      orders: before.orders + 2,
      lines: before.lines + 2,
      events: before.events + 2,
    });
  });

  it("gives another buyer's identical key its own checkout", async ({ server }) => {
    const other = await signUp(server, "user");
    const input = orderInput([{ productId: book.id, quantity: 1 }]);
    const mine = await server.gql(PLACE_ORDER, { input }, buyer.token);
    const theirs = await server.gql(PLACE_ORDER, { input }, other.token);
    expect(theirs.data.placeOrder.id).not.toBe(mine.data.placeOrder.id);
  });

  it("needs a signed-in buyer", async ({ server }) => {
    const res = await server.gql(PLACE_ORDER, { input: orderInput([{ productId: book.id, quantity: 1 }]) });
    expect(res.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  describe("refuses bad input with a message per field and changes nothing", () => {
    const cases: Array<[string, () => Record<string, unknown>, string, Record<string, string>]> = [
      ["an empty cart", () => orderInput([]), "No products found.", { lines: "No products found." }],
      [
        "a missing contact number",
        () => orderInput([{ productId: book.id, quantity: 1 }], { contactNumber: "  " }),
        "Contact number is required.",
        { contactNumber: "Contact number is required." },
      ],
      [
        "an invalid contact number",
        () => orderInput([{ productId: book.id, quantity: 1 }], { contactNumber: "call me" }),
        "Enter a valid contact number, e.g. 03001234567.",
        { contactNumber: "Enter a valid contact number, e.g. 03001234567." },
      ],
      [
        "empty shipping fields",
        () => orderInput([{ productId: book.id, quantity: 1 }], { shipping: { address: "", city: " ", postalCode: "", country: "" } }),
        "Address is required.",
        {
          "shipping.address": "Address is required.",
          "shipping.city": "City is required.",
          "shipping.postalCode": "Postal code is required.",
          "shipping.country": "Country is required.",
        },
      ],
      [
        "a zero quantity",
        () => orderInput([{ productId: book.id, quantity: 0 }]),
        "Quantity must be a whole number from 1 to 20.",
        { "lines.0.quantity": "Quantity must be a whole number from 1 to 20." },
      ],
      [
        "a quantity over 20",
        () => orderInput([{ productId: book.id, quantity: 21 }]),
        "Quantity must be a whole number from 1 to 20.",
        { "lines.0.quantity": "Quantity must be a whole number from 1 to 20." },
      ],
      [
        "duplicate lines adding up to more than 20",
        () =>
          orderInput([
            { productId: book.id, quantity: 15 },
            { productId: book.id, quantity: 6 },
          ]),
        "You can order at most 20 of one product.",
        { "lines.1.quantity": "You can order at most 20 of one product." },
      ],
      [
        "an unknown product",
        () => orderInput([{ productId: randomUUID(), quantity: 1 }]),
        "Some products in your cart are no longer available. Remove them and try again.",
        { "lines.0.productId": "This product does not exist." },
      ],
      [
        "a malformed product id",
        () => orderInput([{ productId: "42", quantity: 1 }]),
        "Some products in your cart are no longer available. Remove them and try again.",
        { "lines.0.productId": "This product does not exist." },
      ],
      [
        "an invalid coupon",
        () => orderInput([{ productId: book.id, quantity: 1 }], { couponCode: "FREE100" }),
        'Coupon code "free100" is not valid.',
        { couponCode: 'Coupon code "free100" is not valid.' },
      ],
    ];
    it.for(cases)("%s", async ([_name, input, message, fields], { server }) => {
      const before = await counts(server);
      const res = await server.gql(PLACE_ORDER, { input: input() }, buyer.token);
      expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: "BAD_USER_INPUT", fields } });
      expect(await counts(server)).toEqual(before);
    });
  });

  it("refuses a seller buying their own product, even next to another seller's", async ({ server }) => {
    const before = await counts(server);
    const res = await server.gql(
      PLACE_ORDER,
      {
        input: orderInput([
          { productId: lamp.id, quantity: 1 },
          { productId: book.id, quantity: 1 },
        ]),
      },
      sellerA.token,
    );
    expect(res.errors?.[0]).toMatchObject({
      message: "You cannot buy your own product.",
      extensions: { code: "BAD_USER_INPUT", fields: { "lines.1.productId": "You cannot buy your own product." } },
    });
    expect(await counts(server)).toEqual(before);
  });

  it("refuses a deleted product at checkout but keeps past orders of it intact", async ({ server }) => {
    const mug = await insertProduct(server.dataSource, sellerB.user.id, { pricePaisa: 45_000, name: "Campus Mug" });
    const earlier = await placeOrder(server, buyer, [{ productId: mug.id, quantity: 2 }]);
    await server.dataSource.getRepository(Product).softDelete(mug.id);

    const res = await server.gql(PLACE_ORDER, { input: orderInput([{ productId: mug.id, quantity: 1 }]) }, buyer.token);
    expect(res.errors?.[0]).toMatchObject({
      extensions: { code: "BAD_USER_INPUT", fields: { "lines.0.productId": '"Campus Mug" is no longer available.' } },
    });

    const history = await server.gql(ORDER, { id: earlier.orders[0].id }, buyer.token);
    expect(history.data.order.lines).toEqual([
      {
        id: expect.any(String),
        productId: mug.id,
        productName: "Campus Mug",
        unitPrice: 450,
        quantity: 2,
        lineTotal: 900,
        image: `${server.url}${mug.image}`,
      },
    ]);
    expect(history.data.order.total).toBe(945);
  });

  it("answers a card checkout with its hosted payment page", async ({ server }) => {
    const res = await server.gql(
      PLACE_ORDER,
      { input: orderInput([{ productId: book.id, quantity: 1 }], { paymentMethod: "CARD" }) },
      buyer.token,
    );
    const checkout = res.data.placeOrder;
    expect(checkout).toMatchObject({ paymentMethod: "CARD", paymentStatus: "UNPAID", paymentUrl: `/pay/${checkout.id}` });
    expect(checkout.orders[0]).toMatchObject({ paymentMethod: "CARD", paymentStatus: "UNPAID" });
  });

  it("is readable afterwards by its buyer and an admin only", async ({ server }) => {
    const checkout = await placeOrder(server, buyer, [{ productId: lamp.id, quantity: 1 }]);
    const query = `query ($id: ID!) { checkout(sessionId: $id) { ${CHECKOUT_FIELDS} } }`;
    const admin = await signUp(server, "admin");
    expect((await server.gql(query, { id: checkout.id }, buyer.token)).data.checkout.id).toBe(checkout.id);
    expect((await server.gql(query, { id: checkout.id }, admin.token)).data.checkout.total).toBe(checkout.total);
    expect((await server.gql(query, { id: checkout.id }, sellerB.token)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect((await server.gql(query, { id: randomUUID() }, buyer.token)).errors?.[0].extensions?.code).toBe("NOT_FOUND");
    expect((await server.gql(query, { id: "nope" }, buyer.token)).errors?.[0].extensions?.code).toBe("NOT_FOUND");
  });
});
