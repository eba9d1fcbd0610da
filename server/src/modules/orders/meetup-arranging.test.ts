import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import type { SignedIn } from "../../test/fixtures";
import { codeOf, withClockAhead, type TestServer } from "../../test/harness";
import { Order } from "./entity";
import { CONFIRM, GATE, LIBRARY, line, listing, LUMS, ORDER_Q, placedMeetup, pkt, placeOrder, propose, setStatus } from "./testing";
import { noticeTexts } from "../../test/notifications";

let seller: SignedIn;
let otherSeller: SignedIn;
let buyer: SignedIn;
let otherBuyer: SignedIn;
let admin: SignedIn;
it.beforeAll(({ cast }) => {
  ({ seller, otherSeller, buyer, otherBuyer, admin } = cast);
});

/** Moves an order's meetup to an hour ago, as if the time had come (a proposal must be in the future). */
const meetupHappened = (server: TestServer, id: string) =>
  server.dataSource.getRepository(Order).update(id, { meetupAt: new Date(Date.now() - 3600_000) });

describe("arranging the meetup", () => {
  const confirm = (server: TestServer, who: SignedIn, id: string) => server.gql(CONFIRM, { id }, who.token);
  const meetupOf = async (server: TestServer, id: string, who: SignedIn = buyer) =>
    (await server.gql(ORDER_Q, { id }, who.token)).data.order.meetup;

  it("goes back and forth until the other side confirms", async ({ server }) => {
    const order = await placedMeetup(server, buyer, await listing(server, seller, LUMS));

    const own = await confirm(server, buyer, order.id);
    expect(own.errors![0].message).toBe("You proposed this meetup: the other side confirms it.");
    expect(await meetupOf(server, order.id, seller)).toMatchObject({ state: "PROPOSED", canConfirm: true, canPropose: true });

    const later = pkt(4, 17, 15);
    const proposed = await propose(server, seller, order.id, GATE, later);
    expect(proposed.data.proposeMeetup.meetup).toMatchObject({
      point: { slug: GATE },
      at: later,
      state: "PROPOSED",
      proposedBy: "SELLER",
      canConfirm: false,
    });
    expect(await meetupOf(server, order.id)).toMatchObject({ proposedBy: "SELLER", canConfirm: true });

    const confirmed = await confirm(server, buyer, order.id);
    expect(confirmed.data.confirmMeetup.meetup).toMatchObject({ point: { slug: GATE }, at: later, state: "CONFIRMED", canConfirm: false });
    expect(await meetupOf(server, order.id, seller)).toMatchObject({ state: "CONFIRMED", canConfirm: false, canPropose: true });
    expect((await confirm(server, seller, order.id)).errors![0].message).toBe("The meetup is already confirmed.");

    // rescheduling after a confirmation asks the other side again
    const again = await propose(server, buyer, order.id, LIBRARY, pkt(5, 10));
    expect(again.data.proposeMeetup.meetup).toMatchObject({ state: "PROPOSED", proposedBy: "BUYER" });
    expect((await confirm(server, seller, order.id)).data.confirmMeetup.meetup.state).toBe("CONFIRMED");
    // the order's status is untouched: the meetup is not the lifecycle
    expect((await server.gql(ORDER_Q, { id: order.id }, buyer.token)).data.order.status).toBe("PENDING");
  });

  it("is only for the order's buyer and seller", async ({ server }) => {
    const order = await placedMeetup(server, buyer, await listing(server, seller, LUMS));
    for (const who of [otherBuyer, otherSeller, admin]) {
      expect(codeOf(await confirm(server, who, order.id))).toBe("FORBIDDEN");
      expect(codeOf(await propose(server, who, order.id, GATE, pkt(3, 12)))).toBe("FORBIDDEN");
    }
    expect((await meetupOf(server, order.id, admin)).canPropose).toBe(false);
    expect(await meetupOf(server, order.id)).toMatchObject({ point: { slug: LIBRARY }, proposedBy: "BUYER" });
    expect(codeOf(await confirm(server, seller, "00000000-0000-4000-8000-000000000000"))).toBe("NOT_FOUND");
  });

  it("refuses a point off the order's campus or a bad time, and changes nothing", async ({ server }) => {
    const order = await placedMeetup(server, buyer, await listing(server, seller, LUMS));
    const off = await propose(server, seller, order.id, "iba-karachi-gate", pkt(3, 12));
    expect(off.errors![0].message).toBe("Choose a meetup point on LUMS Lahore.");
    const night = await propose(server, seller, order.id, GATE, pkt(3, 21));
    expect(night.errors![0].extensions!.fields).toEqual({ at: "Choose a meetup time between 8:00 and 20:00 (Pakistan time)." });
    const past = await propose(server, seller, order.id, GATE, pkt(-2, 12));
    expect(past.errors![0].message).toBe("Choose a meetup time in the future.");
    expect(await meetupOf(server, order.id)).toMatchObject({ point: { slug: LIBRARY }, state: "PROPOSED", proposedBy: "BUYER" });
  });

  it("refuses confirming a proposal whose time has passed, so nobody is held to a meetup they could not attend", async ({ server }) => {
    const order = await placedMeetup(server, buyer, await listing(server, seller, LUMS));
    // the buyer proposed two days ahead; the seller answers three days later
    await withClockAhead(server, 3 * 24 * 3600_000, async () => {
      expect(await meetupOf(server, order.id, seller)).toMatchObject({ state: "PROPOSED", canConfirm: false, canPropose: true });
      const late = await confirm(server, seller, order.id);
      expect(codeOf(late)).toBe("BAD_USER_INPUT");
      expect(late.errors![0].message).toBe("This meetup time has passed: propose a new one.");
      // a confirmed past meetup would let the seller report the buyer a no-show at once
      expect(
        codeOf(await server.gql(`mutation ($id: ID!) { reportNoShow(orderId: $id) { status } }`, { id: order.id }, seller.token)),
      ).toBe("BAD_USER_INPUT");
    });
    expect(await meetupOf(server, order.id)).toMatchObject({ state: "PROPOSED", proposedBy: "BUYER" });
  });

  it("stops once the order is cancelled or completed; completing a cash-on-meetup order marks it paid", async ({ server }) => {
    const cancelled = await placedMeetup(server, buyer, await listing(server, seller, LUMS));
    expect((await setStatus(server, buyer, cancelled.id, "CANCELLED")).errors).toBeUndefined();
    expect((await confirm(server, seller, cancelled.id)).errors![0].message).toBe(
      "The order is cancelled: its meetup can no longer change.",
    );
    expect((await propose(server, buyer, cancelled.id, GATE, pkt(3, 12))).errors![0].message).toBe(
      "The order is cancelled: its meetup can no longer change.",
    );
    expect(await meetupOf(server, cancelled.id)).toMatchObject({ canConfirm: false, canPropose: false });

    const done = await placedMeetup(server, buyer, await listing(server, seller, LUMS));
    expect((await confirm(server, seller, done.id)).errors).toBeUndefined();
    expect((await setStatus(server, seller, done.id, "CONFIRMED")).errors).toBeUndefined();
    await meetupHappened(server, done.id);
    expect((await setStatus(server, seller, done.id, "COMPLETED")).errors).toBeUndefined();
    const completed = (await server.gql(ORDER_Q, { id: done.id }, buyer.token)).data.order;
    expect(completed).toMatchObject({ status: "COMPLETED", paymentStatus: "PAID", meetup: { state: "CONFIRMED", canPropose: false } });
    expect((await propose(server, seller, done.id, GATE, pkt(3, 12))).errors![0].message).toBe(
      "The order is completed: its meetup can no longer change.",
    );
  });

  it("tells the other side of every proposal and confirmation, both ways, with the point and the time", async ({ server }) => {
    const order = await placedMeetup(server, buyer, await listing(server, seller, LUMS));
    const noticesOf = (who: SignedIn) => noticeTexts(server.dataSource, who.user.id);
    const before = (await noticesOf(buyer)).length;
    const at = pkt(4, 17, 15);
    expect((await propose(server, seller, order.id, GATE, at)).errors).toBeUndefined();
    const toBuyer = (await noticesOf(buyer)).slice(before);
    expect(toBuyer).toHaveLength(1);
    expect(toBuyer[0].link).toBe(`/orders/${order.id}`);
    expect(toBuyer[0].text).toMatch(
      new RegExp(
        `^${seller.user.username} proposed a new meetup for order UB-\\d{6}: Main Gate, \\w{3} \\d{1,2} \\w{3}, 17:15 \\(Pakistan time\\)\\.$`,
      ),
    );

    const sellerBefore = (await noticesOf(seller)).length;
    expect((await confirm(server, buyer, order.id)).errors).toBeUndefined();
    const toSeller = (await noticesOf(seller)).slice(sellerBefore);
    expect(toSeller.map((n) => n.text)).toEqual([
      expect.stringMatching(new RegExp(`^${buyer.user.username} confirmed the meetup for order UB-`)),
    ]);
    // the one who acted is not told of their own step
    expect((await noticesOf(buyer)).length).toBe(before + 1);
  });

  it("is handed over, not shipped: confirmed, then completed at or after the agreed meetup time (GraphQL and REST)", async ({ server }) => {
    const order = await placedMeetup(server, buyer, await listing(server, seller, LUMS));
    expect((await setStatus(server, seller, order.id, "CONFIRMED")).data.updateOrderStatus.allowedTransitions).toEqual(["REJECTED"]);
    // nothing to process or ship
    expect((await setStatus(server, seller, order.id, "PROCESSING")).errors![0].message).toBe(
      "An order that is confirmed cannot become processing.",
    );
    // the meetup is not agreed yet
    const early = await setStatus(server, seller, order.id, "COMPLETED");
    expect(early.errors![0]).toMatchObject({ message: "The meetup is not agreed yet.", extensions: { code: "BAD_USER_INPUT" } });
    expect((await confirm(server, seller, order.id)).errors).toBeUndefined();
    // agreed, but two days ahead
    expect((await setStatus(server, seller, order.id, "COMPLETED")).errors![0].message).toBe("The meetup has not happened yet.");
    const rest = await server.api("PATCH", `/api/orders/update-status/${order.id}`, { token: seller.token, body: { status: "completed" } });
    expect(rest).toMatchObject({ status: 400, body: { message: "The meetup has not happened yet." } });
    expect((await server.gql(ORDER_Q, { id: order.id }, buyer.token)).data.order).toMatchObject({
      status: "CONFIRMED",
      paymentStatus: "UNPAID",
    });

    await meetupHappened(server, order.id);
    expect((await server.gql(ORDER_Q, { id: order.id }, seller.token)).data.order.allowedTransitions).toEqual(["COMPLETED", "REJECTED"]);
    const done = await server.api("PATCH", `/api/orders/update-status/${order.id}`, { token: seller.token, body: { status: "completed" } });
    expect(done).toMatchObject({ status: 200, body: { status: "completed" } });
  });

  it("may be completed once the clock reaches the meetup time, with no row moved", async ({ server }) => {
    const order = await placedMeetup(server, buyer, await listing(server, seller, LUMS));
    expect((await setStatus(server, seller, order.id, "CONFIRMED")).errors).toBeUndefined();
    expect((await confirm(server, seller, order.id)).errors).toBeUndefined();
    expect((await setStatus(server, seller, order.id, "COMPLETED")).errors![0].message).toBe("The meetup has not happened yet.");
    const ahead = 15 * 24 * 3600_000; // past any meetup time a buyer may choose
    server.clock.advance(ahead);
    try {
      expect((await server.gql(ORDER_Q, { id: order.id }, seller.token)).data.order.allowedTransitions).toEqual(["COMPLETED", "REJECTED"]);
      expect((await setStatus(server, seller, order.id, "COMPLETED")).data.updateOrderStatus).toMatchObject({ status: "COMPLETED" });
    } finally {
      server.clock.advance(-ahead);
    }
  });

  it("does not apply to an order delivered to an address", async ({ server }) => {
    const order = await placeOrder(server, buyer, line(await listing(server, seller, LUMS)));
    const res = await propose(server, seller, order.orders[0].id, GATE, pkt(3, 12));
    expect(res.errors![0].message).toBe("This order is delivered to an address, not met on campus.");
    expect(codeOf(await confirm(server, buyer, order.orders[0].id))).toBe("BAD_USER_INPUT");
  });
});
