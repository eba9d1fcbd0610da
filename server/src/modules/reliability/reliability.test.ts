import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { asCaller, established, insertOrder, insertProduct, signUp, signUpCast, type SignedIn } from "../../test/fixtures";
import { codeOf, withClockAhead, type TestServer } from "../../test/harness";
import { Message } from "../conversations/entity";
import { Report } from "../moderation/entity";
import { Fulfilment, MeetupState, Order, OrderStatus, PaymentMethod } from "../orders/entity";
import { setStatus } from "../orders/testing";
import { noticeTexts } from "../../test/notifications";
import { paidCardOrder } from "../escrow/testing";
import { NoShowReport, NoShowStatus } from "./entity";

let seller: SignedIn;
let buyer: SignedIn;
let otherBuyer: SignedIn;
let admin: SignedIn;

const HOUR = 3_600_000;

it.beforeAll(async ({ server }) => {
  ({ seller, buyer, otherBuyer, admin } = await signUpCast(server));
  await established(server, seller, buyer, otherBuyer);
});

const RECORD = `reliability { completedDeals noShows cancellations responseRate typicalReply buyerRating buyerReviewCount }`;
const SELLER_PAGE = `query ($u: String!) { sellerPage(username: $u) { seller { id ${RECORD} } } }`;
const ORDER = `query ($id: ID!) { order(id: $id) { id buyer { id ${RECORD} } noShow { status byCaller contestBy contestReason } } }`;
const REPORT = `mutation ($id: ID!) { reportNoShow(orderId: $id) { status byCaller contestBy } }`;
const CONTEST = `mutation ($id: ID!, $r: String!) { contestNoShow(orderId: $id, reason: $r) { status contestReason } }`;
const DECIDE = `mutation ($id: ID!, $u: Boolean!) { decideNoShow(orderId: $id, uphold: $u) { status } }`;
const PROPOSE = `mutation ($id: ID!, $at: DateTimeISO!) { proposeMeetup(id: $id, meetup: { point: "lums-lahore-gate", at: $at }) { id } }`;
const CONFIRM_MEETUP = `mutation ($id: ID!) { confirmMeetup(id: $id) { id } }`;
const COMPLETE = `mutation ($id: ID!, $code: String!) { completeHandover(id: $id, code: $code) { status } }`;
const CONFIRM_RECEIPT = `mutation ($id: ID!) { confirmHandover(id: $id) { status } }`;

const recordOf = async (server: TestServer, who: SignedIn) => {
  const res = await server.gql(SELLER_PAGE, { u: who.user.username });
  expect(res.errors).toBeUndefined();
  return res.data.sellerPage.seller.reliability;
};
const rowOf = (server: TestServer, userId: string) =>
  server.dataSource.query(`SELECT * FROM user_reliability WHERE "userId" = $1`, [userId]).then((r) => r[0]);

/** A meetup order of a fresh product whose meetup was agreed for an hour from now (on the test clock). */
async function agreedMeetup(server: TestServer, who = buyer, status = OrderStatus.CONFIRMED) {
  const product = await insertProduct(server.dataSource, seller.user.id, { pricePaisa: 50_000, name: "Cycle helmet" });
  const order = await insertOrder(server.dataSource, { buyerId: who.user.id, lines: [{ product }], status });
  await server.dataSource.getRepository(Order).update(order.id, {
    fulfilment: Fulfilment.MEETUP,
    paymentMethod: PaymentMethod.CASH_ON_MEETUP,
    meetupCampus: "lums-lahore",
    meetupPoint: "lums-lahore-library",
    meetupAt: new Date(server.clock.now().getTime() + HOUR),
    meetupState: MeetupState.CONFIRMED,
  });
  return order;
}

