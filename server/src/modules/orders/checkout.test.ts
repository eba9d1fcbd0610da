import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct, signUp, type SignedIn } from "../../test/fixtures";
import { startTestServer, type TestServer } from "../../test/harness";
import { Product } from "../products/entity";
import { CheckoutSession, Coupon, Order, OrderLine, OrderStatusEvent } from "./entity";
import { CHECKOUT_FIELDS, ORDER, orderInput, PLACE_ORDER, placeOrder, shipping } from "./testing";

let server: TestServer;
let sellerA: SignedIn;
let sellerB: SignedIn;
let buyer: SignedIn;
let book: Product; // sellerA, PKR 1,234.50
let lamp: Product; // sellerB, PKR 999.99

beforeAll(async () => {
  server = await startTestServer();
  [sellerA, sellerB, buyer] = await Promise.all([signUp(server, "seller"), signUp(server, "seller"), signUp(server, "user")]);
  book = await insertProduct(server.dataSource, sellerA.user.id, { pricePaisa: 123_450, name: "Algorithms Textbook" });
  lamp = await insertProduct(server.dataSource, sellerB.user.id, { pricePaisa: 99_999, name: "Desk Lamp" });
  const coupons = server.dataSource.getRepository(Coupon);
  await coupons.save([
    { code: "save", percentOff: 10, active: true, expiresAt: null },
    { code: "old", percentOff: 20, active: true, expiresAt: new Date(Date.now() - 86_400_000) },
    { code: "paused", percentOff: 20, active: false, expiresAt: null },
  ]);
});
afterAll(() => server.close());

const QUOTE = `query ($lines: [CartLineInput!]!, $couponCode: String) {
  priceQuote(lines: $lines, couponCode: $couponCode) {
    lines { productId name unitPrice quantity lineTotal image available }
    itemCount subtotal taxRate tax discount total couponCode couponApplied couponMessage
  }
}`;

const counts = async () => ({
  checkouts: await server.dataSource.getRepository(CheckoutSession).count(),
  orders: await server.dataSource.getRepository(Order).count(),
  lines: await server.dataSource.getRepository(OrderLine).count(),
  events: await server.dataSource.getRepository(OrderStatusEvent).count(),
});

