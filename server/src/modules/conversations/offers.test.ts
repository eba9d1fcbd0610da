import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { asCaller, established, signUp, type SignedIn } from "../../test/fixtures";
import { Client } from "pg";
import { codeOf, databaseOf, lockWaiters, type TestServer } from "../../test/harness";
import { POOL_CONNECTIONS } from "../../platform/db/data-source";
import { placeOrder, setStatus } from "../orders/testing";
import { Product } from "../products/entity";
import { Offer, OfferStatus } from "./entity";
import { ACCEPT, conversation, COUNTER, DECLINE, make, madeOffer, OFFERS, QUOTE, stored, WITHDRAW } from "./testing";
import { MESSAGES_PER_MINUTE } from "./service";

let seller: SignedIn;
let buyer: SignedIn;
let stranger: SignedIn;
let admin: SignedIn;
it.beforeAll(async ({ server }) => {
  [seller, stranger, admin] = await Promise.all([signUp(server, "seller"), signUp(server), signUp(server, "admin")]);
});
// a buyer of its own for each test: every offer asked for, stored or refused, counts with its
// maker's messages (MESSAGES_PER_MINUTE), and the file's tests together ask for more
it.beforeEach(async ({ server }) => {
  buyer = await signUp(server);
  // the buyer opens more conversations a day than a new account may
  await established(server, buyer);
});

const offerCount = (server: TestServer, conversationId: string) => server.dataSource.getRepository(Offer).countBy({ conversationId });
/** Moves an offer's expiry into the past, as time passing would. */
const expire = (server: TestServer, id: string) =>
  server.dataSource.query(`UPDATE offers SET "expiresAt" = now() - interval '1 second' WHERE id = $1`, [id]);

