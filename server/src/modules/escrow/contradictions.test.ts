import { describe, expect } from "vitest";
import { HANDOVER_CONFIRM_HOURS } from "@unibazaar/rules";
import { it } from "../../test/server-test";
import type { Cast } from "../../test/fixtures";
import { withClockAhead, type GraphQLResult, type TestServer } from "../../test/harness";
import { ORDER, setStatus } from "../orders/testing";
import { Product } from "../products/entity";
import { HeldPayment, HeldPaymentState } from "./entity";
import { orderLedger, paidCardOrder, type PaidOrder } from "./testing";

const OPEN = `mutation ($input: OpenDisputeInput!) { openDispute(input: $input) { id state } }`;
const DECIDE = `mutation ($id: ID!, $input: DecideDisputeInput!) { decideDispute(disputeId: $id, input: $input) { id state outcome } }`;
const COMPLETE = `mutation ($id: ID!, $code: String!) { completeHandover(id: $id, code: $code) { id status } }`;
const CONFIRM = `mutation ($id: ID!) { confirmHandover(id: $id) { id } }`;
const PAST_CONFIRMATION_MS = (HANDOVER_CONFIRM_HOURS + 1) * 3_600_000;
const VIEW = `query ($id: ID!) { order(id: $id) { status allowedTransitions handoverCode heldPayment { state } dispute { state outcome } } }`;
const TEXT = "The box came empty: no textbook inside at all.";
const SETTLED = "Its payment is settled (released or refunded): the order can no longer be rejected or cancelled.";
const NOT_DISPUTABLE = "This payment can no longer be disputed: it is already released, refunded or disputed.";

const openDispute = (server: TestServer, cast: Cast, orderId: string) =>
  server.gql(OPEN, { input: { orderId, reason: "NOT_AS_DESCRIBED", text: TEXT } }, cast.buyer.token);

const heldState = async (server: TestServer, orderId: string) =>
  (await server.dataSource.getRepository(HeldPayment).findOneByOrFail({ orderId })).state;

/** Units left on the listing the order bought. */
async function unitsOf(server: TestServer, orderId: string): Promise<number> {
  const [line]: Array<{ productId: string }> = await server.dataSource.query(`SELECT "productId" FROM order_lines WHERE "orderId" = $1`, [
    orderId,
  ]);
  return (await server.dataSource.getRepository(Product).findOneByOrFail({ id: line.productId })).quantityAvailable;
}

/** Every order's movements balance, and so does the whole ledger. */
async function expectLedgerBalanced(server: TestServer, orderIds: string[]) {
  for (const id of orderIds) {
    const ledger = await orderLedger(server, id);
    expect(ledger.movementSums.every((sum) => sum === 0)).toBe(true);
    expect(ledger.total).toBe(0);
  }
  const [{ total }] = await server.dataSource.query(`SELECT coalesce(sum("amountPaisa"), 0)::bigint AS total FROM ledger_entries`);
  expect(Number(total)).toBe(0);
}

/** A paid card order its seller accepted, with a dispute the buyer opened. */
async function disputedOrder(server: TestServer, cast: Cast): Promise<PaidOrder & { disputeId: string }> {
  const order = await paidCardOrder(server, cast.buyer, cast.seller);
  expect((await setStatus(server, cast.seller, order.id, "CONFIRMED")).errors).toBeUndefined();
  const opened = await openDispute(server, cast, order.id);
  expect(opened.errors).toBeUndefined();
  return { ...order, disputeId: opened.data.openDispute.id };
}

/** Every way to take the order back: the seller's reject and the buyer's cancel, over GraphQL and REST. */
async function withdrawals(server: TestServer, cast: Cast, orderId: string) {
  const rest = (token: string, status: string) => server.api("PATCH", `/api/orders/update-status/${orderId}`, { token, body: { status } });
  return {
    sellerRejects: await setStatus(server, cast.seller, orderId, "REJECTED"),
    buyerCancels: await setStatus(server, cast.buyer, orderId, "CANCELLED"),
    sellerRejectsOverRest: await rest(cast.seller.token, "rejected"),
    buyerCancelsOverRest: await rest(cast.buyer.token, "cancelled"),
  };
}

const DECISIONS = [
  { outcome: "RELEASE", input: { outcome: "RELEASE" }, state: HeldPaymentState.RELEASED, status: "COMPLETED", kinds: ["HELD", "RELEASED"] },
  { outcome: "REFUND", input: { outcome: "REFUND" }, state: HeldPaymentState.REFUNDED, status: "CANCELLED", kinds: ["HELD", "REFUNDED"] },
  {
    outcome: "PARTIAL_REFUND",
    input: { outcome: "PARTIAL_REFUND", refundAmount: 400 },
    state: HeldPaymentState.PARTLY_REFUNDED,
    status: "COMPLETED",
    kinds: ["HELD", "REFUNDED", "RELEASED"],
  },
] as const;

