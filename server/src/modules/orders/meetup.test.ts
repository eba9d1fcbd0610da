import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct, signUpCast, type SignedIn } from "../../test/fixtures";
import { codeOf, startTestServer, type TestServer } from "../../test/harness";
import { CATALOG_CACHE } from "../products/catalog";
import { Product } from "../products/entity";
import { meetupTimeProblem } from "../meetups/points";
import { Order } from "./entity";
import { ORDER_FIELDS, orderInput, placeOrder, setStatus, shipping } from "./testing";

let server: TestServer;
let seller: SignedIn;
let otherSeller: SignedIn;
let buyer: SignedIn;
let otherBuyer: SignedIn;
let admin: SignedIn;

const LUMS = "lums-lahore";
const LIBRARY = "lums-lahore-library";
const GATE = "lums-lahore-gate";

beforeAll(async () => {
  server = await startTestServer();
  ({ seller, otherSeller, buyer, otherBuyer, admin } = await signUpCast(server));
});
afterAll(() => server.close());

/** A listing of `who` on `campus` (null: none), with the catalogue cache dropped as the write bypasses the service. */
async function listing(who: SignedIn, campus: string | null, name = "Desk lamp") {
  const product = await insertProduct(server.dataSource, who.user.id, { pricePaisa: 150_000, name, quantityAvailable: 5 });
  await server.dataSource.getRepository(Product).update(product.id, { campus });
  await server.services.cache.invalidate(CATALOG_CACHE);
  return product;
}

/** `daysAhead` days from now at `hour`:`minute` Pakistan time (UTC+5), as an ISO string. */
function pkt(daysAhead: number, hour: number, minute = 0): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + daysAhead);
  d.setUTCHours(hour - 5, minute, 0, 0);
  return d.toISOString();
}

const line = (product: Product) => [{ productId: product.id, quantity: 1 }];
const meetupOrder = (point = LIBRARY, at = pkt(2, 13), over: Record<string, unknown> = {}) => ({
  fulfilment: "MEETUP",
  shipping: null,
  meetup: { point, at },
  paymentMethod: "CASH_ON_MEETUP",
  ...over,
});

const MEETUP_FIELDS = `${ORDER_FIELDS} fulfilment meetup { campus { slug label } point { slug label campus } at state proposedBy canConfirm canPropose }`;
const ORDER_Q = `query ($id: ID!) { order(id: $id) { ${MEETUP_FIELDS} } }`;
const PLACE = `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id paymentMethod paymentUrl orders { ${MEETUP_FIELDS} } } }`;
const CONFIRM = `mutation ($id: ID!) { confirmMeetup(id: $id) { ${MEETUP_FIELDS} } }`;
const PROPOSE = `mutation ($id: ID!, $meetup: MeetupInput!) { proposeMeetup(id: $id, meetup: $meetup) { ${MEETUP_FIELDS} } }`;

const propose = (who: SignedIn, id: string, point: string, at: string) => server.gql(PROPOSE, { id, meetup: { point, at } }, who.token);
const place = (who: SignedIn, lines: Array<{ productId: string; quantity: number }>, over: Record<string, unknown>) =>
  server.gql(PLACE, { input: orderInput(lines, over) }, who.token);
const orderCount = () => server.dataSource.getRepository(Order).count();
const unitsLeft = async (product: Product) =>
  (await server.dataSource.getRepository(Product).findOneByOrFail({ id: product.id })).quantityAvailable;

/** A refused checkout: the message, the field, and nothing written. */
async function expectRefusedCheckout(
  lines: Array<{ productId: string; quantity: number }>,
  over: Record<string, unknown>,
  message: string,
  field: string,
) {
  const before = await orderCount();
  const res = await place(buyer, lines, over);
  expect(codeOf(res)).toBe("BAD_USER_INPUT");
  expect(res.errors![0].message).toBe(message);
  expect(res.errors![0].extensions!.fields).toHaveProperty([field]);
  expect(await orderCount()).toBe(before);
}

async function placedMeetup(product: Product, over: Record<string, unknown> = {}) {
  const res = await place(buyer, line(product), meetupOrder(LIBRARY, pkt(2, 13), over));
  expect(res.errors).toBeUndefined();
  return res.data.placeOrder.orders[0];
}