describe("the reliability record", () => {
  it("counts a completed order as a deal for both sides, shown on the seller page", async ({ server }) => {
    const before = await recordOf(server, seller);
    const product = await insertProduct(server.dataSource, seller.user.id, { pricePaisa: 20_000, name: "Mug" });
    const order = await insertOrder(server.dataSource, { buyerId: buyer.user.id, lines: [{ product }], status: OrderStatus.SHIPPED });
    expect((await setStatus(server, seller, order.id, "COMPLETED")).errors).toBeUndefined();
    expect(await recordOf(server, seller)).toMatchObject({ completedDeals: before.completedDeals + 1, noShows: 0 });
    expect((await rowOf(server, buyer.user.id)).completedDeals).toBeGreaterThanOrEqual(1);
  });

  it("takes a completed deal back off both records when a dispute's full refund cancels the order", async ({ server }) => {
    const [shop, student] = await Promise.all([signUp(server, "seller"), signUp(server, "user")]);
    const order = await paidCardOrder(server, student, shop);
    for (const status of ["CONFIRMED", "PROCESSING", "SHIPPED", "COMPLETED"])
      expect((await setStatus(server, shop, order.id, status)).errors).toBeUndefined();
    expect(await recordOf(server, shop)).toMatchObject({ completedDeals: 1 });
    const opened = await server.gql(
      `mutation ($input: OpenDisputeInput!) { openDispute(input: $input) { id } }`,
      { input: { orderId: order.id, reason: "NOT_RECEIVED", text: "Nothing was ever handed over." } },
      student.token,
    );
    expect(opened.errors).toBeUndefined();
    const refund = { id: opened.data.openDispute.id, input: { outcome: "REFUND" } };
    const DECIDE_DISPUTE = `mutation ($id: ID!, $input: DecideDisputeInput!) { decideDispute(disputeId: $id, input: $input) { id } }`;
    expect((await server.gql(DECIDE_DISPUTE, refund, admin.token)).errors).toBeUndefined();
    // the goods never changed hands: a refunded, cancelled order is no deal for either side
    expect(await recordOf(server, shop)).toMatchObject({ completedDeals: 0 });
    expect((await rowOf(server, student.user.id)).completedDeals).toBe(0);
  });

  it("counts a cancellation after a confirmed meetup on whoever made it, and not one of an unagreed order", async ({ server }) => {
    const before = (await rowOf(server, seller.user.id))?.cancellations ?? 0;
    const agreed = await agreedMeetup(server);
    expect((await setStatus(server, seller, agreed.id, "REJECTED")).errors).toBeUndefined();
    expect((await rowOf(server, seller.user.id)).cancellations).toBe(before + 1);

    const buyerBefore = (await rowOf(server, otherBuyer.user.id))?.cancellations ?? 0;
    const product = await insertProduct(server.dataSource, seller.user.id, { pricePaisa: 20_000, name: "Poster" });
    const plain = await insertOrder(server.dataSource, { buyerId: otherBuyer.user.id, lines: [{ product }] });
    expect((await setStatus(server, otherBuyer, plain.id, "CANCELLED")).errors).toBeUndefined();
    expect((await rowOf(server, otherBuyer.user.id))?.cancellations ?? 0).toBe(buyerBefore);
  });

  it("counts a cancellation of an order priced by an accepted offer", async ({ server }) => {
    const product = await insertProduct(server.dataSource, seller.user.id, { pricePaisa: 20_000, name: "Desk" });
    const order = await insertOrder(server.dataSource, { buyerId: otherBuyer.user.id, lines: [{ product }] });
    await server.dataSource.query(`UPDATE order_lines SET "offerPricePaisa" = 15000 WHERE "orderId" = $1`, [order.id]);
    const before = (await rowOf(server, otherBuyer.user.id))?.cancellations ?? 0;
    expect((await setStatus(server, otherBuyer, order.id, "CANCELLED")).errors).toBeUndefined();
    expect((await rowOf(server, otherBuyer.user.id)).cancellations).toBe(before + 1);
  });

  it("measures chat answers: the rate and the usual time to a first answer", async ({ server }) => {
    const answerer = await signUp(server, "seller");
    await established(server, answerer);
    const ask = async (product: { id: string }, asker: SignedIn) => {
      const conversation = await server.services.conversations.start(product.id, asCaller(asker));
      await server.services.conversations.send({ conversationId: conversation.id, body: "Is it available?" }, asCaller(asker));
      return conversation;
    };
    const answer = (conversationId: string) => server.services.conversations.send({ conversationId, body: "Yes" }, asCaller(answerer));
    const products = await Promise.all([1, 2, 3].map((i) => insertProduct(server.dataSource, answerer.user.id, { name: `Item ${i}` })));

    const quick = await ask(products[0], buyer);
    await answer(quick.id);
    await answer(quick.id); // a second answer in the same conversation counts nothing more
    const slow = await ask(products[1], buyer);
    // the question was asked three hours ago (a recorded time, moved in the table)
    await server.dataSource.getRepository(Message).update({ conversationId: slow.id }, { createdAt: new Date(Date.now() - 3 * HOUR) });
    await answer(slow.id);
    await ask(products[2], otherBuyer); // unanswered

    expect(await recordOf(server, answerer)).toMatchObject({ responseRate: 67, typicalReply: "WITHIN_HOUR" });
    expect(await rowOf(server, answerer.user.id)).toMatchObject({
      chatsReceived: 3,
      chatsAnswered: 2,
      repliesWithinHour: 1,
      repliesWithinDay: 1,
    });
  });

  it("reads the records of a whole inbox in one statement (the cost does not grow with the page)", async ({ server }) => {
    const INBOX = `{ conversations(pageSize: 50) { items { id buyer { id ${RECORD} } seller { id ${RECORD} } } } }`;
    const without = await server.queries.measure(() =>
      server.gql(`{ conversations(pageSize: 50) { items { id buyer { id } seller { id } } } }`, {}, buyer.token),
    );
    const withRecords = await server.queries.measure(() => server.gql(INBOX, {}, buyer.token));
    expect(withRecords.result.errors).toBeUndefined();
    expect(withRecords.result.data.conversations.items.length).toBeGreaterThanOrEqual(2);
    expect(withRecords.queries).toBe(without.queries + 1);
    // and the lookup is by primary key, never a scan of orders or messages
    const plan = await server.dataSource.query(`EXPLAIN SELECT * FROM user_reliability WHERE "userId" = ANY($1)`, [
      [buyer.user.id, seller.user.id],
    ]);
    expect(JSON.stringify(plan)).not.toMatch(/orders|messages/);
  });
});

