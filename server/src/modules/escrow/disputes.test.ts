import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { insertOrder, insertProduct, signUp, signUpCast, type Cast } from "../../test/fixtures";
import { codeOf, jobsSettled, runScheduledJob, type TestServer, withClockAhead } from "../../test/harness";
import { setStatus } from "../orders/testing";
import { HeldPayment, HeldPaymentState } from "./entity";
import { ADMIN_DECISION_HOURS, SELLER_ANSWER_HOURS } from "./disputes";
import { BALANCE, handOver, HELD, objectToHandover, orderLedger, paidCardOrder } from "./testing";
import { noticeTexts } from "../../test/notifications";

const DISPUTE = `id orderId orderLabel amount reason text photos state sellerAnswer answeredAt answerDueAt outcome refundAmount decisionNote decidedAt`;
const OPEN = `mutation ($input: OpenDisputeInput!) { openDispute(input: $input) { ${DISPUTE} } }`;
const ANSWER = `mutation ($id: ID!, $text: String!) { answerDispute(disputeId: $id, text: $text) { ${DISPUTE} } }`;
const DECIDE = `mutation ($id: ID!, $input: DecideDisputeInput!) { decideDispute(disputeId: $id, input: $input) { ${DISPUTE} } }`;
const LIST = `query ($state: DisputeState) { disputes(state: $state) { totalItems items { id orderLabel state } } }`;
const PHOTO = `/uploads/${"ab".repeat(32)}.webp`;
const TEXT = "The box came empty: no textbook inside at all.";

const heldState = async (server: TestServer, orderId: string) =>
  (await server.dataSource.getRepository(HeldPayment).findOneByOrFail({ orderId })).state;
const notices = async (server: TestServer, userId: string) =>
  (await noticeTexts(server.dataSource, userId, "kind = 'PAYMENT'")).map((n) => n.text);

/** A paid card order that its seller accepted. */
async function acceptedPaidOrder(cast: Cast, server: TestServer, people = cast) {
  const order = await paidCardOrder(server, people.buyer, people.seller);
  expect((await setStatus(server, people.seller, order.id, "CONFIRMED")).errors).toBeUndefined();
  return order;
}

async function openDispute(cast: Cast, server: TestServer, orderId: string, token = cast.buyer.token, over: Record<string, unknown> = {}) {
  return server.gql(
    OPEN,
    { input: { orderId, reason: "NOT_AS_DESCRIBED", text: TEXT, photos: [`${server.url}${PHOTO}`], ...over } },
    token,
  );
}

