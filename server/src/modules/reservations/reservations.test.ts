import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { established, insertProduct, signUp, type SignedIn } from "../../test/fixtures";
import { codeOf, runScheduledJob, type TestServer, withClockAhead } from "../../test/harness";
import { Offer, OfferStatus } from "../conversations/entity";
import { Order } from "../orders/entity";
import { orderInput, PLACE_ORDER, shipping } from "../orders/testing";
import { Product } from "../products/entity";
import { Reservation, ReservationStatus } from "./entity";

let seller: SignedIn;
let buyer: SignedIn;
let rival: SignedIn;
it.beforeAll(async ({ server }) => {
  [seller, rival] = await Promise.all([signUp(server, "seller"), signUp(server)]);
  await established(server, rival);
});
// each test's buyer starts with no reservations (a buyer holds at most 3)
it.beforeEach(async ({ server }) => {
  buyer = await signUp(server);
  await established(server, buyer);
});

const HOUR = 3_600_000;
const ACCEPT = `mutation ($id: ID!, $hours: Int) { acceptOffer(offerId: $id, reserveHours: $hours) { id status expiresAt reservedUntil } }`;
const PRODUCT = `query ($id: ID!) { product(id: $id) { id quantityAvailable reservedUnits reservedUntil myReservationEndsAt } }`;

/** A fresh listing (Rs 2,000), `who`'s conversation about it and their pending offer of Rs 1,500. */
async function offered(server: TestServer, who = buyer, quantityAvailable = 1) {
  const product = await insertProduct(server.dataSource, seller.user.id, { pricePaisa: 200_000, quantityAvailable });
  const started = await server.gql(`mutation ($p: ID!) { startConversation(productId: $p) { id } }`, { p: product.id }, who.token);
  expect(started.errors).toBeUndefined();
  const conversationId = started.data.startConversation.id as string;
  const made = await server.gql(
    `mutation ($c: ID!) { makeOffer(conversationId: $c, amount: 1500) { id } }`,
    { c: conversationId },
    who.token,
  );
  expect(made.errors).toBeUndefined();
  return { product, conversationId, offerId: made.data.makeOffer.id as string };
}

async function reserved(server: TestServer, who = buyer, hours?: number, quantityAvailable = 1) {
  const deal = await offered(server, who, quantityAvailable);
  const res = await server.gql(ACCEPT, { id: deal.offerId, hours }, seller.token);
  expect(res.errors).toBeUndefined();
  return { ...deal, accepted: res.data.acceptOffer };
}

const productAs = async (server: TestServer, id: string, who?: SignedIn) => (await server.gql(PRODUCT, { id }, who?.token)).data.product;
const reservationOf = (server: TestServer, offerId: string) => server.dataSource.getRepository(Reservation).findOneByOrFail({ offerId });
const unitsLeft = async (server: TestServer, id: string) =>
  (await server.dataSource.getRepository(Product).findOneByOrFail({ id })).quantityAvailable;
const checkout = (server: TestServer, who: SignedIn, productId: string, quantity = 1) =>
  server.gql(PLACE_ORDER, { input: orderInput([{ productId, quantity }]) }, who.token);
/** The text of `who`'s newest notification, as they read it. */
const lastNotice = async (server: TestServer, who: SignedIn): Promise<string | undefined> =>
  (await server.gql(`{ notifications(pageSize: 1) { items { text } } }`, undefined, who.token)).data.notifications.items[0]?.text;