describe("priceQuote", () => {
  it("prices from the database with 5% tax rounded half-up per seller's order", async () => {
    const res = await server.gql(QUOTE, {
      lines: [
        { productId: book.id, quantity: 2 },
        { productId: lamp.id, quantity: 3 },
      ],
    });
    expect(res.errors).toBeUndefined();
    // book: 2 x 1234.50 = 2469.00, tax 123.45; lamp: 3 x 999.99 = 2999.97, tax 149.9985 -> 150.00
    expect(res.data.priceQuote).toMatchObject({
      itemCount: 5,
      subtotal: 5468.97,
      taxRate: 0.05,
      tax: 273.45,
      discount: 0,
      total: 5742.42,
      couponCode: null,
      couponApplied: false,
      couponMessage: null,
    });
    expect(res.data.priceQuote.lines[0]).toEqual({
      productId: book.id,
      name: "Algorithms Textbook",
      unitPrice: 1234.5,
      quantity: 2,
      lineTotal: 2469,
      image: `${server.url}${book.image}`,
      available: true,
    });
  });

  it("applies the 'save' coupon in any case: 10% off the subtotal, tax on the discounted amount", async () => {
    const res = await server.gql(QUOTE, {
      lines: [
        { productId: book.id, quantity: 2 },
        { productId: lamp.id, quantity: 3 },
      ],
      couponCode: " SAVE ",
    });
    // book: 2469.00 - 246.90 = 2222.10, tax 111.105 -> 111.11 (half-up); lamp: 2999.97 - 299.997 -> 300.00 = 2699.97, tax 134.9985 -> 135.00
    expect(res.data.priceQuote).toMatchObject({
      subtotal: 5468.97,
      discount: 546.9,
      tax: 246.11,
      total: 5168.18,
      couponCode: "save",
      couponApplied: true,
      couponMessage: "10% off the subtotal applied.",
    });
  });

  it("explains an unknown, inactive or expired coupon and charges full price", async () => {
    const lines = [{ productId: book.id, quantity: 1 }];
    const unknown = await server.gql(QUOTE, { lines, couponCode: "Nope" });
    expect(unknown.data.priceQuote).toMatchObject({
      couponApplied: false,
      couponMessage: 'Coupon code "nope" is not valid.',
      discount: 0,
      total: 1296.23,
    });
    const paused = await server.gql(QUOTE, { lines, couponCode: "paused" });
    expect(paused.data.priceQuote.couponMessage).toBe('Coupon code "paused" is not valid.');
    const expired = await server.gql(QUOTE, { lines, couponCode: "OLD" });
    expect(expired.data.priceQuote).toMatchObject({ couponApplied: false, couponMessage: 'Coupon code "old" has expired.', discount: 0 });
  });

  it("a coupon lapses when the clock passes its end", async () => {
    await server.dataSource
      .getRepository(Coupon)
      .save({ code: "weekend", percentOff: 10, active: true, expiresAt: new Date(Date.now() + 86_400_000) });
    const quote = { lines: [{ productId: book.id, quantity: 1 }], couponCode: "weekend" };
    expect((await server.gql(QUOTE, quote)).data.priceQuote).toMatchObject({ couponApplied: true, discount: 123.45 });
    server.clock.advance(2 * 86_400_000);
    try {
      expect((await server.gql(QUOTE, quote)).data.priceQuote).toMatchObject({
        couponApplied: false,
        couponMessage: 'Coupon code "weekend" has expired.',
        discount: 0,
      });
    } finally {
      server.clock.advance(-2 * 86_400_000);
    }
  });

  it("flags unknown, malformed and deleted products as unavailable and leaves them out of the totals", async () => {
    const gone = await insertProduct(server.dataSource, sellerA.user.id, { pricePaisa: 50_000, name: "Sold Chair" });
    await server.dataSource.getRepository(Product).softDelete(gone.id);
    const unknownId = randomUUID();
    const res = await server.gql(QUOTE, {
      lines: [
        { productId: book.id, quantity: 1 },
        { productId: gone.id, quantity: 1 },
        { productId: unknownId, quantity: 2 },
        { productId: "not-an-id", quantity: 1 },
      ],
    });
    expect(res.errors).toBeUndefined();
    const quote = res.data.priceQuote;
    expect(quote.lines.map((l: { available: boolean }) => l.available)).toEqual([true, false, false, false]);
    expect(quote.lines[1]).toMatchObject({ name: "Sold Chair", lineTotal: 0 });
    expect(quote.lines[2]).toMatchObject({ productId: unknownId, name: "Unknown product", image: null, lineTotal: 0 });
    expect(quote).toMatchObject({ itemCount: 1, subtotal: 1234.5, tax: 61.73, total: 1296.23 });
  });

  it("merges lines of one product and quotes an empty cart as zero", async () => {
    const merged = await server.gql(QUOTE, {
      lines: [
        { productId: book.id, quantity: 1 },
        { productId: book.id, quantity: 2 },
      ],
    });
    expect(merged.data.priceQuote.lines).toHaveLength(1);
    expect(merged.data.priceQuote).toMatchObject({ itemCount: 3, subtotal: 3703.5 });
    const empty = await server.gql(QUOTE, { lines: [] });
    expect(empty.data.priceQuote).toMatchObject({ itemCount: 0, subtotal: 0, tax: 0, total: 0 });
  });
});