describe("opening a dispute", () => {
  it("lets the buyer dispute an accepted paid order with text and photos: the payment stays held through the handover", async ({
    cast,
    server,
  }) => {
    const order = await acceptedPaidOrder(cast, server);
    const res = await openDispute(cast, server, order.id);
    expect(res.errors).toBeUndefined();
    expect(res.data.openDispute).toMatchObject({
      orderLabel: order.orderNumber,
      amount: order.total,
      reason: "NOT_AS_DESCRIBED",
      text: TEXT,
      photos: [`${server.url}${PHOTO}`],
      state: "AWAITING_SELLER",
    });
    expect(Date.parse(res.data.openDispute.answerDueAt) - Date.now()).toBeGreaterThan((SELLER_ANSWER_HOURS - 1) * 3_600_000);
    expect(await heldState(server, order.id)).toBe(HeldPaymentState.DISPUTED);
    expect((await notices(server, cast.seller.user.id)).at(-1)).toBe(
      `The buyer opened a dispute on order ${order.orderNumber}: answer within 3 days.`,
    );
    expect((await notices(server, cast.buyer.user.id)).at(-1)).toMatch(/^Your dispute on order .+ is open/);

    // the handover does not release a disputed payment
    await handOver(server, order.id);
    expect(await heldState(server, order.id)).toBe(HeldPaymentState.DISPUTED);
    expect((await orderLedger(server, order.id)).kinds).toEqual(["HELD"]);
    // both sides see it on the order
    for (const who of [cast.buyer, cast.seller]) {
      expect((await server.gql(HELD, { id: order.id }, who.token)).data.order.dispute).toMatchObject({ state: "AWAITING_SELLER" });
    }
    // one dispute per payment
    expect(codeOf(await openDispute(cast, server, order.id))).toBe("CONFLICT");
  });

  it("refuses strangers, the seller, unaccepted, cash and released orders, and bad input, changing nothing", async ({ cast, server }) => {
    const order = await acceptedPaidOrder(cast, server);
    expect(codeOf(await openDispute(cast, server, order.id, cast.otherBuyer.token))).toBe("FORBIDDEN");
    expect(codeOf(await openDispute(cast, server, order.id, cast.seller.token))).toBe("FORBIDDEN");
    expect(codeOf(await openDispute(cast, server, order.id, ""))).toBe("UNAUTHENTICATED");
    const bad = await openDispute(cast, server, order.id, cast.buyer.token, {
      text: "bad",
      photos: ["https://evil.example/x.png"],
      reason: "NOT_AS_DESCRIBED",
    });
    expect(bad.errors![0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { text: expect.any(String), "photos.0": expect.any(String) },
    });
    const tooMany = await openDispute(cast, server, order.id, cast.buyer.token, { photos: Array(5).fill(PHOTO) });
    expect(tooMany.errors![0].extensions).toMatchObject({ fields: { photos: "Add at most 4 photos." } });
    expect(codeOf(await openDispute(cast, server, `${order.id.slice(0, -1)}\u0000`))).toBe("BAD_USER_INPUT");
    expect(await heldState(server, order.id)).toBe(HeldPaymentState.HELD);

    const pending = await paidCardOrder(server, cast.buyer, cast.seller);
    expect(codeOf(await openDispute(cast, server, pending.id))).toBe("BAD_USER_INPUT");
    const product = await insertProduct(server.dataSource, cast.seller.user.id);
    const cash = await insertOrder(server.dataSource, { buyerId: cast.buyer.user.id, lines: [{ product }], status: "confirmed" as never });
    expect((await openDispute(cast, server, cash.id)).errors![0].message).toMatch(/not paid online/);
    await handOver(server, order.id);
    expect(codeOf(await openDispute(cast, server, order.id))).toBe("CONFLICT");
    expect(await server.dataSource.query(`SELECT id FROM disputes WHERE "orderId" = ANY($1)`, [[order.id, pending.id, cash.id]])).toEqual(
      [],
    );
  });

  it("opens one when the buyer objects to the handover of a paid order", async ({ cast, server }) => {
    const order = await acceptedPaidOrder(cast, server);
    await objectToHandover(server, order.id, "I was not at the meetup, nothing was handed over.");
    const dispute = (await server.gql(HELD, { id: order.id }, cast.buyer.token)).data.order.dispute;
    expect(dispute).toMatchObject({ state: "AWAITING_SELLER" });
    expect(await heldState(server, order.id)).toBe(HeldPaymentState.DISPUTED);
  });
});