describe("no-show reports", () => {
  it("are taken only after the meetup time, from the order's parties, once per order", async ({ server }) => {
    const order = await agreedMeetup(server);
    const early = await server.gql(REPORT, { id: order.id }, seller.token);
    expect(codeOf(early)).toBe("BAD_USER_INPUT");
    expect(early.errors![0].extensions!.fields).toHaveProperty("orderId");

    server.clock.advance(2 * HOUR);
    expect(codeOf(await server.gql(REPORT, { id: order.id }, otherBuyer.token))).toBe("FORBIDDEN");
    expect(codeOf(await server.gql(REPORT, { id: order.id }))).toBe("UNAUTHENTICATED");
    const [a, b] = await Promise.all([
      server.gql(REPORT, { id: order.id }, seller.token),
      server.gql(REPORT, { id: order.id }, buyer.token),
    ]);
    expect([codeOf(a), codeOf(b)].filter(Boolean)).toEqual(["CONFLICT"]);
    expect(await server.dataSource.getRepository(NoShowReport).countBy({ orderId: order.id })).toBe(1);
    expect(codeOf(await server.gql(REPORT, { id: order.id }, seller.token))).toBe("CONFLICT");
  });

  it("refuse a completed order and an address order", async ({ server }) => {
    const order = await agreedMeetup(server, buyer, OrderStatus.COMPLETED);
    server.clock.advance(2 * HOUR);
    expect(codeOf(await server.gql(REPORT, { id: order.id }, seller.token))).toBe("BAD_USER_INPUT");
    const product = await insertProduct(server.dataSource, seller.user.id, { name: "Shipped thing" });
    const address = await insertOrder(server.dataSource, { buyerId: buyer.user.id, lines: [{ product }], status: OrderStatus.CONFIRMED });
    expect(codeOf(await server.gql(REPORT, { id: address.id }, seller.token))).toBe("BAD_USER_INPUT");
  });

  it("count on the record when not contested within 48 hours (the scheduled settlement)", async ({ server }) => {
    const accused = await signUp(server, "user");
    const order = await agreedMeetup(server, accused);
    server.clock.advance(2 * HOUR);
    const reported = await server.gql(REPORT, { id: order.id }, seller.token);
    expect(reported.data.reportNoShow).toMatchObject({ status: "OPEN", byCaller: true });
    const seen = await server.gql(ORDER, { id: order.id }, accused.token);
    expect(seen.data.order.noShow).toMatchObject({ status: "OPEN", byCaller: false });

    await server.dataSource.transaction((m) => server.services.reliability.settleDue(m));
    expect((await rowOf(server, accused.user.id))?.noShows ?? 0).toBe(0);
    server.clock.advance(48 * HOUR + 60_000);
    expect(codeOf(await server.gql(CONTEST, { id: order.id, r: "I was there" }, accused.token))).toBe("CONFLICT");
    await server.dataSource.transaction((m) => server.services.reliability.settleDue(m));
    expect((await server.dataSource.getRepository(NoShowReport).findOneByOrFail({ orderId: order.id })).status).toBe(NoShowStatus.UPHELD);
    const asSeller = await server.gql(ORDER, { id: order.id }, seller.token);
    expect(asSeller.data.order.buyer.reliability).toMatchObject({ noShows: 1 });
  });

  it("wait for an admin's decision when contested in time: upheld it stays on the record, dropped it does not; both are told", async ({
    server,
  }) => {
    const accused = await signUp(server, "user");
    const first = await agreedMeetup(server, accused);
    const second = await agreedMeetup(server, accused);
    server.clock.advance(2 * HOUR);
    for (const order of [first, second]) expect((await server.gql(REPORT, { id: order.id }, seller.token)).errors).toBeUndefined();

    expect(codeOf(await server.gql(CONTEST, { id: first.id, r: "Mine" }, seller.token))).toBe("FORBIDDEN");
    expect(codeOf(await server.gql(CONTEST, { id: first.id, r: "   " }, accused.token))).toBe("BAD_USER_INPUT");
    const contested = await server.gql(CONTEST, { id: first.id, r: "I waited at the library" }, accused.token);
    expect(contested.data.contestNoShow).toEqual({ status: "CONTESTED", contestReason: "I waited at the library" });
    expect((await server.gql(CONTEST, { id: second.id, r: "Rain" }, accused.token)).errors).toBeUndefined();
    // its own kind of case, not a "Something else" report in the moderation queue
    expect(await server.dataSource.getRepository(Report).countBy({ targetId: accused.user.id })).toBe(0);
    const CONTESTED = `{ contestedNoShows { totalItems items { orderId orderNumber contestReason reporterName accusedName } } }`;
    expect(codeOf(await server.gql(CONTESTED, undefined, seller.token))).toBe("FORBIDDEN");
    const listed = (await server.gql(CONTESTED, undefined, admin.token)).data.contestedNoShows;
    const mine = listed.items.filter((c: { accusedName: string }) => c.accusedName === accused.user.username);
    expect(mine).toEqual([
      expect.objectContaining({ orderId: first.id, contestReason: "I waited at the library", reporterName: seller.user.username }),
      expect.objectContaining({ orderId: second.id, contestReason: "Rain" }),
    ]);

    expect(codeOf(await server.gql(DECIDE, { id: first.id, u: true }, seller.token))).toBe("FORBIDDEN");
    expect((await server.gql(DECIDE, { id: first.id, u: false }, admin.token)).data.decideNoShow).toEqual({ status: "DISMISSED" });
    expect(codeOf(await server.gql(DECIDE, { id: first.id, u: true }, admin.token))).toBe("CONFLICT");
    expect((await rowOf(server, accused.user.id))?.noShows ?? 0).toBe(0);
    expect(await lastNotice(server, accused)).toMatch(/^An admin dropped the no-show report on order UB-\d+: it is off your record\.$/);
    expect(await lastNotice(server, seller)).toMatch(/^An admin dropped your no-show report on order UB-\d+/);

    expect((await server.gql(DECIDE, { id: second.id, u: true }, admin.token)).data.decideNoShow).toEqual({ status: "UPHELD" });
    expect(await lastNotice(server, accused)).toMatch(/^An admin upheld the no-show report on order UB-\d+: it stays on your record\.$/);
    expect(await lastNotice(server, seller)).toMatch(/^An admin upheld your no-show report on order UB-\d+/);
    const left = (await server.gql(CONTESTED, undefined, admin.token)).data.contestedNoShows.items;
    expect(left.filter((c: { accusedName: string }) => c.accusedName === accused.user.username)).toEqual([]);
    expect((await rowOf(server, accused.user.id)).noShows).toBe(1);
  });
});