describe("an order whose dispute is decided", () => {
  it.for(DECISIONS)(
    "$outcome: ends $status with no live handover code, and its seller's reject, its buyer's cancel (GraphQL and REST) are refused, its units staying sold",
    async ({ outcome, input, state, status, kinds }, { server, cast }) => {
      const order = await disputedOrder(server, cast);
      const units = await unitsOf(server, order.id);
      const decided = await server.gql(DECIDE, { id: order.disputeId, input }, cast.admin.token);
      expect(decided.errors).toBeUndefined();

      const seen = await server.gql(VIEW, { id: order.id }, cast.buyer.token);
      expect(seen.data.order).toEqual({
        status,
        allowedTransitions: [],
        handoverCode: null,
        heldPayment: { state },
        dispute: { state: "DECIDED", outcome },
      });
      expect((await server.gql(VIEW, { id: order.id }, cast.seller.token)).data.order.allowedTransitions).toEqual([]);
      // the deciding admin's step is on the timeline
      const timeline = (await server.gql(ORDER, { id: order.id }, cast.seller.token)).data.order.timeline;
      expect(timeline.at(-1)).toMatchObject({ fromStatus: "CONFIRMED", status, actorRole: "ADMIN" });

      const tried = await withdrawals(server, cast, order.id);
      const ended = status.toLowerCase();
      const rejectRefused =
        status === "CANCELLED" ? `An order that is cancelled cannot become rejected.` : `An order that is ${ended} cannot become rejected.`;
      const cancelRefused =
        status === "CANCELLED" ? "The order is already cancelled." : `An order that is ${ended} cannot become cancelled.`;
      expect(tried.sellerRejects.errors?.[0]).toMatchObject({ message: rejectRefused, extensions: { code: "BAD_USER_INPUT" } });
      expect(tried.buyerCancels.errors?.[0]).toMatchObject({ message: cancelRefused, extensions: { code: "BAD_USER_INPUT" } });
      expect(tried.sellerRejectsOverRest).toMatchObject({ status: 400, body: { message: rejectRefused } });
      expect(tried.buyerCancelsOverRest).toMatchObject({ status: 400, body: { message: cancelRefused } });

      expect((await server.gql(VIEW, { id: order.id }, cast.seller.token)).data.order.status).toBe(status);
      expect(await heldState(server, order.id)).toBe(state);
      expect(await unitsOf(server, order.id)).toBe(units);
      // the provider's confirmation of a refund (REFUND_SENT) is posted by a job, whenever it runs
      expect(withoutSent((await orderLedger(server, order.id)).kinds)).toEqual(kinds);
      await expectLedgerBalanced(server, [order.id]);
    },
  );
});

describe("an order whose payment is settled but whose status is still open (a decision from before orders ended with it)", () => {
  it("refuses the seller's reject and the buyer's cancel over GraphQL and REST, stops offering them, and gives no unit back nor a second refund", async ({
    server,
    cast,
  }) => {
    const order = await disputedOrder(server, cast);
    const units = await unitsOf(server, order.id);
    expect(
      (await server.gql(DECIDE, { id: order.disputeId, input: { outcome: "PARTIAL_REFUND", refundAmount: 400 } }, cast.admin.token)).errors,
    ).toBeUndefined();
    // the order as a decision left it before decisions ended orders
    // (pending: the one status from which both the seller's reject and the buyer's cancel are in the table)
    await server.dataSource.query(`UPDATE orders SET status = 'pending' WHERE id = $1`, [order.id]);

    expect((await server.gql(VIEW, { id: order.id }, cast.seller.token)).data.order.allowedTransitions).toEqual(["CONFIRMED"]);
    expect((await server.gql(VIEW, { id: order.id }, cast.buyer.token)).data.order.allowedTransitions).toEqual([]);
    const tried = await withdrawals(server, cast, order.id);
    for (const refused of [tried.sellerRejects, tried.buyerCancels])
      expect(refused.errors?.[0]).toMatchObject({ message: SETTLED, extensions: { code: "CONFLICT" } });
    for (const refused of [tried.sellerRejectsOverRest, tried.buyerCancelsOverRest])
      expect(refused).toMatchObject({ status: 409, body: { message: SETTLED } });
    // an admin may make every step of the table, but not this one either
    const byAdmin = await setStatus(server, cast.admin, order.id, "REJECTED");
    expect(byAdmin.errors?.[0]).toMatchObject({ message: SETTLED, extensions: { code: "CONFLICT" } });

    expect((await server.gql(VIEW, { id: order.id }, cast.seller.token)).data.order.status).toBe("PENDING");
    expect(await heldState(server, order.id)).toBe(HeldPaymentState.PARTLY_REFUNDED);
    expect(await unitsOf(server, order.id)).toBe(units);
    expect(withoutSent((await orderLedger(server, order.id)).kinds)).toEqual(["HELD", "REFUNDED", "RELEASED"]);
    await expectLedgerBalanced(server, [order.id]);
  });
});

