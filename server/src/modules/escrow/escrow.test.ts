import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { insertOrder, insertProduct, signUpCast } from "../../test/fixtures";
import { codeOf, jobsSettled, startTestServer, type TestServer } from "../../test/harness";
import { setStatus } from "../orders/testing";
import { HeldPayment, HeldPaymentState } from "./entity";
import { feeOf } from "./service";
import { BALANCE, handOver, HELD, orderLedger, paidCardOrder } from "./testing";
import { noticeTexts } from "../../test/notifications";

const held = (server: TestServer, orderId: string) => server.dataSource.getRepository(HeldPayment).findOneByOrFail({ orderId });
const balanceOf = async (server: TestServer, token: string) =>
  (await server.gql(BALANCE, {}, token)).data.myBalance as { pending: number; available: number };
const noticesOf = async (server: TestServer, userId: string) =>
  (await noticeTexts(server.dataSource, userId, "kind = 'PAYMENT'")).map((n) => n.text);

describe("a card payment is held", () => {
  it("holds each order's amount on capture, once, tells both sides and shows as pending to the seller", async ({ cast, server }) => {
    const { buyer, seller, otherBuyer } = await signUpCast(server);
    const order = await paidCardOrder(server, buyer, seller, 150_000);
    const payment = await held(server, order.id);
    expect(payment).toMatchObject({ state: HeldPaymentState.HELD, amountPaisa: Math.round(order.total * 100), provider: "card" });
    expect(await orderLedger(server, order.id)).toEqual({ kinds: ["HELD"], movementSums: [0], total: 0, held: payment.amountPaisa });
    expect(await balanceOf(server, seller.token)).toEqual({ pending: order.total, available: 0 });
    expect(await noticesOf(server, buyer.user.id)).toEqual([
      expect.stringMatching(/^Your payment of Rs\u00a0.+ is held until you receive the item\.$/),
    ]);
    expect(await noticesOf(server, seller.user.id)).toHaveLength(1);

    // the buyer and the seller read it on the order; a stranger cannot read the order at all
    for (const who of [buyer, seller, cast.admin]) {
      expect((await server.gql(HELD, { id: order.id }, who.token)).data.order.heldPayment).toMatchObject({
        state: "HELD",
        amount: order.total,
      });
    }
    expect(codeOf(await server.gql(HELD, { id: order.id }, otherBuyer.token))).toBe("FORBIDDEN");

    // a second capture of the same checkout (a replayed confirmation) holds nothing more
    await server.dataSource.transaction((manager) =>
      server.services.events.publish(manager, "payment.captured", {
        testMoney: true,
        checkoutSessionId: order.checkoutId,
        provider: "card",
        reference: order.checkoutId,
        orders: [{ id: order.id, buyerId: buyer.user.id, sellerId: seller.user.id, totalPaisa: payment.amountPaisa }],
      }),
    );
    expect((await orderLedger(server, order.id)).kinds).toEqual(["HELD"]);
    expect(await balanceOf(server, seller.token)).toEqual({ pending: order.total, available: 0 });
  });

  it("holds nothing for a cash order, and its handover moves no money", async ({ cast, server }) => {
    const product = await insertProduct(server.dataSource, cast.seller.user.id);
    const order = await insertOrder(server.dataSource, { buyerId: cast.buyer.user.id, lines: [{ product }] });
    await handOver(server, order.id);
    expect(await server.dataSource.getRepository(HeldPayment).findOneBy({ orderId: order.id })).toBeNull();
    expect((await orderLedger(server, order.id)).kinds).toEqual([]);
  });
});

describe("release at the handover", () => {
  it("releases the held amount to the seller's available balance when the handover is confirmed, once", async ({ server }) => {
    const { buyer, seller } = await signUpCast(server);
    const order = await paidCardOrder(server, buyer, seller, 99_999);
    await handOver(server, order.id, "buyer");
    await handOver(server, order.id, "auto");
    expect((await held(server, order.id)).state).toBe(HeldPaymentState.RELEASED);
    expect(await orderLedger(server, order.id)).toEqual({ kinds: ["HELD", "RELEASED"], movementSums: [0, 0], total: 0, held: 0 });
    expect(await balanceOf(server, seller.token)).toEqual({ pending: 0, available: order.total });
    expect((await noticesOf(server, seller.user.id)).at(-1)).toMatch(/is released to your balance\.$/);
  });
});