describe("no-show reports and what comes after the missed meetup", () => {
  /** Tomorrow at noon, Pakistan time, on the services' clock: a time a proposal may take. */
  const tomorrowNoon = (server: TestServer) => {
    const d = server.clock.now();
    d.setUTCDate(d.getUTCDate() + 1);
    d.setUTCHours(7, 0, 0, 0);
    return d.toISOString();
  };
  const reportOf = (server: TestServer, orderId: string) => server.dataSource.getRepository(NoShowReport).findOneByOrFail({ orderId });

  it("can still be made on a missed meetup the other party has since proposed to move; the new time can still be agreed", async ({
    server,
  }) => {
    const accused = await signUp(server, "user");
    const order = await agreedMeetup(server, accused);
    const { meetupAt } = await server.dataSource.getRepository(Order).findOneByOrFail({ id: order.id });
    await withClockAhead(server, 2 * HOUR, async () => {
      expect((await server.gql(PROPOSE, { id: order.id, at: tomorrowNoon(server) }, accused.token)).errors).toBeUndefined();
      // the order page still offers the report: it reads the missed time, not the proposal's
      const missed = await server.gql(`query ($id: ID!) { order(id: $id) { meetup { state missedAt } } }`, { id: order.id }, seller.token);
      expect(missed.data.order.meetup).toEqual({ state: "PROPOSED", missedAt: meetupAt!.toISOString() });
      const reported = await server.gql(REPORT, { id: order.id }, seller.token);
      expect(reported.errors).toBeUndefined();
      expect(reported.data.reportNoShow).toMatchObject({ status: "OPEN", byCaller: true });
      // the report is about the missed time, not the one proposed since
      expect((await reportOf(server, order.id)).meetupAt).toEqual(meetupAt);
      // rescheduling is not undone by the report, nor the report by the new time
      expect((await server.gql(CONFIRM_MEETUP, { id: order.id }, seller.token)).errors).toBeUndefined();
      expect((await reportOf(server, order.id)).status).toBe(NoShowStatus.OPEN);
    });
  });

  it("is dropped when the order is then completed with the buyer's code or the buyer's confirmation; both are told", async ({ server }) => {
    const accused = await signUp(server, "user");
    const [byCode, byBuyer, contested] = [
      await agreedMeetup(server, accused),
      await agreedMeetup(server, accused),
      await agreedMeetup(server, accused),
    ];
    await withClockAhead(server, 2 * HOUR, async () => {
      for (const order of [byCode, byBuyer, contested])
        expect((await server.gql(REPORT, { id: order.id }, seller.token)).errors).toBeUndefined();
      const code = (await server.dataSource.getRepository(Order).findOneByOrFail({ id: byCode.id })).handoverCode;
      expect((await server.gql(COMPLETE, { id: byCode.id, code }, seller.token)).data.completeHandover.status).toBe("COMPLETED");
      expect(await reportOf(server, byCode.id)).toMatchObject({ status: NoShowStatus.DISMISSED, decidedAt: expect.any(Date) });
      const dropNotices = async (who: SignedIn) =>
        (await noticeTexts(server.dataSource, who.user.id, `link = $2 AND message LIKE 'noShow.%'`, [`/orders/${byCode.id}`])).map(
          (n) => n.text,
        );
      expect(await dropNotices(seller)).toEqual([
        expect.stringMatching(/^Order UB-\d+ was handed over, so your no-show report on it is dropped\.$/),
      ]);
      expect(await dropNotices(accused)).toEqual([
        expect.stringMatching(/^Order UB-\d+ was handed over, so the no-show report on it is dropped: it is not on your record\.$/),
      ]);

      // completed without the code: the report waits for the buyer's answer
      expect((await setStatus(server, seller, byBuyer.id, "COMPLETED")).errors).toBeUndefined();
      expect((await reportOf(server, byBuyer.id)).status).toBe(NoShowStatus.OPEN);
      expect((await server.gql(CONFIRM_RECEIPT, { id: byBuyer.id }, accused.token)).errors).toBeUndefined();
      expect((await reportOf(server, byBuyer.id)).status).toBe(NoShowStatus.DISMISSED);

      // a contested report is the admin's to decide
      expect((await server.gql(CONTEST, { id: contested.id, r: "I was there" }, accused.token)).errors).toBeUndefined();
      const contestedCode = (await server.dataSource.getRepository(Order).findOneByOrFail({ id: contested.id })).handoverCode;
      expect((await server.gql(COMPLETE, { id: contested.id, code: contestedCode }, seller.token)).errors).toBeUndefined();
      expect((await reportOf(server, contested.id)).status).toBe(NoShowStatus.CONTESTED);
    });
    // nothing left for the settlement to uphold
    await withClockAhead(server, 50 * HOUR, () =>
      server.dataSource.transaction((m) => server.services.reliability.settleDue(m)).then(() => undefined),
    );
    expect((await rowOf(server, accused.user.id))?.noShows ?? 0).toBe(0);
  });
});

/** The text of `who`'s newest notification, as they read it. */
const lastNotice = async (server: TestServer, who: SignedIn): Promise<string | undefined> =>
  (await server.gql(`{ notifications(pageSize: 1) { items { text } } }`, undefined, who.token)).data.notifications.items[0]?.text;