describe("making an offer", () => {
  it("the buyer offers an amount with a default 24-hour expiry; both parties see it in the conversation", async ({ server }) => {
    const { product, conversationId } = await conversation(server, seller, buyer);
    const before = Date.now();
    const offer = await madeOffer(server, conversationId, 1500, buyer);
    expect(offer).toMatchObject({
      conversationId,
      productId: product.id,
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      madeById: buyer.user.id,
      amount: 1500,
      status: "PENDING",
      respondedAt: null,
    });
    const hours = (Date.parse(offer.expiresAt) - before) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThan(24.1);
    expect((await stored(server, offer.id)).amountPaisa).toBe(150_000);
    for (const who of [buyer, seller]) {
      const list = await server.gql(OFFERS, { c: conversationId }, who.token);
      expect(list.data.offers).toEqual({
        totalItems: 1,
        items: [{ id: offer.id, amount: 1500, status: "PENDING", madeById: buyer.user.id }],
      });
    }
  });

  it("takes an expiry from 1 to 168 hours and refuses others, with nothing stored", async ({ server }) => {
    const { conversationId } = await conversation(server, seller, buyer);
    for (const hours of [0, 169, -5]) {
      const res = await make(server, conversationId, 1000, buyer, hours);
      expect(codeOf(res)).toBe("BAD_USER_INPUT");
      expect(res.errors![0].message).toBe("Choose an expiry from 1 to 168 hours.");
    }
    expect(await offerCount(server, conversationId)).toBe(0);
    const week = await make(server, conversationId, 1000, buyer, 168);
    expect((Date.parse(week.data.makeOffer.expiresAt) - Date.now()) / 3_600_000).toBeGreaterThan(167.9);
  });

  it("refuses an amount of 0, a negative one, a fraction of a paisa, or more than the price", async ({ server }) => {
    const { conversationId } = await conversation(server, seller, buyer);
    for (const amount of [0, -10, 10.005]) expect(codeOf(await make(server, conversationId, amount, buyer))).toBe("BAD_USER_INPUT");
    const above = await make(server, conversationId, 2000.01, buyer);
    expect(codeOf(above)).toBe("BAD_USER_INPUT");
    expect(above.errors![0].message).toBe("An offer cannot be more than the price (Rs\u00a02,000).");
    expect(await offerCount(server, conversationId)).toBe(0);
    // the full price is allowed (an offer to buy now, at the listed price)
    expect((await make(server, conversationId, 2000, buyer)).errors).toBeUndefined();
  });

  it("only the buyer opens an offer; a stranger or an admin is told the conversation does not exist", async ({ server }) => {
    const { conversationId } = await conversation(server, seller, buyer);
    expect(codeOf(await make(server, conversationId, 1000, seller))).toBe("FORBIDDEN");
    expect(codeOf(await make(server, conversationId, 1000, stranger))).toBe("NOT_FOUND");
    expect(codeOf(await make(server, conversationId, 1000, admin))).toBe("NOT_FOUND");
    expect(codeOf(await server.gql(OFFERS, { c: conversationId }, stranger.token))).toBe("NOT_FOUND");
    expect(codeOf(await make(server, "00000000-0000-4000-8000-000000000000", 1000, buyer))).toBe("NOT_FOUND");
    expect(await offerCount(server, conversationId)).toBe(0);
  });

  it("keeps one pending offer per conversation; an expired or withdrawn one no longer counts", async ({ server }) => {
    const { conversationId } = await conversation(server, seller, buyer);
    const first = await madeOffer(server, conversationId, 1000, buyer);
    const second = await make(server, conversationId, 1100, buyer);
    expect(codeOf(second)).toBe("CONFLICT");
    expect(second.errors![0].message).toBe("This conversation already has an open offer: answer or withdraw it first.");
    await expire(server, first.id);
    const third = await madeOffer(server, conversationId, 1200, buyer);
    expect((await stored(server, first.id)).status).toBe(OfferStatus.EXPIRED);
    expect((await server.gql(WITHDRAW, { id: third.id }, buyer.token)).errors).toBeUndefined();
    await madeOffer(server, conversationId, 1300, buyer);
    expect(await offerCount(server, conversationId)).toBe(3);
  });

  it("two offers at once: one is stored, the other refused", async ({ server }) => {
    const { conversationId } = await conversation(server, seller, buyer);
    const results = await Promise.all([make(server, conversationId, 1000, buyer), make(server, conversationId, 1001, buyer)]);
    expect(results.map(codeOf).sort()).toEqual(["CONFLICT", undefined]);
    expect(await offerCount(server, conversationId)).toBe(1);
  });

  it("takes more offers at once than the process has database connections: one stored, the rest refused", async ({ server }) => {
    // each offer locks the conversation, and its limit was taken inside that transaction, asking the
    // pool for another connection: with every connection waiting on the lock, the one holding it
    // waited on them, until the pool's timeout failed them all
    const bursty = await signUp(server);
    const { conversationId } = await conversation(server, seller, bursty);
    const [locker, watcher] = [new Client({ connectionString: databaseOf(server) }), new Client({ connectionString: databaseOf(server) })];
    await Promise.all([locker.connect(), watcher.connect()]);
    try {
      await locker.query("BEGIN");
      await locker.query(`SELECT 1 FROM conversations WHERE id = $1 FOR UPDATE`, [conversationId]);
      const offers = Array.from({ length: POOL_CONNECTIONS + 2 }, (_, i) => make(server, conversationId, 1000 + i, bursty));
      // every pool connection waits on the conversation's lock, two offers wait for a connection
      await expect.poll(() => lockWaiters(watcher), { timeout: 30_000, interval: 50 }).toBe(POOL_CONNECTIONS);
      await locker.query("COMMIT");
      const results = await Promise.all(offers);
      expect(results.map(codeOf).sort()).toEqual([...Array<string>(POOL_CONNECTIONS + 1).fill("CONFLICT"), undefined]);
      expect(await offerCount(server, conversationId)).toBe(1);
    } finally {
      await Promise.all([locker.end(), watcher.end()]);
    }
  });

  it("is refused while either party blocks the other, and for a product no longer for sale", async ({ server }) => {
    const { conversationId } = await conversation(server, seller, buyer);
    await server.services.conversations.blocking.block(buyer.user.id, asCaller(seller));
    const blocked = await make(server, conversationId, 1000, buyer);
    expect(codeOf(blocked)).toBe("FORBIDDEN");
    expect(blocked.errors![0].message).toBe("This user does not accept your messages.");
    await server.services.conversations.blocking.unblock(buyer.user.id, asCaller(seller));

    const sold = await conversation(server, seller, buyer, { quantityAvailable: 1 });
    await server.dataSource.getRepository(Product).update(sold.product.id, { quantityAvailable: 0 });
    expect(codeOf(await make(server, sold.conversationId, 1000, buyer))).toBe("CONFLICT");
    expect(await offerCount(server, conversationId)).toBe(0);
    expect(await offerCount(server, sold.conversationId)).toBe(0);
  });

  it(`counts with the sender's messages: ${MESSAGES_PER_MINUTE} a minute`, async ({ server }) => {
    const chatty = await signUp(server);
    const { conversationId } = await conversation(server, seller, chatty);
    for (let i = 0; i < MESSAGES_PER_MINUTE; i++)
      await server.services.conversations.send({ conversationId, body: `message ${i}` }, asCaller(chatty));
    expect(codeOf(await make(server, conversationId, 1000, chatty))).toBe("RATE_LIMITED");
    expect(await offerCount(server, conversationId)).toBe(0);
  });
});

