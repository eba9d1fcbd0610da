import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { insertProduct, type SignedIn } from "../../test/fixtures";
import { Product } from "../products/entity";
import { Coupon } from "./coupons";
import { checkoutShop } from "./testing";

let sellerA: SignedIn;
let book: Product; // sellerA, PKR 1,234.50
let lamp: Product; // sellerB, PKR 999.99

it.beforeAll(async ({ server }) => {
  ({ sellerA, book, lamp } = await checkoutShop(server));
});

const QUOTE = `query ($lines: [CartLineInput!]!, $couponCode: String) {
  priceQuote(lines: $lines, couponCode: $couponCode) {
    lines { productId name unitPrice quantity lineTotal image available }
    itemCount subtotal taxRate tax discount total couponCode couponApplied couponMessage
  }
}`;

describe("priceQuote", () => {
  it("prices from the database with 5% tax rounded half-up per seller's order", async ({ server }) => {
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

  it("applies the 'save' coupon in any case: 10% off the subtotal, tax on the discounted amount", async ({ server }) => {
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

  it("explains an unknown, inactive or expired coupon and charges full price", async ({ server }) => {
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

  it("a coupon lapses when the clock passes its end", async ({ server }) => {
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

  it("flags unknown, malformed and deleted products as unavailable and leaves them out of the totals", async ({ server }) => {
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

  it("merges lines of one product and quotes an empty cart as zero", async ({ server }) => {
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