describe("accepting an offer reserves its unit", () => {
  it("for the hours the seller picks: the price holds as long, others see Reserved, the holder sees their own", async ({ server }) => {
    const before = server.clock.now().getTime();
    const { product, offerId, accepted } = await reserved(server, buyer, 6);
    const ends = Date.parse(accepted.expiresAt);
    expect((ends - before) / HOUR).toBeGreaterThanOrEqual(6);
    expect((ends - before) / HOUR).toBeLessThan(6.01);
    expect(accepted).toMatchObject({ status: "ACCEPTED", reservedUntil: accepted.expiresAt });
    expect(await reservationOf(server, offerId)).toMatchObject({ status: ReservationStatus.ACTIVE, buyerId: buyer.user.id });

    expect(await productAs(server, product.id)).toMatchObject({
      reservedUnits: 1,
      reservedUntil: accepted.expiresAt,
      myReservationEndsAt: null,
    });
    expect(await productAs(server, product.id, rival)).toMatchObject({ reservedUnits: 1, reservedUntil: accepted.expiresAt });
    expect(await productAs(server, product.id, buyer)).toMatchObject({ reservedUntil: null, myReservationEndsAt: accepted.expiresAt });
  });

  it("24 hours by default; 2 to 72 hours, else a field error and nothing changes", async ({ server }) => {
    const before = server.clock.now().getTime();
    const { accepted } = await reserved(server, buyer);
    expect((Date.parse(accepted.expiresAt) - before) / HOUR).toBeCloseTo(24, 1);

    const { offerId } = await offered(server, rival);
    for (const hours of [1, 73, 2.5]) {
      const res = await server.gql(ACCEPT, { id: offerId, hours }, seller.token);
      expect(codeOf(res)).toBe("BAD_USER_INPUT");
    }
    const res = await server.gql(ACCEPT, { id: offerId, hours: 73 }, seller.token);
    expect(res.errors![0].extensions!.fields).toEqual({ reserveHours: "Reserve it for 2 to 72 hours." });
    expect((await server.dataSource.getRepository(Offer).findOneByOrFail({ id: offerId })).status).toBe(OfferStatus.PENDING);
    expect(await server.dataSource.getRepository(Reservation).countBy({ offerId })).toBe(0);
    expect((await server.gql(ACCEPT, { id: offerId, hours: 72 }, seller.token)).errors).toBeUndefined();
  });

  it("a buyer accepting the seller's counter-offer holds it 24 hours, and cannot pick the hours", async ({ server }) => {
    const { offerId } = await offered(server, buyer);
    const counter = await server.gql(
      `mutation ($id: ID!) { counterOffer(offerId: $id, amount: 1800) { id } }`,
      { id: offerId },
      seller.token,
    );
    const counterId = counter.data.counterOffer.id as string;
    const picked = await server.gql(ACCEPT, { id: counterId, hours: 10 }, buyer.token);
    expect(codeOf(picked)).toBe("BAD_USER_INPUT");
    expect(picked.errors![0].message).toBe("Only the seller chooses how long the item is reserved.");
    const res = await server.gql(ACCEPT, { id: counterId }, buyer.token);
    expect(res.errors).toBeUndefined();
    expect((Date.parse(res.data.acceptOffer.reservedUntil) - server.clock.now().getTime()) / HOUR).toBeCloseTo(24, 1);
  });

  it("a buyer holds at most 3 reservations at once: the 4th accept is refused and the offer stays open", async ({ server }) => {
    const holder = await signUp(server);
    await established(server, holder);
    for (let i = 0; i < 3; i++) await reserved(server, holder);
    const { offerId } = await offered(server, holder);
    const res = await server.gql(ACCEPT, { id: offerId }, seller.token);
    expect(codeOf(res)).toBe("CONFLICT");
    expect(res.errors![0].message).toMatch(/^The buyer already holds 3 reservations, the most one buyer may hold at once/);
    expect((await server.dataSource.getRepository(Offer).findOneByOrFail({ id: offerId })).status).toBe(OfferStatus.PENDING);
  });
});

