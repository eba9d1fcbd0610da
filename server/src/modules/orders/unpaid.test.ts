import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { insertProduct, signUp, type SignedIn } from "../../test/fixtures";
import { codeOf, runScheduledJob, withClockAhead, type TestServer } from "../../test/harness";
import { paidCardOrder, TEST_CARD } from "../escrow/testing";
import { Notification } from "../notifications/entity";
import { Product } from "../products/entity";
import { MAX_UNPAID_CHECKOUTS, TOO_MANY_UNPAID } from "./checkout-limits";
import { Order, OrderStatus, PaymentStatus } from "./entity";
import { CONFIRM_PAYMENT, ORDER, orderInput, PLACE_ORDER, placeOrder, setStatus } from "./testing";
import { noticeText } from "../../test/notifications";

const MINUTE = 60_000;
/** UNPAID_ORDER_MINUTES as the test servers run (its default). */
const LAPSE_MS = 30 * MINUTE;
const PRODUCT = `query ($id: ID!) { product(id: $id) { id quantityAvailable } }`;

let seller: SignedIn;
let buyer: SignedIn;
it.beforeAll(async ({ server }) => {
  seller = await signUp(server, "seller");
});
// each test's buyer starts with no unpaid orders (an account holds a bounded number)
it.beforeEach(async ({ server }) => {
  buyer = await signUp(server);
});
// every test here moves money or refuses to: the books stay balanced whatever happened
it.afterEach(async ({ server }) => {
  const [{ total }] = await server.dataSource.query(`SELECT COALESCE(sum("amountPaisa"), 0)::bigint AS total FROM ledger_entries`);
  expect(Number(total)).toBe(0);
});

const listing = (server: TestServer, quantityAvailable = 5) =>
  insertProduct(server.dataSource, seller.user.id, { pricePaisa: 120_000, quantityAvailable });
const unitsLeft = async (server: TestServer, id: string) =>
  (await server.dataSource.getRepository(Product).findOneByOrFail({ id })).quantityAvailable;
const orderRow = (server: TestServer, id: string) => server.dataSource.getRepository(Order).findOneByOrFail({ id });
const lastNotice = async (server: TestServer, who: SignedIn) =>
  noticeText(
    await server.dataSource
      .getRepository(Notification)
      .findOneOrFail({ where: { recipientId: who.user.id }, order: { createdAt: "DESC" } }),
  );
const lapseNow = (server: TestServer) => server.dataSource.transaction((manager) => server.services.unpaidOrders.lapseDue(manager));

