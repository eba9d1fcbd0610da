import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { insertProduct, signUpCast, type Cast, type SignedIn } from "../../test/fixtures";
import { codeOf, type TestServer } from "../../test/harness";
import { objectToHandover, paidCardOrder } from "../escrow/testing";
import { MeetupState, Order } from "./entity";
import { HANDOVER_EARLY_MINUTES } from "../../platform/shared/order-statuses";
import { LUMS, listing, placedMeetup, placeOrder, setStatus } from "./testing";

let cast: Cast;
it.beforeAll(async ({ server }) => {
  cast = await signUpCast(server);
});

const MINUTE = 60_000;
const ACTIONS = `query ($id: ID!) { order(id: $id) { id status actions handoverCode handover { opensAt } } }`;
const OPEN = `mutation ($input: OpenDisputeInput!) { openDispute(input: $input) { id state } }`;
const ANSWER = `mutation ($id: ID!, $text: String!) { answerDispute(disputeId: $id, text: $text) { id state } }`;
const DECIDE = `mutation ($id: ID!, $input: DecideDisputeInput!) { decideDispute(disputeId: $id, input: $input) { id state } }`;
const REVIEW_ORDER = `mutation ($input: DealReviewInput!) { reviewOrder(input: $input) { id } }`;
const COMPLETE = `mutation ($id: ID!, $code: String!) { completeHandover(id: $id, code: $code) { id status } }`;

async function view(server: TestServer, id: string, who: SignedIn) {
  const res = await server.gql(ACTIONS, { id }, who.token);
  expect(res.errors).toBeUndefined();
  return res.data.order;
}
const actionsOf = async (server: TestServer, id: string, who: SignedIn) => (await view(server, id, who)).actions;

/** The buyer's, the seller's and an admin's actions on the order, and the stranger's (a buyer of nothing here, refused the order). */
async function actionsByRole(server: TestServer, id: string) {
  const stranger = await server.gql(ACTIONS, { id }, cast.otherBuyer.token);
  expect(codeOf(stranger)).toBe("FORBIDDEN");
  return {
    buyer: await actionsOf(server, id, cast.buyer),
    seller: await actionsOf(server, id, cast.seller),
    admin: await actionsOf(server, id, cast.admin),
  };
}

describe("an order's actions, per role", () => {
  it("lists only what each side may do along a card order's life, and the server refuses what is not listed", async ({ server }) => {
    // unpaid: the buyer pays or cancels; the seller may not accept it yet
    const product = await insertProduct(server.dataSource, cast.seller.user.id, { pricePaisa: 150_000 });
    const unpaid = (await placeOrder(server, cast.buyer, [{ productId: product.id, quantity: 1 }], { paymentMethod: "CARD" })).orders[0];
    expect(await actionsByRole(server, unpaid.id)).toEqual({
      buyer: ["PAY", "CANCEL", "SHOW_HANDOVER_CODE"],
      seller: ["REJECT"],
      admin: ["CANCEL", "REJECT"],
    });
    expect((await setStatus(server, cast.seller, unpaid.id, "CONFIRMED")).errors![0].message).toBe("This card order is not paid yet.");

    const order = await paidCardOrder(server, cast.buyer, cast.seller);
    expect(await actionsByRole(server, order.id)).toEqual({
      buyer: ["CANCEL", "SHOW_HANDOVER_CODE"],
      seller: ["CONFIRM", "REJECT"],
      admin: ["CANCEL", "CONFIRM", "REJECT"],
    });

    expect((await setStatus(server, cast.seller, order.id, "CONFIRMED")).errors).toBeUndefined();
    expect(await actionsByRole(server, order.id)).toEqual({
      buyer: ["SHOW_HANDOVER_CODE", "OPEN_DISPUTE"],
      seller: ["REJECT", "PROCESS"],
      admin: ["REJECT", "PROCESS"],
    });
    // the seller is offered no dispute, and may not open one
    const bySeller = await server.gql(
      OPEN,
      { input: { orderId: order.id, reason: "NOT_RECEIVED", text: "x".repeat(20) } },
      cast.seller.token,
    );
    expect(codeOf(bySeller)).toBe("FORBIDDEN");

    // recorded as handed over without the code, then objected to: the objection is the dispute
    await objectToHandover(server, order.id, "I never got the lamp from the seller.");
    const objected = await actionsByRole(server, order.id);
    // the recorded handover completed the order: its review window is open, dispute or not
    expect(objected).toEqual({ buyer: ["REVIEW"], seller: ["ANSWER_DISPUTE", "REVIEW"], admin: [] });
    expect((await view(server, order.id, cast.buyer)).handoverCode).toBeNull();
    const again = await server.gql(OPEN, { input: { orderId: order.id, reason: "NOT_RECEIVED", text: "x".repeat(20) } }, cast.buyer.token);
    expect(codeOf(again)).toBe("CONFLICT");

    const disputeId = (await server.gql(`query ($id: ID!) { order(id: $id) { dispute { id } } }`, { id: order.id }, cast.seller.token)).data
      .order.dispute.id;
    expect((await server.gql(ANSWER, { id: disputeId, text: "I handed it over at the gate." }, cast.seller.token)).errors).toBeUndefined();
    expect(await actionsOf(server, order.id, cast.seller)).toEqual(["REVIEW"]);

    const decided = await server.gql(DECIDE, { id: disputeId, input: { outcome: "PARTIAL_REFUND", refundAmount: 500 } }, cast.admin.token);
    expect(decided.errors).toBeUndefined();
    expect(await actionsByRole(server, order.id)).toEqual({ buyer: ["REVIEW"], seller: ["REVIEW"], admin: [] });
  });

  it("a full refund's decision cancels the order and takes its handover code away", async ({ server }) => {
    const order = await paidCardOrder(server, cast.buyer, cast.seller);
    expect((await setStatus(server, cast.seller, order.id, "CONFIRMED")).errors).toBeUndefined();
    const opened = await server.gql(OPEN, { input: { orderId: order.id, reason: "NOT_RECEIVED", text: "x".repeat(20) } }, cast.buyer.token);
    expect(opened.errors).toBeUndefined();
    expect(await actionsOf(server, order.id, cast.seller)).toEqual(["REJECT", "PROCESS", "ANSWER_DISPUTE"]);
    const decided = await server.gql(DECIDE, { id: opened.data.openDispute.id, input: { outcome: "REFUND" } }, cast.admin.token);
    expect(decided.errors).toBeUndefined();
    const seen = await view(server, order.id, cast.buyer);
    expect(seen).toMatchObject({ status: "CANCELLED", actions: [], handoverCode: null });
  });
});