describe("answering an offer", () => {
  it("the seller accepts; the offer cannot be answered again", async ({ server }) => {
    const { conversationId } = await conversation(server, seller, buyer);
    const offer = await madeOffer(server, conversationId, 1500, buyer);
    const accepted = await server.gql(ACCEPT, { id: offer.id }, seller.token);
    expect(accepted.errors).toBeUndefined();
    expect(accepted.data.acceptOffer).toMatchObject({ id: offer.id, status: "ACCEPTED", amount: 1500 });
    expect(accepted.data.acceptOffer.respondedAt).not.toBeNull();
    const again = await server.gql(DECLINE, { id: offer.id }, seller.token);
    expect(codeOf(again)).toBe("CONFLICT");
    expect(again.errors![0].message).toBe("This offer is no longer open (accepted).");
    expect((await stored(server, offer.id)).status).toBe(OfferStatus.ACCEPTED);
  });

  it("the seller declines", async ({ server }) => {
    const { conversationId } = await conversation(server, seller, buyer);
    const offer = await madeOffer(server, conversationId, 1500, buyer);
    const res = await server.gql(DECLINE, { id: offer.id }, seller.token);
    expect(res.data.declineOffer.status).toBe("DECLINED");
    expect(codeOf(await server.gql(ACCEPT, { id: offer.id }, seller.token))).toBe("CONFLICT");
  });

  it("the maker cannot answer their own offer; a stranger or an admin cannot see it", async ({ server }) => {
    const { conversationId } = await conversation(server, seller, buyer);
    const offer = await madeOffer(server, conversationId, 1500, buyer);
    expect(codeOf(await server.gql(ACCEPT, { id: offer.id }, buyer.token))).toBe("FORBIDDEN");
    expect(codeOf(await server.gql(COUNTER, { id: offer.id, amount: 1400 }, buyer.token))).toBe("FORBIDDEN");
    for (const who of [stranger, admin]) {
      expect(codeOf(await server.gql(ACCEPT, { id: offer.id }, who.token))).toBe("NOT_FOUND");
      expect(codeOf(await server.gql(WITHDRAW, { id: offer.id }, who.token))).toBe("NOT_FOUND");
    }
    expect(codeOf(await server.gql(ACCEPT, { id: "not-an-id" }, seller.token))).toBe("NOT_FOUND");
    expect((await stored(server, offer.id)).status).toBe(OfferStatus.PENDING);
  });

  it("a counter marks the offer COUNTERED and opens the counter for the buyer, who may accept it", async ({ server }) => {
    const { conversationId } = await conversation(server, seller, buyer);
    const offer = await madeOffer(server, conversationId, 1200, buyer);
    const counter = await server.gql(COUNTER, { id: offer.id, amount: 1700, hours: 2 }, seller.token);
    expect(counter.errors).toBeUndefined();
    expect(counter.data.counterOffer).toMatchObject({ amount: 1700, status: "PENDING", madeById: seller.user.id, buyerId: buyer.user.id });
    expect((Date.parse(counter.data.counterOffer.expiresAt) - Date.now()) / 3_600_000).toBeLessThan(2.01);
    expect((await stored(server, offer.id)).status).toBe(OfferStatus.COUNTERED);
    // now the seller made it: only the buyer answers
    expect(codeOf(await server.gql(ACCEPT, { id: counter.data.counterOffer.id }, seller.token))).toBe("FORBIDDEN");
    const accepted = await server.gql(ACCEPT, { id: counter.data.counterOffer.id }, buyer.token);
    expect(accepted.data.acceptOffer.status).toBe("ACCEPTED");
    const list = await server.gql(OFFERS, { c: conversationId }, buyer.token);
    expect(list.data.offers.items.map((o: { status: string }) => o.status)).toEqual(["ACCEPTED", "COUNTERED"]);
  });

  it("a counter above the price is refused and leaves the offer pending", async ({ server }) => {
    const { conversationId } = await conversation(server, seller, buyer);
    const offer = await madeOffer(server, conversationId, 1200, buyer);
    expect(codeOf(await server.gql(COUNTER, { id: offer.id, amount: 2500 }, seller.token))).toBe("BAD_USER_INPUT");
    expect((await stored(server, offer.id)).status).toBe(OfferStatus.PENDING);
    expect(await offerCount(server, conversationId)).toBe(1);
  });

  it("an expired offer reads as EXPIRED and cannot be accepted, countered or withdrawn", async ({ server }) => {
    const { conversationId } = await conversation(server, seller, buyer);
    const offer = await madeOffer(server, conversationId, 1500, buyer);
    await expire(server, offer.id);
    for (const [query, who] of [
      [ACCEPT, seller],
      [DECLINE, seller],
      [WITHDRAW, buyer],
    ] as const) {
      const res = await server.gql(query, { id: offer.id }, who.token);
      expect(codeOf(res)).toBe("CONFLICT");
      expect(res.errors![0].message).toBe("This offer has expired.");
    }
    expect(codeOf(await server.gql(COUNTER, { id: offer.id, amount: 1000 }, seller.token))).toBe("CONFLICT");
    expect((await server.gql(OFFERS, { c: conversationId }, seller.token)).data.offers.items[0].status).toBe("EXPIRED");
  });

  it("accepting is refused while blocked; declining is not", async ({ server }) => {
    const { conversationId } = await conversation(server, seller, buyer);
    const offer = await madeOffer(server, conversationId, 1500, buyer);
    await server.services.conversations.blocking.block(seller.user.id, asCaller(buyer));
    expect(codeOf(await server.gql(ACCEPT, { id: offer.id }, seller.token))).toBe("FORBIDDEN");
    expect((await stored(server, offer.id)).status).toBe(OfferStatus.PENDING);
    expect((await server.gql(DECLINE, { id: offer.id }, seller.token)).data.declineOffer.status).toBe("DECLINED");
    await server.services.conversations.blocking.unblock(seller.user.id, asCaller(buyer));
  });

  it("only the maker withdraws a pending offer", async ({ server }) => {
    const { conversationId } = await conversation(server, seller, buyer);
    const offer = await madeOffer(server, conversationId, 1500, buyer);
    expect(codeOf(await server.gql(WITHDRAW, { id: offer.id }, seller.token))).toBe("FORBIDDEN");
    const res = await server.gql(WITHDRAW, { id: offer.id }, buyer.token);
    expect(res.data.withdrawOffer.status).toBe("WITHDRAWN");
    expect(codeOf(await server.gql(WITHDRAW, { id: offer.id }, buyer.token))).toBe("CONFLICT");
    expect(codeOf(await server.gql(ACCEPT, { id: offer.id }, seller.token))).toBe("CONFLICT");
  });
});