describe("checkout of a reserved unit", () => {
  it("someone else is refused on GraphQL and REST; the holder buys it at the offer price, using the reservation", async ({ server }) => {
    const { product, offerId } = await reserved(server, buyer);
    const refused = await checkout(server, rival, product.id);
    expect(codeOf(refused)).toBe("CONFLICT");
    expect(refused.errors![0].message).toMatch(/^".+" is reserved for another buyer until /);
    const rest = await server.api("POST", "/api/orders/place-order", {
      token: rival.token,
      body: { products: [{ productId: product.id, quantity: 1 }], amount: 1, shippingDetails: shipping, contactNumber: "03001234567" },
    });
    expect(rest.status).toBe(409);
    expect(rest.body.message).toMatch(/is reserved for another buyer/);
    expect(await unitsLeft(server, product.id)).toBe(1);

    const bought = await checkout(server, buyer, product.id);
    expect(bought.errors).toBeUndefined();
    expect(bought.data.placeOrder.total).toBeLessThan(2000);
    expect(await reservationOf(server, offerId)).toMatchObject({
      status: ReservationStatus.USED,
      checkoutSessionId: bought.data.placeOrder.id,
    });
    expect(await unitsLeft(server, product.id)).toBe(0);
    expect(await productAs(server, product.id)).toMatchObject({ reservedUnits: 0, reservedUntil: null });
  });

  it("reserved units count as taken for others: of 2 units with 1 reserved, another buyer gets 1, not 2", async ({ server }) => {
    const { product } = await reserved(server, buyer, 24, 2);
    expect(await productAs(server, product.id, rival)).toMatchObject({ quantityAvailable: 2, reservedUnits: 1, reservedUntil: null });
    expect(codeOf(await checkout(server, rival, product.id, 2))).toBe("CONFLICT");
    expect((await checkout(server, rival, product.id, 1)).errors).toBeUndefined();
    expect(await unitsLeft(server, product.id)).toBe(1);
    // the last unit is the holder's
    expect((await checkout(server, buyer, product.id)).errors).toBeUndefined();
  });

  it("an accept and someone else's checkout of the last unit at once: one of them gets it", async ({ server }) => {
    const { product, offerId } = await offered(server, buyer);
    const [accept, bought] = await Promise.all([server.gql(ACCEPT, { id: offerId }, seller.token), checkout(server, rival, product.id)]);
    expect([accept, bought].filter((r) => !r.errors)).toHaveLength(1);
    expect(codeOf(accept.errors ? accept : bought)).toBe("CONFLICT");
    expect(await unitsLeft(server, product.id)).toBe(bought.errors ? 1 : 0);
  });
});

describe("the end of a reservation, on the clock", () => {
  it("the buyer is reminded an hour before it lapses, once", async ({ server }) => {
    const { product } = await reserved(server, buyer, 3);
    await withClockAhead(server, HOUR, async () => {
      await runScheduledJob(server, "reservations.remind");
      expect(await lastNotice(server, buyer)).not.toMatch(/ends at/);
    });
    await withClockAhead(server, 2 * HOUR + 60_000, async () => {
      await runScheduledJob(server, "reservations.remind");
      expect(await lastNotice(server, buyer)).toMatch(new RegExp(`^Your reservation of "${product.name}" ends at .+: buy it before then`));
      expect(await server.dataSource.transaction((manager) => server.services.reservations.remindDue(manager))).toBe(0);
    });
  });

  it("lapses at its end by the scheduled job, not on read: the unit returns, the offer expires, both are told", async ({ server }) => {
    const { product, offerId, accepted } = await reserved(server, buyer, 2);
    await withClockAhead(server, 2 * HOUR + 1000, async () => {
      // before the job runs, the reservation still holds
      expect((await productAs(server, product.id, rival)).reservedUntil).toBe(accepted.expiresAt);
      await runScheduledJob(server, "reservations.lapse");
      expect(await reservationOf(server, offerId)).toMatchObject({ status: ReservationStatus.LAPSED });
      expect((await server.dataSource.getRepository(Offer).findOneByOrFail({ id: offerId })).status).toBe(OfferStatus.EXPIRED);
      expect(await lastNotice(server, buyer)).toBe(`Your reservation of "${product.name}" has lapsed: it is for sale to everyone again.`);
      expect(await lastNotice(server, seller)).toBe(
        `${buyer.user.username}'s reservation of "${product.name}" has lapsed: it is for sale again.`,
      );
      expect(await productAs(server, product.id)).toMatchObject({ reservedUnits: 0, reservedUntil: null });
      expect(await server.dataSource.transaction((manager) => server.services.reservations.lapseDue(manager))).toBe(0);
      expect((await checkout(server, rival, product.id)).errors).toBeUndefined();
    });
  });

  it("the holder's checkout and the lapse at the same moment: used or lapsed, never both", async ({ server }) => {
    const { product, offerId } = await reserved(server, buyer, 2);
    await withClockAhead(server, 2 * HOUR + 1000, async () => {
      const ordersBefore = await server.dataSource.getRepository(Order).count();
      const [bought, lapsed] = await Promise.all([
        checkout(server, buyer, product.id),
        server.dataSource.transaction((manager) => server.services.reservations.lapseDue(manager)),
      ]);
      const reservation = await reservationOf(server, offerId);
      if (reservation.status === ReservationStatus.USED) {
        expect(bought.errors).toBeUndefined();
        expect(reservation.checkoutSessionId).toBe(bought.data.placeOrder.id);
        expect(lapsed).toBe(0);
      } else {
        expect(reservation.status).toBe(ReservationStatus.LAPSED);
        expect(lapsed).toBe(1);
        expect(reservation.checkoutSessionId).toBeNull();
      }
      // the unit went once at most
      expect(await unitsLeft(server, product.id)).toBe(1 - ((await server.dataSource.getRepository(Order).count()) - ordersBefore));
    });
  });
});