describe("the handover code at a meetup", () => {
  it(`may be entered from ${HANDOVER_EARLY_MINUTES} minutes before the agreed time, on the services' clock`, async ({ server }) => {
    const order = await placedMeetup(server, cast.buyer, await listing(server, cast.seller, LUMS));
    expect((await setStatus(server, cast.seller, order.id, "CONFIRMED")).errors).toBeUndefined();
    const meetupAt = new Date(server.clock.now().getTime() + 45 * MINUTE);
    await server.dataSource.getRepository(Order).update(order.id, { meetupAt, meetupState: MeetupState.CONFIRMED });

    const before = await view(server, order.id, cast.seller);
    expect(before.actions).toEqual(["REJECT"]);
    expect(Date.parse(before.handover.opensAt)).toBe(meetupAt.getTime() - HANDOVER_EARLY_MINUTES * MINUTE);
    const code = (await view(server, order.id, cast.buyer)).handoverCode as string;
    const early = await server.gql(COMPLETE, { id: order.id, code }, cast.seller.token);
    expect(early.errors![0].message).toBe("The meetup has not happened yet.");

    server.clock.advance(20 * MINUTE);
    try {
      expect(await actionsOf(server, order.id, cast.seller)).toEqual(["REJECT", "COMPLETE", "ENTER_HANDOVER_CODE"]);
      expect(await actionsOf(server, order.id, cast.buyer)).toEqual(["SHOW_HANDOVER_CODE"]);
      const done = await server.gql(COMPLETE, { id: order.id, code }, cast.seller.token);
      expect(done.data.completeHandover).toMatchObject({ status: "COMPLETED" });
    } finally {
      server.clock.advance(-20 * MINUTE);
    }
    expect(await view(server, order.id, cast.buyer)).toMatchObject({
      actions: ["REVIEW"],
      handoverCode: null,
      handover: { opensAt: null },
    });
    // REVIEW follows the review's own rule: gone once written, and the mutation refuses a second
    const input = { orderId: order.id, asDescribed: 5, communication: 5, punctuality: 4, comment: "On time, as described." };
    expect((await server.gql(REVIEW_ORDER, { input }, cast.buyer.token)).errors).toBeUndefined();
    expect(await actionsOf(server, order.id, cast.buyer)).toEqual([]);
    expect(await actionsOf(server, order.id, cast.seller)).toEqual(["REVIEW"]);
    expect(codeOf(await server.gql(REVIEW_ORDER, { input }, cast.buyer.token))).toBe("CONFLICT");
  });
});