describe("answer and decision", () => {
  it("the seller answers once, an admin decides a partial refund, both sides hear each step", async ({ cast, server }) => {
    const people = await signUpCast(server);
    const order = await acceptedPaidOrder(cast, server, people);
    const id = (await openDispute(cast, server, order.id, people.buyer.token)).data.openDispute.id;

    expect(codeOf(await server.gql(ANSWER, { id, text: "It was complete when I gave it." }, people.buyer.token))).toBe("FORBIDDEN");
    expect(codeOf(await server.gql(ANSWER, { id, text: "It was complete when I gave it." }, cast.otherSeller.token))).toBe("FORBIDDEN");
    const answered = await server.gql(ANSWER, { id, text: "It was complete when I gave it." }, people.seller.token);
    expect(answered.data.answerDispute).toMatchObject({ state: "AWAITING_ADMIN", sellerAnswer: "It was complete when I gave it." });
    expect(codeOf(await server.gql(ANSWER, { id, text: "Changing my answer now." }, people.seller.token))).toBe("CONFLICT");
    expect((await notices(server, people.buyer.user.id)).at(-1)).toMatch(/The seller answered the dispute/);
    expect((await notices(server, people.admin.user.id)).at(-1)).toMatch(/is ready for a decision\.$/);

    expect(codeOf(await server.gql(DECIDE, { id, input: { outcome: "REFUND" } }, people.seller.token))).toBe("FORBIDDEN");
    for (const refundAmount of [0, order.total, order.total + 1, null]) {
      const refused = await server.gql(DECIDE, { id, input: { outcome: "PARTIAL_REFUND", refundAmount } }, people.admin.token);
      expect(codeOf(refused)).toBe("BAD_USER_INPUT");
    }
    const decided = await server.gql(
      DECIDE,
      { id, input: { outcome: "PARTIAL_REFUND", refundAmount: 400, note: "Half the set was missing." } },
      people.admin.token,
    );
    expect(decided.data.decideDispute).toMatchObject({
      state: "DECIDED",
      outcome: "PARTIAL_REFUND",
      refundAmount: 400,
      decisionNote: "Half the set was missing.",
    });
    expect(codeOf(await server.gql(DECIDE, { id, input: { outcome: "RELEASE" } }, people.admin.token))).toBe("CONFLICT");

    expect(await heldState(server, order.id)).toBe(HeldPaymentState.PARTLY_REFUNDED);
    expect((await server.gql(BALANCE, {}, people.seller.token)).data.myBalance).toEqual({ pending: 0, available: order.total - 400 });
    for (const who of [people.buyer, people.seller]) {
      // notices of one transaction share its time: look for it among them
      expect(await notices(server, who.user.id)).toContain(
        `The dispute on order ${order.orderNumber} is decided: Rs\u00a0400 is refunded to the buyer, the rest goes to the seller.`,
      );
    }
    // the refund job may run as soon as the decision commits: the ledger is read once it has
    await jobsSettled(server);
    expect((await server.dataSource.getRepository(HeldPayment).findOneByOrFail({ orderId: order.id })).refundReference).toMatch(
      /^R\d{12}$/,
    );
    expect(await orderLedger(server, order.id)).toMatchObject({
      kinds: ["HELD", "REFUNDED", "RELEASED", "REFUND_SENT"],
      total: 0,
      held: 0,
    });
  });

  it("an admin may decide before the seller answers; a dispute ending in a full refund", async ({ cast, server }) => {
    const people = await signUpCast(server);
    const order = await acceptedPaidOrder(cast, server, people);
    const id = (await openDispute(cast, server, order.id, people.buyer.token, { reason: "NOT_RECEIVED" })).data.openDispute.id;
    const listed = (await server.gql(LIST, { state: "AWAITING_SELLER" }, people.admin.token)).data.disputes;
    expect(listed.items.map((d: { id: string }) => d.id)).toContain(id);
    expect(codeOf(await server.gql(LIST, {}, people.seller.token))).toBe("FORBIDDEN");
    const decided = await server.gql(DECIDE, { id, input: { outcome: "REFUND" } }, people.admin.token);
    expect(decided.data.decideDispute).toMatchObject({ outcome: "REFUND", refundAmount: order.total });
    expect(await heldState(server, order.id)).toBe(HeldPaymentState.REFUNDED);
    expect(codeOf(await server.gql(ANSWER, { id, text: "Too late to say anything." }, people.seller.token))).toBe("CONFLICT");
  });

  it("refuses a partial refund of more than 2 decimals, as a payout does (no rounding to paisa), changing nothing", async ({
    cast,
    server,
  }) => {
    const people = await signUpCast(server);
    const order = await acceptedPaidOrder(cast, server, people);
    const id = (await openDispute(cast, server, order.id, people.buyer.token)).data.openDispute.id;
    const refused = await server.gql(DECIDE, { id, input: { outcome: "PARTIAL_REFUND", refundAmount: 100.005 } }, people.admin.token);
    expect(refused.errors?.[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { refundAmount: expect.stringMatching(/at most 2 decimals/) },
    });
    expect((await server.gql(HELD, { id: order.id }, people.buyer.token)).data.order.dispute).toMatchObject({
      state: "AWAITING_SELLER",
      outcome: null,
      refundAmount: null,
    });
    expect(await heldState(server, order.id)).toBe(HeldPaymentState.DISPUTED);
    expect((await orderLedger(server, order.id)).kinds).toEqual(["HELD"]);
    // two decimals are whole paisa: decided as asked
    const decided = await server.gql(DECIDE, { id, input: { outcome: "PARTIAL_REFUND", refundAmount: 100.05 } }, people.admin.token);
    expect(decided.data.decideDispute).toMatchObject({ outcome: "PARTIAL_REFUND", refundAmount: 100.05 });
  });

  it("a rejected order's open dispute ends with the refund", async ({ cast, server }) => {
    const people = await signUpCast(server);
    const order = await acceptedPaidOrder(cast, server, people);
    await openDispute(cast, server, order.id, people.buyer.token);
    expect((await setStatus(server, people.seller, order.id, "REJECTED")).errors).toBeUndefined();
    expect(await heldState(server, order.id)).toBe(HeldPaymentState.REFUNDED);
    expect((await server.gql(HELD, { id: order.id }, people.buyer.token)).data.order.dispute).toMatchObject({
      state: "DECIDED",
      outcome: "REFUND",
    });
  });
});