describe("letting a reservation go", () => {
  const RELEASE = `mutation ($p: ID!, $b: ID) { releaseReservation(productId: $p, buyerId: $b) }`;
  const HELD = `query ($id: ID!) { product(id: $id) { heldReservations { buyerId buyerName expiresAt } } }`;

  it("its buyer lets it go: the unit is for sale at once, the offer expires, the seller is told", async ({ server }) => {
    const { product, offerId } = await reserved(server, buyer);
    const held = await server.gql(HELD, { id: product.id }, seller.token);
    expect(held.data.product.heldReservations).toEqual([
      expect.objectContaining({ buyerId: buyer.user.id, buyerName: buyer.user.username }),
    ]);
    // nobody but the seller sees who holds it
    expect((await server.gql(HELD, { id: product.id }, rival.token)).data.product.heldReservations).toEqual([]);

    expect((await server.gql(RELEASE, { p: product.id }, buyer.token)).errors).toBeUndefined();
    expect(await reservationOf(server, offerId)).toMatchObject({ status: ReservationStatus.RELEASED });
    expect((await server.dataSource.getRepository(Offer).findOneByOrFail({ id: offerId })).status).toBe(OfferStatus.EXPIRED);
    expect(await lastNotice(server, seller)).toBe(
      `${buyer.user.username} let their reservation of "${product.name}" go: it is for sale again.`,
    );
    expect(await productAs(server, product.id, rival)).toMatchObject({ reservedUnits: 0, reservedUntil: null });
    expect((await checkout(server, rival, product.id)).errors).toBeUndefined();
  });

  it("its seller lets a buyer's go and the buyer is told; a stranger is refused and nothing changes", async ({ server }) => {
    const { product, offerId } = await reserved(server, buyer);
    const stranger = await server.gql(RELEASE, { p: product.id, b: buyer.user.id }, rival.token);
    expect(codeOf(stranger)).toBe("FORBIDDEN");
    expect(codeOf(await server.gql(RELEASE, { p: product.id }, rival.token))).toBe("NOT_FOUND");
    expect(codeOf(await server.gql(RELEASE, { p: "nope", b: buyer.user.id }, seller.token))).toBe("BAD_USER_INPUT");
    expect(await reservationOf(server, offerId)).toMatchObject({ status: ReservationStatus.ACTIVE });

    expect((await server.gql(RELEASE, { p: product.id, b: buyer.user.id }, seller.token)).errors).toBeUndefined();
    expect(await reservationOf(server, offerId)).toMatchObject({ status: ReservationStatus.RELEASED });
    expect(await lastNotice(server, buyer)).toBe(
      `The seller let your reservation of "${product.name}" go: it is for sale to everyone again.`,
    );
    expect((await productAs(server, product.id, buyer)).myReservationEndsAt).toBeNull();
    // a second release finds nothing in force
    expect(codeOf(await server.gql(RELEASE, { p: product.id, b: buyer.user.id }, seller.token))).toBe("NOT_FOUND");
  });
});