/**
 * After a dispute raced a handover: either the dispute came first (the payment DISPUTED, nothing
 * released) or the handover did (the payment RELEASED, the dispute refused with its CONFLICT).
 */
async function expectOneOutcome(server: TestServer, orderId: string, dispute: GraphQLResult): Promise<"disputed" | "released"> {
  const state = await heldState(server, orderId);
  const disputes: unknown[] = await server.dataSource.query(`SELECT id FROM disputes WHERE "orderId" = $1`, [orderId]);
  const { kinds } = await orderLedger(server, orderId);
  if (dispute.errors) {
    expect(dispute.errors[0]).toMatchObject({ message: NOT_DISPUTABLE, extensions: { code: "CONFLICT" } });
    expect({ state, disputes: disputes.length, kinds }).toEqual({
      state: HeldPaymentState.RELEASED,
      disputes: 0,
      kinds: ["HELD", "RELEASED"],
    });
    return "released";
  }
  expect(dispute.data.openDispute.state).toBe("AWAITING_SELLER");
  expect({ state, disputes: disputes.length, kinds }).toEqual({ state: HeldPaymentState.DISPUTED, disputes: 1, kinds: ["HELD"] });
  return "disputed";
}

/** A fresh paid card order its seller has shipped. */
async function shippedOrder(server: TestServer, cast: Cast): Promise<PaidOrder> {
  const order = await paidCardOrder(server, cast.buyer, cast.seller);
  for (const step of ["CONFIRMED", "PROCESSING", "SHIPPED"])
    expect((await setStatus(server, cast.seller, order.id, step)).errors).toBeUndefined();
  return order;
}

describe("a dispute racing the handover on one order", () => {
  const ROUNDS = 50;

  it(
    `gives one outcome in each of ${ROUNDS} rounds: the dispute holds the payment, or the handover releases it and the dispute is refused; never a 500`,
    { timeout: 1_200_000 },
    async ({ server, cast }) => {
      const orderIds: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const order = await shippedOrder(server, cast);
        orderIds.push(order.id);
        const [{ handoverCode }]: Array<{ handoverCode: string }> = await server.dataSource.query(
          `SELECT "handoverCode" FROM orders WHERE id = $1`,
          [order.id],
        );

        const [dispute, handover] = await Promise.all([
          openDispute(server, cast, order.id),
          server.gql(COMPLETE, { id: order.id, code: handoverCode }, cast.seller.token),
        ]);

        // the handover is never refused: a dispute does not stop the goods changing hands, only the money
        expect(handover.errors).toBeUndefined();
        expect(handover.data.completeHandover.status).toBe("COMPLETED");
        await expectOneOutcome(server, order.id, dispute);
      }
      await expectLedgerBalanced(server, orderIds);
    },
  );

  const LATER_ROUNDS = 10;
  it.for(["buyer", "auto"] as const)(
    `%s: racing the buyer's confirmation, or the automatic one, of a handover without the code gives one outcome in each of ${LATER_ROUNDS} rounds`,
    { timeout: 600_000 },
    async (how, { server, cast }) => {
      const orderIds: string[] = [];
      for (let round = 0; round < LATER_ROUNDS; round++) {
        const order = await shippedOrder(server, cast);
        orderIds.push(order.id);
        expect((await setStatus(server, cast.seller, order.id, "COMPLETED")).errors).toBeUndefined();

        const confirm =
          how === "buyer"
            ? () => server.gql(CONFIRM, { id: order.id }, cast.buyer.token).then((res) => expect(res.errors).toBeUndefined())
            : () => server.dataSource.transaction((manager) => server.services.handover.autoConfirmDue(manager));
        let dispute: GraphQLResult = {};
        await withClockAhead(server, how === "auto" ? PAST_CONFIRMATION_MS : 0, async () => {
          [dispute] = await Promise.all([openDispute(server, cast, order.id), confirm()]);
        });
        const [{ handoverState }]: Array<{ handoverState: string }> = await server.dataSource.query(
          `SELECT "handoverState" FROM orders WHERE id = $1`,
          [order.id],
        );
        expect(handoverState).toBe("confirmed");
        await expectOneOutcome(server, order.id, dispute);
      }
      await expectLedgerBalanced(server, orderIds);
    },
  );
});

const withoutSent = (kinds: string[]) => kinds.filter((kind) => kind !== "REFUND_SENT");