describe("an unpaid online order lapses", () => {
  it("after the set time, by the scheduled job on the clock: its units come back, buyer and seller are told", async ({ server }) => {
    const product = await listing(server);
    const checkout = await placeOrder(server, buyer, [{ productId: product.id, quantity: 2 }], { paymentMethod: "CARD" });
    const { id, orderNumber } = checkout.orders[0];
    expect(await unitsLeft(server, product.id)).toBe(3);
    // an anonymous read of the product is cached: the lapse must drop it
    expect((await server.gql(PRODUCT, { id: product.id })).data.product.quantityAvailable).toBe(3);

    await withClockAhead(server, LAPSE_MS - MINUTE, async () => {
      await runScheduledJob(server, "orders.lapse-unpaid");
      expect(await orderRow(server, id)).toMatchObject({ status: OrderStatus.PENDING, paymentStatus: PaymentStatus.UNPAID });
    });
    await withClockAhead(server, LAPSE_MS + MINUTE, async () => {
      await runScheduledJob(server, "orders.lapse-unpaid");
      expect(await orderRow(server, id)).toMatchObject({ status: OrderStatus.CANCELLED, paymentStatus: PaymentStatus.UNPAID });
      expect(await unitsLeft(server, product.id)).toBe(5);
      expect((await server.gql(PRODUCT, { id: product.id })).data.product.quantityAvailable).toBe(5);
      expect(await lastNotice(server, buyer)).toBe(
        `Order ${orderNumber} was not paid in time, so it is cancelled and its items are back on sale. Order again to buy them.`,
      );
      expect(await lastNotice(server, seller)).toBe(
        `Order ${orderNumber} was cancelled: the buyer did not pay in time. Its items are back on sale.`,
      );
      // the timeline shows the platform's step: no person made it
      const { timeline } = (await server.gql(ORDER, { id }, buyer.token)).data.order;
      expect(timeline.at(-1)).toMatchObject({ fromStatus: "PENDING", status: "CANCELLED", actorRole: null });
      // a second run finds nothing left to do
      expect(await lapseNow(server)).toBe(0);
    });
  });

  it("a wallet order lapses too, every order of its checkout", async ({ server }) => {
    const [first, second] = [await listing(server), await listing(server)];
    const other = await signUp(server, "seller");
    const third = await insertProduct(server.dataSource, other.user.id, { pricePaisa: 50_000, quantityAvailable: 1 });
    const checkout = await placeOrder(
      server,
      buyer,
      [
        { productId: first.id, quantity: 1 },
        { productId: second.id, quantity: 1 },
        { productId: third.id, quantity: 1 },
      ],
      { paymentMethod: "JAZZCASH" },
    );
    expect(checkout.orders).toHaveLength(2);
    await withClockAhead(server, LAPSE_MS + MINUTE, async () => {
      await lapseNow(server);
    });
    for (const order of checkout.orders) expect((await orderRow(server, order.id)).status).toBe(OrderStatus.CANCELLED);
    expect([await unitsLeft(server, first.id), await unitsLeft(server, second.id), await unitsLeft(server, third.id)]).toEqual([5, 5, 1]);
  });

  it("does nothing to a paid order, a cash order, or an order the seller already answered", async ({ server }) => {
    const paid = await paidCardOrder(server, buyer, seller);
    const cashProduct = await listing(server);
    const cash = (await placeOrder(server, buyer, [{ productId: cashProduct.id, quantity: 1 }])).orders[0];
    const rejectedProduct = await listing(server);
    const rejected = (await placeOrder(server, buyer, [{ productId: rejectedProduct.id, quantity: 1 }], { paymentMethod: "CARD" }))
      .orders[0];
    expect((await setStatus(server, seller, rejected.id, "REJECTED")).errors).toBeUndefined();

    await withClockAhead(server, 3 * LAPSE_MS, async () => {
      await runScheduledJob(server, "orders.lapse-unpaid");
    });
    expect(await orderRow(server, paid.id)).toMatchObject({ status: OrderStatus.PENDING, paymentStatus: PaymentStatus.PAID });
    expect(await orderRow(server, cash.id)).toMatchObject({ status: OrderStatus.PENDING, paymentStatus: PaymentStatus.UNPAID });
    expect((await orderRow(server, rejected.id)).status).toBe(OrderStatus.REJECTED);
    expect([await unitsLeft(server, cashProduct.id), await unitsLeft(server, rejectedProduct.id)]).toEqual([4, 5]);
    // the paid order's money is still held for it
    const held = (await server.gql(`query ($id: ID!) { order(id: $id) { heldPayment { state } } }`, { id: paid.id }, buyer.token)).data;
    expect(held.order.heldPayment.state).toBe("HELD");
  });

  it("a payment and the lapse at the same moment: paid or lapsed, never both", async ({ server }) => {
    const product = await listing(server, 1);
    const checkout = await placeOrder(server, buyer, [{ productId: product.id, quantity: 1 }], { paymentMethod: "CARD" });
    const card = await fetch(`${server.url}${checkout.paymentUrl}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(TEST_CARD).toString(),
      redirect: "manual",
    });
    expect(card.status).toBe(303);
    await withClockAhead(server, LAPSE_MS + MINUTE, async () => {
      await Promise.all([server.gql(CONFIRM_PAYMENT, { sessionId: checkout.id }, buyer.token), lapseNow(server)]);
      const order = await orderRow(server, checkout.orders[0].id);
      if (order.status === OrderStatus.CANCELLED) {
        expect(order).toMatchObject({ status: OrderStatus.CANCELLED, paymentStatus: PaymentStatus.UNPAID });
        expect(await unitsLeft(server, product.id)).toBe(1);
      } else {
        expect(order).toMatchObject({ status: OrderStatus.PENDING, paymentStatus: PaymentStatus.PAID });
        expect(await unitsLeft(server, product.id)).toBe(0);
      }
    });
  });
});

describe("an account's unpaid online orders are capped", () => {
  it(`20 card checkouts at once by one account: exactly ${MAX_UNPAID_CHECKOUTS} are placed, the rest refused`, async ({ server }) => {
    const product = await listing(server, 100);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.gql(PLACE_ORDER, { input: orderInput([{ productId: product.id, quantity: 1 }], { paymentMethod: "CARD" }) }, buyer.token),
      ),
    );
    const placed = answers.filter((res) => !res.errors);
    expect(placed).toHaveLength(MAX_UNPAID_CHECKOUTS);
    for (const refused of answers.filter((res) => res.errors)) {
      expect(codeOf(refused)).toBe("CONFLICT");
      expect(refused.errors![0].message).toBe(TOO_MANY_UNPAID.text);
    }
    const [{ count }] = await server.dataSource.query(`SELECT count(*)::int AS count FROM checkout_sessions WHERE "buyerId" = $1`, [
      buyer.user.id,
    ]);
    expect(count).toBe(MAX_UNPAID_CHECKOUTS);
    expect(await unitsLeft(server, product.id)).toBe(100 - MAX_UNPAID_CHECKOUTS);

    // cash is not capped; a wallet is, like the card
    expect(
      (await server.gql(PLACE_ORDER, { input: orderInput([{ productId: product.id, quantity: 1 }]) }, buyer.token)).errors,
    ).toBeUndefined();
    const wallet = await server.gql(
      PLACE_ORDER,
      { input: orderInput([{ productId: product.id, quantity: 1 }], { paymentMethod: "EASYPAISA" }) },
      buyer.token,
    );
    expect(wallet.errors?.[0].message).toBe(TOO_MANY_UNPAID.text);
  });

  it("a cancelled or lapsed unpaid order makes room for another", async ({ server }) => {
    const product = await listing(server, 10);
    const card = (over: Record<string, unknown> = {}) =>
      server.gql(
        PLACE_ORDER,
        { input: orderInput([{ productId: product.id, quantity: 1 }], { paymentMethod: "CARD", ...over }) },
        buyer.token,
      );
    const first = (await card()).data.placeOrder;
    for (let i = 1; i < MAX_UNPAID_CHECKOUTS; i++) expect((await card()).errors).toBeUndefined();
    expect((await card()).errors?.[0].message).toBe(TOO_MANY_UNPAID.text);

    expect((await setStatus(server, buyer, first.orders[0].id, "CANCELLED")).errors).toBeUndefined();
    expect((await card()).errors).toBeUndefined();
    expect((await card()).errors?.[0].message).toBe(TOO_MANY_UNPAID.text);

    await withClockAhead(server, LAPSE_MS + MINUTE, async () => {
      await lapseNow(server);
      expect((await card()).errors).toBeUndefined();
    });
  });
});