describe("meetup points", () => {
  it("are listed per campus in catalogOptions, each campus with its own named points", async () => {
    const res = await server.gql(`{ catalogOptions { campuses { slug } meetupPoints { slug label campus } } }`);
    const { campuses, meetupPoints } = res.data.catalogOptions;
    for (const campus of campuses)
      expect(meetupPoints.filter((p: { campus: string }) => p.campus === campus.slug).length).toBeGreaterThan(0);
    expect(meetupPoints).toContainEqual({ slug: LIBRARY, label: "Khoo Library entrance", campus: LUMS });
    expect(new Set(meetupPoints.map((p: { slug: string }) => p.slug)).size).toBe(meetupPoints.length);
  });

  it("take times in the future, within 14 days, from 8:00 to 20:00 Pakistan time", () => {
    const now = new Date("2026-03-02T06:00:00Z"); // 11:00 in Pakistan
    expect(meetupTimeProblem(new Date("2026-03-02T09:00:00Z"), now)).toBeNull();
    expect(meetupTimeProblem(new Date("2026-03-02T03:00:00Z"), now)).toBe("Choose a meetup time in the future.");
    expect(meetupTimeProblem(new Date("2026-03-16T07:00:00Z"), now)).toBe("Choose a meetup time within the next 14 days.");
    expect(meetupTimeProblem(new Date("2026-03-03T02:59:00Z"), now)).toMatch(/between 8:00 and 20:00/); // 7:59
    expect(meetupTimeProblem(new Date("2026-03-03T03:00:00Z"), now)).toBeNull(); // 8:00
    expect(meetupTimeProblem(new Date("2026-03-03T15:00:00Z"), now)).toBeNull(); // 20:00
    expect(meetupTimeProblem(new Date("2026-03-03T15:01:00Z"), now)).toMatch(/between 8:00 and 20:00/);
    expect(meetupTimeProblem(new Date("nonsense"), now)).toBe("Choose a valid meetup time.");
  });
});