describe("the accepted price at checkout", () => {
  async function acceptedOffer(server: TestServer, amount: number, options: { pricePaisa?: number; quantityAvailable?: number } = {}) {
    const { product, conversationId } = await conversation(server, seller, buyer, options);
    const offer = await madeOffer(server, conversationId, amount, buyer);
    expect((await server.gql(ACCEPT, { id: offer.id }, seller.token)).errors).toBeUndefined();
    return { product, conversationId, offer };
  }

  it("priceQuote shows it to the buyer only; placeOrder charges it once and marks the offer USED", async ({ server }) => {
    const { product, offer } = await acceptedOffer(server, 1500);
    const lines = [{ productId: product.id, quantity: 1 }];
    const mine = await server.gql(QUOTE, { lines }, buyer.token);
    expect(mine.data.priceQuote).toEqual({
      lines: [{ unitPrice: 2000, offerPrice: 1500, lineTotal: 1500, quantity: 1 }],
      subtotal: 1500,
      tax: 75,
      total: 1575,
    });
    // another buyer, and a visitor, get the listed price
    for (const token of [stranger.token, undefined]) {
      const theirs = await server.gql(QUOTE, { lines }, token);
      expect(theirs.data.priceQuote).toMatchObject({ lines: [{ offerPrice: null, lineTotal: 2000 }], total: 2100 });
    }
    const strangers = await placeOrder(server, stranger, lines);
    expect(strangers.total).toBe(2100);
    expect((await stored(server, offer.id)).status).toBe(OfferStatus.ACCEPTED);

    const checkout = await placeOrder(server, buyer, lines);
    expect(checkout).toMatchObject({ subtotal: 1500, tax: 75, total: 1575 });
    expect(checkout.orders[0].lines[0]).toMatchObject({ unitPrice: 2000, lineTotal: 1500 });
    const used = await stored(server, offer.id);
    expect(used).toMatchObject({ status: OfferStatus.USED, usedOrderId: checkout.orders[0].id });

    // once: the next checkout is at the listed price, and a cancelled order does not give it back
    expect((await server.gql(QUOTE, { lines }, buyer.token)).data.priceQuote.total).toBe(2100);
    expect((await placeOrder(server, buyer, lines)).total).toBe(2100);
    expect((await setStatus(server, buyer, checkout.orders[0].id, "CANCELLED")).errors).toBeUndefined();
    expect((await stored(server, offer.id)).status).toBe(OfferStatus.USED);
    expect((await server.gql(QUOTE, { lines }, buyer.token)).data.priceQuote.total).toBe(2100);
  });

  it("the product page asks for it: the buyer's accepted offer until it is used; the order line keeps it as the agreed price", async ({
    server,
  }) => {
    const MINE = `query ($p: ID!) { myAcceptedOffer(productId: $p) { id amount status conversationId } }`;
    // a buyer of its own: the others' messages count against the per-minute limit
    const student = await signUp(server);
    const { product, conversationId } = await conversation(server, seller, student, { pricePaisa: 299_900 });
    const offer = await madeOffer(server, conversationId, 2700, student);
    expect((await server.gql(ACCEPT, { id: offer.id }, seller.token)).errors).toBeUndefined();
    expect((await server.gql(MINE, { p: product.id }, student.token)).data.myAcceptedOffer).toEqual({
      id: offer.id,
      amount: 2700,
      status: "ACCEPTED",
      conversationId,
    });
    expect((await server.gql(MINE, { p: product.id }, stranger.token)).data.myAcceptedOffer).toBeNull();
    expect(codeOf(await server.gql(MINE, { p: product.id }))).toBe("UNAUTHENTICATED");

    const checkout = await placeOrder(server, student, [{ productId: product.id, quantity: 1 }]);
    const line = await server.gql(
      `query ($id: ID!) { order(id: $id) { lines { unitPrice offerPrice lineTotal } subtotal tax total } }`,
      { id: checkout.orders[0].id },
      student.token,
    );
    // the agreed price is the line's price; tax on top of it
    expect(line.data.order).toEqual({
      lines: [{ unitPrice: 2999, offerPrice: 2700, lineTotal: 2700 }],
      subtotal: 2700,
      tax: 135,
      total: 2835,
    });
    expect((await server.gql(MINE, { p: product.id }, student.token)).data.myAcceptedOffer).toBeNull();
  });

  it("with a quantity above 1, one unit is at the offer price and the rest at the listed price", async ({ server }) => {
    const { product } = await acceptedOffer(server, 1500);
    const checkout = await placeOrder(server, buyer, [{ productId: product.id, quantity: 3 }]);
    expect(checkout.subtotal).toBe(1500 + 2 * 2000);
    expect(checkout.orders[0].lines[0]).toMatchObject({ quantity: 3, lineTotal: 5500 });
  });

  it("an expired accepted offer is not charged, and reads as EXPIRED", async ({ server }) => {
    const { product, conversationId, offer } = await acceptedOffer(server, 1500);
    await expire(server, offer.id);
    const lines = [{ productId: product.id, quantity: 1 }];
    expect((await server.gql(QUOTE, { lines }, buyer.token)).data.priceQuote.lines[0].offerPrice).toBeNull();
    expect((await placeOrder(server, buyer, lines)).total).toBe(2100);
    // ACCEPTED, or EXPIRED if the offers.expire job ran meanwhile: never used
    expect((await stored(server, offer.id)).usedOrderId).toBeNull();
    expect((await server.gql(OFFERS, { c: conversationId }, buyer.token)).data.offers.items[0].status).toBe("EXPIRED");
  });

  it("a price cut below the offer wins, and the checkout spends the offer all the same: a price raised again does not bring it back", async ({
    server,
  }) => {
    const { product, offer } = await acceptedOffer(server, 1500, { quantityAvailable: 3 });
    const lines = [{ productId: product.id, quantity: 1 }];
    await server.dataSource.getRepository(Product).update(product.id, { pricePaisa: 120_000 });
    const first = await placeOrder(server, buyer, lines);
    expect(first.subtotal).toBe(1200);
    // the seller raises the price again before the offer's expiry: the next unit is at the listed price
    await server.dataSource.getRepository(Product).update(product.id, { pricePaisa: 200_000 });
    expect((await server.gql(QUOTE, { lines }, buyer.token)).data.priceQuote.lines[0].offerPrice).toBeNull();
    expect((await placeOrder(server, buyer, lines)).subtotal).toBe(2000);
    expect(await stored(server, offer.id)).toMatchObject({ status: OfferStatus.USED, usedOrderId: first.orders[0].id });
  });

  it("two checkouts at once charge the offer exactly once", async ({ server }) => {
    const { product, offer } = await acceptedOffer(server, 1500);
    const lines = [{ productId: product.id, quantity: 1 }];
    const results = await Promise.allSettled([placeOrder(server, buyer, lines), placeOrder(server, buyer, lines)]);
    const totals = results.map((r) => (r.status === "fulfilled" ? r.value.total : "refused"));
    // the loser either waited and was priced afresh, or was refused after pricing with the offer
    expect(totals.filter((t) => t === 1575)).toHaveLength(1);
    expect(totals.every((t) => t === 1575 || t === 2100 || t === "refused")).toBe(true);
    expect((await stored(server, offer.id)).status).toBe(OfferStatus.USED);
  });
});