describe("refund when the order is withdrawn before the handover", () => {
  it("refunds the buyer in full when they cancel a paid order, and the provider's refund is recorded by a job", async ({ server }) => {
    const { buyer, seller } = await signUpCast(server);
    const order = await paidCardOrder(server, buyer, seller);
    expect((await setStatus(server, buyer, order.id, "CANCELLED")).errors).toBeUndefined();
    const payment = await held(server, order.id);
    expect(payment).toMatchObject({ state: HeldPaymentState.REFUNDED, refundedPaisa: payment.amountPaisa });
    // the refund is in the ledger at once; the provider's confirmation (REFUND_SENT) comes from a job,
    // which a quick machine may already have run
    const ledger = await orderLedger(server, order.id);
    expect(ledger.kinds.slice(0, 2)).toEqual(["HELD", "REFUNDED"]);
    expect(ledger).toMatchObject({ total: 0, held: 0 });
    expect(ledger.movementSums.every((sum) => sum === 0)).toBe(true);
    expect(await balanceOf(server, seller.token)).toEqual({ pending: 0, available: 0 });
    await jobsSettled(server);
    // the card sandbox confirmed the refund: its id is kept and the refund is posted as sent
    expect((await held(server, order.id)).refundReference).toMatch(/^R\d{12}$/);
    expect((await orderLedger(server, order.id)).kinds).toEqual(["HELD", "REFUNDED", "REFUND_SENT"]);
    // a cancelled order cannot be handed over any more, and nothing moves
    await expect(handOver(server, order.id)).rejects.toThrow();
    expect((await orderLedger(server, order.id)).kinds).toEqual(["HELD", "REFUNDED", "REFUND_SENT"]);
  });

  it("refunds the buyer when the seller rejects a paid order they had accepted", async ({ server }) => {
    const { buyer, seller } = await signUpCast(server);
    const order = await paidCardOrder(server, buyer, seller);
    expect((await setStatus(server, seller, order.id, "CONFIRMED")).errors).toBeUndefined();
    expect((await setStatus(server, seller, order.id, "REJECTED")).errors).toBeUndefined();
    expect((await held(server, order.id)).state).toBe(HeldPaymentState.REFUNDED);
    expect(await noticesOf(server, buyer.user.id)).toContain(
      `Rs\u00a0${order.total.toLocaleString("en-US")} of order ${order.orderNumber} is refunded to the buyer.`,
    );
  });

  it("a release and a refund racing for one order give one outcome", async ({ server }) => {
    for (let round = 0; round < 5; round++) {
      const { buyer, seller } = await signUpCast(server);
      const order = await paidCardOrder(server, buyer, seller);
      // the buyer cancels while the seller takes the order to its handover: whichever locks the order first wins
      const [cancel] = await Promise.all([setStatus(server, buyer, order.id, "CANCELLED"), handOver(server, order.id).catch(() => null)]);
      const payment = await held(server, order.id);
      const ledger = await orderLedger(server, order.id);
      expect(ledger.total).toBe(0);
      expect(ledger.held).toBe(0);
      // exactly one way out of the hold, and the balance agrees with it
      expect(ledger.kinds.filter((kind) => kind === "RELEASED" || kind === "REFUNDED")).toHaveLength(1);
      const released = payment.state === HeldPaymentState.RELEASED;
      // (the refund's confirmation by the provider may already be posted)
      expect(ledger.kinds.filter((kind) => kind !== "REFUND_SENT")).toEqual(["HELD", released ? "RELEASED" : "REFUNDED"]);
      expect(await balanceOf(server, seller.token)).toEqual({ pending: 0, available: released ? order.total : 0 });
      expect(cancel.errors === undefined).toBe(!released);
    }
  }, 120_000);
});

describe("the platform fee", () => {
  it("rounds half up to whole paisa", () => {
    expect(feeOf(100_000, 0)).toBe(0);
    expect(feeOf(100_000, 250)).toBe(2_500);
    expect(feeOf(150, 250)).toBe(4); // 3.75 paisa
    expect(feeOf(99, 50)).toBe(0); // 0.495 paisa
  });

  it("is taken from each release when PLATFORM_FEE_PERCENT is set", async () => {
    const withFee = await startTestServer({ env: { PLATFORM_FEE_PERCENT: "2.5" } });
    try {
      const people = await signUpCast(withFee);
      const order = await paidCardOrder(withFee, people.buyer, people.seller, 200_000);
      await handOver(withFee, order.id);
      const totalPaisa = Math.round(order.total * 100);
      const fee = feeOf(totalPaisa, 250);
      expect(await orderLedger(withFee, order.id)).toEqual({
        kinds: ["HELD", "RELEASED", "FEE"],
        movementSums: [0, 0, 0],
        total: 0,
        held: 0,
      });
      expect(await withFee.services.ledger.balance("platform:fees")).toBe(fee);
      expect((await withFee.gql(BALANCE, {}, people.seller.token)).data.myBalance).toEqual({
        pending: 0,
        available: (totalPaisa - fee) / 100,
      });
    } finally {
      await withFee.close();
    }
  });
});