describe("placeOrder", () => {
  it("places three items at the highest price (PKR 10,000,000 each) without overflowing a total", async () => {
    const dearest = await insertProduct(server.dataSource, sellerA.user.id, { pricePaisa: 1_000_000_000, name: "Campus Shuttle" });
    const checkout = await placeOrder(server, buyer, [{ productId: dearest.id, quantity: 3 }]);
    expect(checkout).toMatchObject({ subtotal: 30_000_000, discount: 0 });
    expect(checkout.total).toBe(checkout.subtotal + checkout.tax);
    expect(checkout.orders[0].lines[0]).toMatchObject({ unitPrice: 10_000_000, quantity: 3, lineTotal: 30_000_000 });
    const [stored] = await server.dataSource.query(`SELECT "totalPaisa" FROM checkout_sessions WHERE id = $1`, [checkout.id]);
    expect(Number(stored.totalPaisa)).toBe(Math.round(checkout.total * 100));
  });

  it("splits the cart into one order per seller in one checkout whose totals are the orders' sums", async () => {
    const before = await counts();
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
    expect(await counts()).toEqual({
      checkouts: before.checkouts + 1,
      orders: before.orders + 2,
      lines: before.lines + 2,
      events: before.events + 2,
    });
  });

  it("ignores a client-sent amount: the service prices from the database", async () => {
    const session = await server.services.orders.checkouts.placeOrder(
      { ...orderInput([{ productId: book.id, quantity: 1 }]), amount: 0.01 } as Parameters<
        typeof server.services.orders.checkouts.placeOrder
      >[0],
      { id: buyer.user.id, role: buyer.user.role, email: buyer.user.email, username: buyer.user.username },
    );
    expect(session.totalPaisa).toBe(129_623);
  });

  it("merges duplicate lines of one product into one order line", async () => {
    const checkout = await placeOrder(server, buyer, [
      { productId: book.id, quantity: 1 },
      { productId: book.id, quantity: 4 },
    ]);
    expect(checkout.orders).toHaveLength(1);
    expect(checkout.orders[0].lines).toMatchObject([{ quantity: 5, lineTotal: 6172.5 }]);
  });

  it("returns the same checkout for a retry with the same key and creates nothing more", async () => {
    const input = orderInput([{ productId: book.id, quantity: 1 }]);
    const first = await server.gql(PLACE_ORDER, { input }, buyer.token);
    const before = await counts();
    const retry = await server.gql(PLACE_ORDER, { input }, buyer.token);
    expect(retry.errors).toBeUndefined();
    expect(retry.data.placeOrder.id).toBe(first.data.placeOrder.id);
    expect(retry.data.placeOrder.orders.map((o: { id: string }) => o.id)).toEqual(
      first.data.placeOrder.orders.map((o: { id: string }) => o.id),
    );
    expect(await counts()).toEqual(before);
  });

  it("creates one checkout for concurrent requests with one key (the unique constraint decides)", async () => {
    const input = orderInput([
      { productId: book.id, quantity: 1 },
      { productId: lamp.id, quantity: 1 },
    ]);
    const before = await counts();
    const results = await Promise.all(Array.from({ length: 4 }, () => server.gql(PLACE_ORDER, { input }, buyer.token)));
    for (const res of results) expect(res.errors).toBeUndefined();
    expect(new Set(results.map((r) => r.data.placeOrder.id)).size).toBe(1);
    expect(await counts()).toEqual({
      checkouts: before.checkouts + 1,
      orders: before.orders + 2,
      lines: before.lines + 2,
      events: before.events + 2,
    });
  });

  it("gives another buyer's identical key its own checkout", async () => {
    const other = await signUp(server, "user");
    const input = orderInput([{ productId: book.id, quantity: 1 }]);
    const mine = await server.gql(PLACE_ORDER, { input }, buyer.token);
    const theirs = await server.gql(PLACE_ORDER, { input }, other.token);
    expect(theirs.data.placeOrder.id).not.toBe(mine.data.placeOrder.id);
  });

  it("needs a signed-in buyer", async () => {
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
    it.each(cases)("%s", async (_name, input, message, fields) => {
      const before = await counts();
      const res = await server.gql(PLACE_ORDER, { input: input() }, buyer.token);
      expect(res.errors?.[0]).toMatchObject({ message, extensions: { code: "BAD_USER_INPUT", fields } });
      expect(await counts()).toEqual(before);
    });
  });

  it("refuses a seller buying their own product, even next to another seller's", async () => {
    const before = await counts();
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
    expect(await counts()).toEqual(before);
  });

  it("refuses a deleted product at checkout but keeps past orders of it intact", async () => {
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

  it("answers a card checkout with its hosted payment page", async () => {
    const res = await server.gql(
      PLACE_ORDER,
      { input: orderInput([{ productId: book.id, quantity: 1 }], { paymentMethod: "CARD" }) },
      buyer.token,
    );
    const checkout = res.data.placeOrder;
    expect(checkout).toMatchObject({ paymentMethod: "CARD", paymentStatus: "UNPAID", paymentUrl: `/pay/${checkout.id}` });
    expect(checkout.orders[0]).toMatchObject({ paymentMethod: "CARD", paymentStatus: "UNPAID" });
  });

  it("is readable afterwards by its buyer and an admin only", async () => {
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
