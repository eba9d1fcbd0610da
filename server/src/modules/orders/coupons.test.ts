import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { insertProduct, signUp, type SignedIn } from "../../test/fixtures";
import { codeOf, withClockAhead, type TestServer } from "../../test/harness";
import { BALANCE, handOver, orderLedger, TEST_CARD } from "../escrow/testing";
import { formatMeetupTime } from "../meetups/points";
import { Product } from "../products/entity";
import { Coupon, CouponUse } from "./coupons";
import { CONFIRM_PAYMENT, orderInput, PLACE_ORDER, placeOrder, setStatus } from "./testing";

const DAY = 86_400_000;
const QUOTE = `query ($lines: [CartLineInput!]!, $couponCode: String) { priceQuote(lines: $lines, couponCode: $couponCode) { discount couponApplied couponMessage } }`;

let seller: SignedIn;
let product: Product; // PKR 1,000, plenty of units
it.beforeAll(async ({ server }) => {
  seller = await signUp(server, "seller");
  product = await insertProduct(server.dataSource, seller.user.id, { pricePaisa: 100_000, quantityAvailable: 500 });
  // the demo coupon: 10 %, no limits
  await coupon(server, "save");
});
// checkouts with a coupon may be paid online: the books stay balanced whatever happened
it.afterEach(async ({ server }) => {
  const [{ total }] = await server.dataSource.query(`SELECT COALESCE(sum("amountPaisa"), 0)::bigint AS total FROM ledger_entries`);
  expect(Number(total)).toBe(0);
});

const lines = () => [{ productId: product.id, quantity: 1 }];
const coupon = (server: TestServer, code: string, over: Partial<Coupon> = {}) =>
  server.dataSource.getRepository(Coupon).save({ code, percentOff: 10, active: true, expiresAt: null, ...over });
const quote = async (server: TestServer, couponCode: string, who?: SignedIn) =>
  (await server.gql(QUOTE, { lines: lines(), couponCode }, who?.token)).data.priceQuote;
const checkout = (server: TestServer, who: SignedIn, couponCode: string) =>
  server.gql(PLACE_ORDER, { input: orderInput(lines(), { couponCode }) }, who.token);
const usesOf = (server: TestServer, couponCode: string) => server.dataSource.getRepository(CouponUse).countBy({ couponCode });

