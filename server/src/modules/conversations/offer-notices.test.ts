import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { signUp, type SignedIn } from "../../test/fixtures";
import { codeOf, runScheduledJob, type TestServer, withClockAhead } from "../../test/harness";
import { placeOrder } from "../orders/testing";
import { Notification, NotificationKind } from "../notifications/entity";
import { OfferStatus } from "./entity";
import { ACCEPT, conversation, COUNTER, DECLINE, make, madeOffer, OFFERS, QUOTE, stored, WITHDRAW } from "./testing";
import { noticeText } from "../../test/notifications";

/** Offers over time: who is told of each step, and expiry on the services' clock. */

let seller: SignedIn;
it.beforeAll(async ({ server }) => {
  seller = await signUp(server, "seller");
});

/** The OFFER notifications about one conversation, oldest first, as [recipient, text]. */
const offerNotices = async (server: TestServer, conversationId: string) =>
  (
    await server.dataSource.getRepository(Notification).find({
      where: { kind: NotificationKind.OFFER, link: `/messages/${conversationId}` },
      order: { createdAt: "ASC" },
    })
  ).map((n) => [n.recipientId, noticeText(n).replace(/\u00a0/g, " ")]);

describe("offer notifications", () => {
  // a buyer of their own: each offer counts against the sender's messages a minute
  it("tell the other party of a new offer or counter, and the maker of an accept", async ({ server }) => {
    const buyer = await signUp(server);
    const { conversationId } = await conversation(server, seller, buyer);
    const offer = await madeOffer(server, conversationId, 1500, buyer);
    const counter = await server.gql(COUNTER, { id: offer.id, amount: 1800 }, seller.token);
    expect(counter.errors).toBeUndefined();
    expect((await server.gql(ACCEPT, { id: counter.data.counterOffer.id }, buyer.token)).errors).toBeUndefined();
    expect(await offerNotices(server, conversationId)).toEqual([
      [seller.user.id, "New offer: Rs 1,500."],
      [buyer.user.id, "New offer: Rs 1,800."],
      [seller.user.id, "Your offer of Rs 1,800 was accepted."],
    ]);
  });

  it("tell the maker of a decline and the other party of a withdrawal; a refused answer tells no one", async ({ server }) => {
    const buyer = await signUp(server);
    const { conversationId } = await conversation(server, seller, buyer);
    const declined = await madeOffer(server, conversationId, 1200, buyer);
    expect(codeOf(await server.gql(ACCEPT, { id: declined.id }, buyer.token))).toBe("FORBIDDEN");
    expect((await server.gql(DECLINE, { id: declined.id }, seller.token)).errors).toBeUndefined();
    const withdrawn = await madeOffer(server, conversationId, 1300, buyer);
    expect((await server.gql(WITHDRAW, { id: withdrawn.id }, buyer.token)).errors).toBeUndefined();
    expect(await offerNotices(server, conversationId)).toEqual([
      [seller.user.id, "New offer: Rs 1,200."],
      [buyer.user.id, "Your offer of Rs 1,200 was declined."],
      [seller.user.id, "New offer: Rs 1,300."],
      [seller.user.id, "The offer of Rs 1,300 was withdrawn."],
    ]);
  });
});

// each test a buyer of its own: offers count against the sender's messages a minute
describe("expiry on the clock", () => {
  const HOUR = 3_600_000;
  const runExpiryJob = (server: TestServer) => runScheduledJob(server, "offers.expire");

  it("an offer past its expiry reads as EXPIRED at once; the offers.expire job rewrites it and tells the buyer, once", async ({
    server,
  }) => {
    const buyer = await signUp(server);
    const { conversationId } = await conversation(server, seller, buyer);
    const offer = (await make(server, conversationId, 1500, buyer, 1)).data.makeOffer as { id: string; expiresAt: string };
    await withClockAhead(server, HOUR + 60_000, async () => {
      // before any job: the reads and the answers already agree with the clock
      expect((await server.gql(OFFERS, { c: conversationId }, seller.token)).data.offers.items[0].status).toBe("EXPIRED");
      expect((await server.gql(ACCEPT, { id: offer.id }, seller.token)).errors![0].message).toBe("This offer has expired.");

      await runExpiryJob(server);
      expect(await stored(server, offer.id)).toMatchObject({ status: OfferStatus.EXPIRED, respondedAt: null });
      const told = [
        [seller.user.id, "New offer: Rs 1,500."],
        [buyer.user.id, "The offer of Rs 1,500 has expired."],
      ];
      expect(await offerNotices(server, conversationId)).toEqual(told);

      // a second run changes nothing
      await runExpiryJob(server);
      expect(await server.dataSource.transaction((manager) => server.services.conversations.negotiation.expireDueOffers(manager))).toBe(0);
      expect(await offerNotices(server, conversationId)).toEqual(told);
      // and a new offer may be made in its place, open for its hours from the clock's time
      const next = (await make(server, conversationId, 1600, buyer, 2)).data.makeOffer as { status: string; expiresAt: string };
      expect(next.status).toBe("PENDING");
      expect(Date.parse(next.expiresAt) - server.clock.now().getTime()).toBeGreaterThan(2 * HOUR - 60_000);
    });
  });

  it("an offer not yet due is left open by the job", async ({ server }) => {
    const buyer = await signUp(server);
    const { conversationId } = await conversation(server, seller, buyer);
    const offer = await madeOffer(server, conversationId, 1500, buyer);
    await withClockAhead(server, 23 * HOUR, async () => {
      await runExpiryJob(server);
      expect((await stored(server, offer.id)).status).toBe(OfferStatus.PENDING);
      expect((await server.gql(ACCEPT, { id: offer.id }, seller.token)).data.acceptOffer.status).toBe("ACCEPTED");
    });
  });

  it("checkout refuses a lapsed accepted offer's price at the moved clock; the job marks it EXPIRED, not used", async ({ server }) => {
    const MINE = `query ($p: ID!) { myAcceptedOffer(productId: $p) { id } }`;
    const buyer = await signUp(server);
    const { product, conversationId } = await conversation(server, seller, buyer);
    const offer = await madeOffer(server, conversationId, 1500, buyer);
    expect((await server.gql(ACCEPT, { id: offer.id }, seller.token)).errors).toBeUndefined();
    const lines = [{ productId: product.id, quantity: 1 }];
    expect((await server.gql(QUOTE, { lines }, buyer.token)).data.priceQuote.lines[0].offerPrice).toBe(1500);
    await withClockAhead(server, 25 * HOUR, async () => {
      expect((await server.gql(QUOTE, { lines }, buyer.token)).data.priceQuote.lines[0].offerPrice).toBeNull();
      expect((await server.gql(MINE, { p: product.id }, buyer.token)).data.myAcceptedOffer).toBeNull();
      expect((await placeOrder(server, buyer, lines)).total).toBe(2100);
      await runExpiryJob(server);
      expect(await stored(server, offer.id)).toMatchObject({ status: OfferStatus.EXPIRED, usedOrderId: null });
    });
  });
});