describe("checkout with a campus meetup", () => {
  it("places a meetup order: the listing's campus, the buyer's proposal, no address, cash on meetup", async () => {
    const lamp = await listing(seller, LUMS);
    const at = pkt(3, 16, 30);
    const res = await place(buyer, line(lamp), meetupOrder(LIBRARY, at));
    expect(res.errors).toBeUndefined();
    const order = res.data.placeOrder.orders[0];
    expect(order).toMatchObject({
      fulfilment: "MEETUP",
      paymentMethod: "CASH_ON_MEETUP",
      paymentStatus: "UNPAID",
      shipping: null,
      status: "PENDING",
    });
    expect(order.meetup).toEqual({
      campus: { slug: LUMS, label: "LUMS Lahore" },
      point: { slug: LIBRARY, label: "Khoo Library entrance", campus: LUMS },
      at,
      state: "PROPOSED",
      proposedBy: "BUYER",
      canConfirm: false,
      canPropose: true,
    });
    expect(res.data.placeOrder.paymentUrl).toBeNull();
    const row = await server.dataSource.getRepository(Order).findOneByOrFail({ id: order.id });
    expect(row).toMatchObject({
      shippingAddress: "",
      meetupCampus: LUMS,
      meetupPoint: LIBRARY,
      meetupState: "proposed",
      meetupProposedBy: "buyer",
    });
  });

  it("pays a meetup in cash on meetup when no method is given, and by card when asked", async () => {
    const lamp = await listing(seller, LUMS);
    const cash = await place(buyer, line(lamp), meetupOrder(LIBRARY, pkt(2, 12), { paymentMethod: null }));
    expect(cash.data.placeOrder.paymentMethod).toBe("CASH_ON_MEETUP");
    const card = await place(buyer, line(lamp), meetupOrder(LIBRARY, pkt(2, 12), { paymentMethod: "CARD" }));
    expect(card.data.placeOrder).toMatchObject({ paymentMethod: "CARD", paymentUrl: expect.stringMatching(/^\/pay\//) });
    expect(card.data.placeOrder.orders[0].meetup.state).toBe("PROPOSED");
  });

  it("has no card form on the payment page of a cash-on-meetup checkout, and refuses a card there", async () => {
    const res = await place(buyer, line(await listing(seller, LUMS)), meetupOrder());
    const checkoutId = res.data.placeOrder.id;
    const html = await (await fetch(`${server.url}/pay/${checkoutId}`)).text();
    expect(html).toContain("Cash on meetup");
    expect(html).not.toContain("<form");
    await expect(
      server.services.orders.checkouts.authorizeCardPayment(checkoutId, { cardNumber: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" }),
    ).rejects.toThrow("This checkout is not paid by card.");
  });

  it("lets sellers of one campus share a meetup: one order each, same point and time", async () => {
    const [a, b] = [await listing(seller, LUMS, "Kettle"), await listing(otherSeller, LUMS, "Chair")];
    const res = await place(buyer, [...line(a), ...line(b)], meetupOrder(GATE));
    expect(res.errors).toBeUndefined();
    expect(res.data.placeOrder.orders.map((o: { meetup: { point: { slug: string } } }) => o.meetup.point.slug)).toEqual([GATE, GATE]);
  });

  it("refuses a point on another campus, and nothing is ordered or reserved", async () => {
    const lamp = await listing(seller, LUMS);
    await expectRefusedCheckout(line(lamp), meetupOrder("nust-islamabad-library"), "Choose a meetup point on LUMS Lahore.", "meetup.point");
    expect(await unitsLeft(lamp)).toBe(5);
  });

  it("refuses an unknown point or none", async () => {
    const lamp = await listing(seller, LUMS);
    await expectRefusedCheckout(line(lamp), meetupOrder("the-moon"), "Choose a meetup point from the list.", "meetup.point");
    await expectRefusedCheckout(line(lamp), meetupOrder(LIBRARY, pkt(2, 13), { meetup: null }), "Choose a meetup point.", "meetup.point");
  });

  it("refuses a time in the past, beyond 14 days, or at night", async () => {
    const lamp = await listing(seller, LUMS);
    await expectRefusedCheckout(line(lamp), meetupOrder(LIBRARY, pkt(-1, 12)), "Choose a meetup time in the future.", "meetup.at");
    await expectRefusedCheckout(
      line(lamp),
      meetupOrder(LIBRARY, pkt(15, 12)),
      "Choose a meetup time within the next 14 days.",
      "meetup.at",
    );
    await expectRefusedCheckout(
      line(lamp),
      meetupOrder(LIBRARY, pkt(2, 23)),
      "Choose a meetup time between 8:00 and 20:00 (Pakistan time).",
      "meetup.at",
    );
  });

  it("judges the time at the clock's time: with the clock 10 days ahead, 3 days from today is past and 20 days is near", async () => {
    const lamp = await listing(seller, LUMS);
    const ahead = 10 * 24 * 3600_000;
    server.clock.advance(ahead);
    try {
      await expectRefusedCheckout(line(lamp), meetupOrder(LIBRARY, pkt(3, 12)), "Choose a meetup time in the future.", "meetup.at");
      const res = await place(buyer, line(lamp), meetupOrder(LIBRARY, pkt(20, 12)));
      expect(res.errors).toBeUndefined();
      const order = res.data.placeOrder.orders[0];
      expect((await propose(seller, order.id, GATE, pkt(3, 12))).errors![0].message).toBe("Choose a meetup time in the future.");
      expect((await propose(seller, order.id, GATE, pkt(21, 12))).errors).toBeUndefined();
    } finally {
      server.clock.advance(-ahead);
    }
  });

  it("needs every item on one campus: a listing without a campus, or two campuses, is refused", async () => {
    const lamp = await listing(seller, LUMS);
    const nowhere = await listing(seller, null, "Old kettle");
    const nust = await listing(otherSeller, "nust-islamabad", "Cycle");
    await expectRefusedCheckout(
      [...line(lamp), ...line(nowhere)],
      meetupOrder(),
      `"Old kettle" has no campus to meet on: choose delivery to an address.`,
      "fulfilment",
    );
    await expectRefusedCheckout(
      [...line(lamp), ...line(nust)],
      meetupOrder(),
      "Your cart has items on different campuses: meet on campus needs every item on one campus. Order them separately, or choose delivery.",
      "fulfilment",
    );
    expect([await unitsLeft(lamp), await unitsLeft(nust)]).toEqual([5, 5]);
  });

  it("keeps cash on meetup for meetups and cash on delivery for addresses", async () => {
    const lamp = await listing(seller, LUMS);
    await expectRefusedCheckout(
      line(lamp),
      { paymentMethod: "CASH_ON_MEETUP" },
      "Cash on meetup is only for orders met on campus.",
      "paymentMethod",
    );
    await expectRefusedCheckout(
      line(lamp),
      meetupOrder(LIBRARY, pkt(2, 13), { paymentMethod: "CASH_ON_DELIVERY" }),
      "A meetup is paid in cash on meetup, by card or by wallet.",
      "paymentMethod",
    );
  });

  it("still needs an address for delivery (the default), which a meetup does not", async () => {
    const lamp = await listing(seller, LUMS);
    await expectRefusedCheckout(line(lamp), { shipping: null }, "Address is required.", "shipping.address");
    const res = await place(buyer, line(lamp), { paymentMethod: null });
    expect(res.data.placeOrder.orders[0]).toMatchObject({
      fulfilment: "ADDRESS",
      paymentMethod: "CASH_ON_DELIVERY",
      meetup: null,
      shipping,
    });
  });
});

/** Moves an order's meetup to an hour ago, as if the time had come (a proposal must be in the future). */
const meetupHappened = (id: string) => server.dataSource.getRepository(Order).update(id, { meetupAt: new Date(Date.now() - 3600_000) });

describe("arranging the meetup", () => {
  const confirm = (who: SignedIn, id: string) => server.gql(CONFIRM, { id }, who.token);
  const meetupOf = async (id: string, who: SignedIn = buyer) => (await server.gql(ORDER_Q, { id }, who.token)).data.order.meetup;

  it("goes back and forth until the other side confirms", async () => {
    const order = await placedMeetup(await listing(seller, LUMS));

    const own = await confirm(buyer, order.id);
    expect(own.errors![0].message).toBe("You proposed this meetup: the other side confirms it.");
    expect(await meetupOf(order.id, seller)).toMatchObject({ state: "PROPOSED", canConfirm: true, canPropose: true });

    const later = pkt(4, 17, 15);
    const proposed = await propose(seller, order.id, GATE, later);
    expect(proposed.data.proposeMeetup.meetup).toMatchObject({
      point: { slug: GATE },
      at: later,
      state: "PROPOSED",
      proposedBy: "SELLER",
      canConfirm: false,
    });
    expect(await meetupOf(order.id)).toMatchObject({ proposedBy: "SELLER", canConfirm: true });

    const confirmed = await confirm(buyer, order.id);
    expect(confirmed.data.confirmMeetup.meetup).toMatchObject({ point: { slug: GATE }, at: later, state: "CONFIRMED", canConfirm: false });
    expect(await meetupOf(order.id, seller)).toMatchObject({ state: "CONFIRMED", canConfirm: false, canPropose: true });
    expect((await confirm(seller, order.id)).errors![0].message).toBe("The meetup is already confirmed.");

    // rescheduling after a confirmation asks the other side again
    const again = await propose(buyer, order.id, LIBRARY, pkt(5, 10));
    expect(again.data.proposeMeetup.meetup).toMatchObject({ state: "PROPOSED", proposedBy: "BUYER" });
    expect((await confirm(seller, order.id)).data.confirmMeetup.meetup.state).toBe("CONFIRMED");
    // the order's status is untouched: the meetup is not the lifecycle
    expect((await server.gql(ORDER_Q, { id: order.id }, buyer.token)).data.order.status).toBe("PENDING");
  });

  it("is only for the order's buyer and seller", async () => {
    const order = await placedMeetup(await listing(seller, LUMS));
    for (const who of [otherBuyer, otherSeller, admin]) {
      expect(codeOf(await confirm(who, order.id))).toBe("FORBIDDEN");
      expect(codeOf(await propose(who, order.id, GATE, pkt(3, 12)))).toBe("FORBIDDEN");
    }
    expect((await meetupOf(order.id, admin)).canPropose).toBe(false);
    expect(await meetupOf(order.id)).toMatchObject({ point: { slug: LIBRARY }, proposedBy: "BUYER" });
    expect(codeOf(await confirm(seller, "00000000-0000-4000-8000-000000000000"))).toBe("NOT_FOUND");
  });

  it("refuses a point off the order's campus or a bad time, and changes nothing", async () => {
    const order = await placedMeetup(await listing(seller, LUMS));
    const off = await propose(seller, order.id, "iba-karachi-gate", pkt(3, 12));
    expect(off.errors![0].message).toBe("Choose a meetup point on LUMS Lahore.");
    const night = await propose(seller, order.id, GATE, pkt(3, 21));
    expect(night.errors![0].extensions!.fields).toEqual({ at: "Choose a meetup time between 8:00 and 20:00 (Pakistan time)." });
    const past = await propose(seller, order.id, GATE, pkt(-2, 12));
    expect(past.errors![0].message).toBe("Choose a meetup time in the future.");
    expect(await meetupOf(order.id)).toMatchObject({ point: { slug: LIBRARY }, state: "PROPOSED", proposedBy: "BUYER" });
  });

  it("stops once the order is cancelled or completed; completing a cash-on-meetup order marks it paid", async () => {
    const cancelled = await placedMeetup(await listing(seller, LUMS));
    expect((await setStatus(server, buyer, cancelled.id, "CANCELLED")).errors).toBeUndefined();
    expect((await confirm(seller, cancelled.id)).errors![0].message).toBe("The order is cancelled: its meetup can no longer change.");
    expect((await propose(buyer, cancelled.id, GATE, pkt(3, 12))).errors![0].message).toBe(
      "The order is cancelled: its meetup can no longer change.",
    );
    expect(await meetupOf(cancelled.id)).toMatchObject({ canConfirm: false, canPropose: false });

    const done = await placedMeetup(await listing(seller, LUMS));
    expect((await confirm(seller, done.id)).errors).toBeUndefined();
    expect((await setStatus(server, seller, done.id, "CONFIRMED")).errors).toBeUndefined();
    await meetupHappened(done.id);
    expect((await setStatus(server, seller, done.id, "COMPLETED")).errors).toBeUndefined();
    const completed = (await server.gql(ORDER_Q, { id: done.id }, buyer.token)).data.order;
    expect(completed).toMatchObject({ status: "COMPLETED", paymentStatus: "PAID", meetup: { state: "CONFIRMED", canPropose: false } });
    expect((await propose(seller, done.id, GATE, pkt(3, 12))).errors![0].message).toBe(
      "The order is completed: its meetup can no longer change.",
    );
  });

  it("tells the other side of every proposal and confirmation, both ways, with the point and the time", async () => {
    const order = await placedMeetup(await listing(seller, LUMS));
    const noticesOf = (who: SignedIn) =>
      server.dataSource.query<Array<{ text: string; link: string }>>(
        `SELECT text, link FROM notifications WHERE "recipientId" = $1 ORDER BY "createdAt"`,
        [who.user.id],
      );
    const before = (await noticesOf(buyer)).length;
    const at = pkt(4, 17, 15);
    expect((await propose(seller, order.id, GATE, at)).errors).toBeUndefined();
    const toBuyer = (await noticesOf(buyer)).slice(before);
    expect(toBuyer).toHaveLength(1);
    expect(toBuyer[0].link).toBe(`/orders/${order.id}`);
    expect(toBuyer[0].text).toMatch(
      new RegExp(
        `^${seller.user.username} proposed a new meetup for order UB-\\d{6}: Main Gate, \\w{3} \\d{1,2} \\w{3}, 17:15 \\(Pakistan time\\)\\.$`,
      ),
    );

    const sellerBefore = (await noticesOf(seller)).length;
    expect((await confirm(buyer, order.id)).errors).toBeUndefined();
    const toSeller = (await noticesOf(seller)).slice(sellerBefore);
    expect(toSeller.map((n) => n.text)).toEqual([
      expect.stringMatching(new RegExp(`^${buyer.user.username} confirmed the meetup for order UB-`)),
    ]);
    // the one who acted is not told of their own step
    expect((await noticesOf(buyer)).length).toBe(before + 1);
  });

  it("is handed over, not shipped: confirmed, then completed at or after the agreed meetup time (GraphQL and REST)", async () => {
    const order = await placedMeetup(await listing(seller, LUMS));
    expect((await setStatus(server, seller, order.id, "CONFIRMED")).data.updateOrderStatus.allowedTransitions).toEqual(["REJECTED"]);
    // nothing to process or ship
    expect((await setStatus(server, seller, order.id, "PROCESSING")).errors![0].message).toBe(
      "An order that is confirmed cannot become processing.",
    );
    // the meetup is not agreed yet
    const early = await setStatus(server, seller, order.id, "COMPLETED");
    expect(early.errors![0]).toMatchObject({ message: "The meetup is not agreed yet.", extensions: { code: "BAD_USER_INPUT" } });
    expect((await confirm(seller, order.id)).errors).toBeUndefined();
    // agreed, but two days ahead
    expect((await setStatus(server, seller, order.id, "COMPLETED")).errors![0].message).toBe("The meetup has not happened yet.");
    const rest = await server.api("PATCH", `/api/orders/update-status/${order.id}`, { token: seller.token, body: { status: "completed" } });
    expect(rest).toMatchObject({ status: 400, body: { message: "The meetup has not happened yet." } });
    expect((await server.gql(ORDER_Q, { id: order.id }, buyer.token)).data.order).toMatchObject({
      status: "CONFIRMED",
      paymentStatus: "UNPAID",
    });

    await meetupHappened(order.id);
    expect((await server.gql(ORDER_Q, { id: order.id }, seller.token)).data.order.allowedTransitions).toEqual(["COMPLETED", "REJECTED"]);
    const done = await server.api("PATCH", `/api/orders/update-status/${order.id}`, { token: seller.token, body: { status: "completed" } });
    expect(done).toMatchObject({ status: 200, body: { status: "completed" } });
  });

  it("may be completed once the clock reaches the meetup time, with no row moved", async () => {
    const order = await placedMeetup(await listing(seller, LUMS));
    expect((await setStatus(server, seller, order.id, "CONFIRMED")).errors).toBeUndefined();
    expect((await confirm(seller, order.id)).errors).toBeUndefined();
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

  it("does not apply to an order delivered to an address", async () => {
    const order = await placeOrder(server, buyer, line(await listing(seller, LUMS)));
    const res = await propose(seller, order.orders[0].id, GATE, pkt(3, 12));
    expect(res.errors![0].message).toBe("This order is delivered to an address, not met on campus.");
    expect(codeOf(await confirm(buyer, order.orders[0].id))).toBe("BAD_USER_INPUT");
  });
});

describe("the legacy REST API", () => {
  it("places address orders only, as the contract says: meetup fields are ignored and the address is required", async () => {
    const lamp = await listing(seller, LUMS);
    const body = { products: line(lamp), contactNumber: "03001234567", fulfilment: "meetup", meetup: { point: LIBRARY, at: pkt(2, 12) } };
    const refused = await server.api("POST", "/api/orders/place-order", { token: buyer.token, body });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Address is required.");
    const placed = await server.api("POST", "/api/orders/place-order", {
      token: buyer.token,
      body: { ...body, shippingDetails: shipping },
    });
    expect(placed.status).toBe(201);
    expect(placed.body.order.shippingDetails).toEqual({ ...shipping, contactNumber: "03001234567" });
    expect(await server.dataSource.getRepository(Order).findOneByOrFail({ id: placed.body.order._id })).toMatchObject({
      fulfilment: "address",
      meetupPoint: null,
    });
  });

  it("lists a meetup order in the legacy shape, with an empty address", async () => {
    const order = await placedMeetup(await listing(seller, LUMS));
    const res = await server.api("GET", "/api/orders/my-orders?limit=50", { token: buyer.token });
    expect(res.status).toBe(200);
    const legacy = res.body.orders.find((o: { _id: string }) => o._id === order.id);
    expect(legacy.shippingDetails).toEqual({ address: "", city: "", postalCode: "", country: "", contactNumber: "03001234567" });
  });
});