describe("a coupon's limits", () => {
  it("per account: the quote and the checkout refuse a second use; a cancelled order gives the use back", async ({ server }) => {
    await coupon(server, "once", { maxUsesPerAccount: 1 });
    const [buyer, other] = await Promise.all([signUp(server), signUp(server)]);
    expect(await quote(server, "once", buyer)).toMatchObject({ couponApplied: true, discount: 100 });
    const first = await checkout(server, buyer, "once");
    expect(first.errors).toBeUndefined();

    const used = `You have already used coupon code "once": it is once per account.`;
    expect(await quote(server, "once", buyer)).toEqual({ couponApplied: false, discount: 0, couponMessage: used });
    const again = await checkout(server, buyer, "once");
    expect(codeOf(again)).toBe("BAD_USER_INPUT");
    expect(again.errors![0]).toMatchObject({ message: used, extensions: { fields: { couponCode: used } } });
    // another account still may
    expect((await checkout(server, other, "once")).errors).toBeUndefined();
    expect(await usesOf(server, "once")).toBe(2);

    expect((await setStatus(server, buyer, first.data.placeOrder.orders[0].id, "CANCELLED")).errors).toBeUndefined();
    expect(await quote(server, "once", buyer)).toMatchObject({ couponApplied: true });
    expect((await checkout(server, buyer, "once")).errors).toBeUndefined();
  });

  it("a limit of several uses per account says how many were used", async ({ server }) => {
    await coupon(server, "twice", { maxUsesPerAccount: 2 });
    const buyer = await signUp(server);
    for (let i = 0; i < 2; i++) expect((await checkout(server, buyer, "twice")).errors).toBeUndefined();
    expect((await checkout(server, buyer, "twice")).errors?.[0].message).toBe(
      `You have already used coupon code "twice" 2 times, the most one account may.`,
    );
  });

  it("in total: 12 accounts checking out at once share a limit of 5 exactly", async ({ server }) => {
    await coupon(server, "first5", { maxUses: 5 });
    const buyers = await Promise.all(Array.from({ length: 12 }, () => signUp(server)));
    const stockBefore = (await server.dataSource.getRepository(Product).findOneByOrFail({ id: product.id })).quantityAvailable;
    const answers = await Promise.all(buyers.map((buyer) => checkout(server, buyer, "first5")));
    expect(answers.filter((res) => !res.errors)).toHaveLength(5);
    for (const refused of answers.filter((res) => res.errors))
      expect(refused.errors![0].message).toBe(`Coupon code "first5" has been used up.`);
    expect(await usesOf(server, "first5")).toBe(5);
    // a refused checkout changed nothing: only the five took a unit
    expect((await server.dataSource.getRepository(Product).findOneByOrFail({ id: product.id })).quantityAvailable).toBe(stockBefore - 5);
    expect(await quote(server, "first5")).toMatchObject({ couponApplied: false, couponMessage: `Coupon code "first5" has been used up.` });
  });

  it("within its window on the clock: not before its start, not after its end", async ({ server }) => {
    const startsAt = new Date(server.clock.now().getTime() + DAY);
    await coupon(server, "eid", { startsAt, expiresAt: new Date(startsAt.getTime() + 2 * DAY) });
    const buyer = await signUp(server);
    const early = `Coupon code "eid" starts on ${formatMeetupTime(startsAt)}.`;
    expect(await quote(server, "eid", buyer)).toEqual({ couponApplied: false, discount: 0, couponMessage: early });
    expect((await checkout(server, buyer, "eid")).errors?.[0].message).toBe(early);

    await withClockAhead(server, 2 * DAY, async () => {
      expect(await quote(server, "eid", buyer)).toMatchObject({ couponApplied: true, discount: 100 });
      expect((await checkout(server, buyer, "eid")).errors).toBeUndefined();
    });
    await withClockAhead(server, 4 * DAY, async () => {
      expect(await quote(server, "eid", buyer)).toMatchObject({ couponApplied: false, couponMessage: `Coupon code "eid" has expired.` });
      expect((await checkout(server, buyer, "eid")).errors?.[0].message).toBe(`Coupon code "eid" has expired.`);
    });
    expect(await usesOf(server, "eid")).toBe(1);
  });

  it("the seller bears the discount: a paid card order with a coupon holds and releases the discounted total", async ({ server }) => {
    const [buyer, ownSeller] = [await signUp(server), await signUp(server, "seller")];
    const item = await insertProduct(server.dataSource, ownSeller.user.id, { pricePaisa: 200_000 });
    const placed = await placeOrder(server, buyer, [{ productId: item.id, quantity: 1 }], { paymentMethod: "CARD", couponCode: "SAVE" });
    // PKR 2,000 less 10 % = 1,800, plus 5 % tax = 1,890
    expect(placed).toMatchObject({ subtotal: 2000, discount: 200, tax: 90, total: 1890, couponCode: "save" });
    const card = await fetch(`${server.url}${placed.paymentUrl}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(TEST_CARD).toString(),
      redirect: "manual",
    });
    expect(card.status).toBe(303);
    expect((await server.gql(CONFIRM_PAYMENT, { sessionId: placed.id }, buyer.token)).errors).toBeUndefined();
    const orderId = placed.orders[0].id as string;
    await handOver(server, orderId);
    expect((await server.gql(BALANCE, {}, ownSeller.token)).data.myBalance).toEqual({ pending: 0, available: 1890 });
    expect(await orderLedger(server, orderId)).toMatchObject({ total: 0, held: 0 });
  });
});

describe("the quote's word on its coupon, by key", () => {
  it("carries the catalogue key and its parameters beside the English sentence: applied, not started, used up by the account", async ({
    server,
  }) => {
    const NOTE = `query ($lines: [CartLineInput!]!, $c: String) { priceQuote(lines: $lines, couponCode: $c) { couponNote { key code percent startsAt count } } }`;
    const note = async (code: string, who?: SignedIn) =>
      (await server.gql(NOTE, { lines: lines(), c: code }, who?.token)).data.priceQuote.couponNote;
    expect(await note("SAVE")).toEqual({ key: "coupon.applied", code: null, percent: 10, startsAt: null, count: null });
    const startsAt = new Date(server.clock.now().getTime() + DAY);
    await coupon(server, "later", { startsAt });
    expect(await note("Later")).toEqual({
      key: "coupon.notYet",
      code: "later",
      percent: null,
      startsAt: startsAt.toISOString(),
      count: null,
    });
    await coupon(server, "twice", { maxUsesPerAccount: 2 });
    const buyer = await signUp(server);
    for (let n = 0; n < 2; n++) expect((await checkout(server, buyer, "twice")).errors).toBeUndefined();
    expect(await note("twice", buyer)).toEqual({ key: "coupon.usedTimes", code: "twice", percent: null, startsAt: null, count: 2 });
    expect((await server.gql(NOTE, { lines: lines(), c: null })).data.priceQuote.couponNote).toBeNull();
  });
});