describe("deadlines on the clock", () => {
  const HOUR = 3_600_000;
  const runDeadlines = (server: TestServer) => runScheduledJob(server, "disputes.deadlines");

  it("an unanswered dispute goes to the admins after the seller's time; admins are reminded once", async ({ cast, server }) => {
    const people = await signUpCast(server);
    const admin2 = await signUp(server, "admin");
    const order = await acceptedPaidOrder(cast, server, people);
    const id = (await openDispute(cast, server, order.id, people.buyer.token)).data.openDispute.id;
    await withClockAhead(server, (SELLER_ANSWER_HOURS - 1) * HOUR, async () => {
      await runDeadlines(server);
      expect((await server.gql(`query ($id: ID!) { dispute(id: $id) { state } }`, { id }, people.buyer.token)).data.dispute.state).toBe(
        "AWAITING_SELLER",
      );
    });
    await withClockAhead(server, (SELLER_ANSWER_HOURS + 1) * HOUR, async () => {
      await runDeadlines(server);
      expect((await server.gql(`query ($id: ID!) { dispute(id: $id) { state } }`, { id }, people.seller.token)).data.dispute.state).toBe(
        "AWAITING_ADMIN",
      );
      const lapsed = `The seller did not answer the dispute on order ${order.orderNumber} in time: an admin will decide.`;
      expect((await notices(server, people.buyer.user.id)).at(-1)).toBe(lapsed);
      expect((await notices(server, people.seller.user.id)).at(-1)).toBe(lapsed);
      expect(codeOf(await server.gql(ANSWER, { id, text: "Sorry, I was away for days." }, people.seller.token))).toBe("CONFLICT");
    });
    const reminder = `Reminder: the dispute on order ${order.orderNumber} waits for a decision.`;
    await withClockAhead(server, (SELLER_ANSWER_HOURS + ADMIN_DECISION_HOURS + 2) * HOUR, async () => {
      await runDeadlines(server);
      await runDeadlines(server);
      for (const admin of [people.admin, admin2])
        expect((await notices(server, admin.user.id)).filter((text) => text === reminder)).toHaveLength(1);
    });
    // a stranger cannot read it
    expect(codeOf(await server.gql(`query ($id: ID!) { dispute(id: $id) { state } }`, { id }, cast.otherBuyer.token))).toBe("FORBIDDEN");
  });
});

describe("a seller demoted to buyer", () => {
  it("can no longer read the dispute of a past sale, as with the order; the buyer and admins still can", async ({ cast, server }) => {
    const people = await signUpCast(server);
    const order = await acceptedPaidOrder(cast, server, people);
    const id = (await openDispute(cast, server, order.id, people.buyer.token)).data.openDispute.id;
    const DISPUTE_Q = `query ($id: ID!) { dispute(id: $id) { id text state } }`;
    expect((await server.gql(DISPUTE_Q, { id }, people.seller.token)).data.dispute).toMatchObject({ id, text: TEXT });

    const demotion = await server.gql(
      `mutation ($u: ID!) { changeUserRole(userId: $u, role: USER) { role } }`,
      { u: people.seller.user.id },
      people.admin.token,
    );
    expect(demotion.errors).toBeUndefined();

    expect(codeOf(await server.gql(HELD, { id: order.id }, people.seller.token))).toBe("FORBIDDEN");
    const read = await server.gql(DISPUTE_Q, { id }, people.seller.token);
    expect(codeOf(read)).toBe("FORBIDDEN");
    expect(JSON.stringify(read.data ?? null)).not.toContain(TEXT);
    for (const who of [people.buyer, people.admin])
      expect((await server.gql(DISPUTE_Q, { id }, who.token)).data.dispute).toMatchObject({ id, state: "AWAITING_SELLER" });
  });
});
