import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import type { SignedIn } from "../../test/fixtures";
import { codeOf, type TestServer } from "../../test/harness";
import { Product } from "../products/entity";
import { meetupTimeProblem } from "../meetups/points";
import { Order } from "./entity";
import { GATE, LIBRARY, line, listing, LUMS, meetupOrder, place, placedMeetup, pkt, propose, shipping } from "./testing";

let seller: SignedIn;
let otherSeller: SignedIn;
let buyer: SignedIn;

it.beforeAll(({ cast }) => {
  ({ seller, otherSeller, buyer } = cast);
});

const orderCount = (server: TestServer) => server.dataSource.getRepository(Order).count();
const unitsLeft = async (server: TestServer, product: Product) =>
  (await server.dataSource.getRepository(Product).findOneByOrFail({ id: product.id })).quantityAvailable;

/** A refused checkout: the message, the field, and nothing written. */
async function expectRefusedCheckout(
  server: TestServer,
  lines: Array<{ productId: string; quantity: number }>,
  over: Record<string, unknown>,
  message: string,
  field: string,
) {
  const before = await orderCount(server);
  const res = await place(server, buyer, lines, over);
  expect(codeOf(res)).toBe("BAD_USER_INPUT");
  expect(res.errors![0].message).toBe(message);
  expect(res.errors![0].extensions!.fields).toHaveProperty([field]);
  expect(await orderCount(server)).toBe(before);
}

describe("meetup points", () => {
  it("are listed per campus in catalogOptions, each campus with its own named points", async ({ server }) => {
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
  it("places a meetup order: the listing's campus, the buyer's proposal, no address, cash on meetup", async ({ server }) => {
    const lamp = await listing(server, seller, LUMS);
    const at = pkt(3, 16, 30);
    const res = await place(server, buyer, line(lamp), meetupOrder(LIBRARY, at));
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

  it("pays a meetup in cash on meetup when no method is given, and by card when asked", async ({ server }) => {
    const lamp = await listing(server, seller, LUMS);
    const cash = await place(server, buyer, line(lamp), meetupOrder(LIBRARY, pkt(2, 12), { paymentMethod: null }));
    expect(cash.data.placeOrder.paymentMethod).toBe("CASH_ON_MEETUP");
    const card = await place(server, buyer, line(lamp), meetupOrder(LIBRARY, pkt(2, 12), { paymentMethod: "CARD" }));
    expect(card.data.placeOrder).toMatchObject({ paymentMethod: "CARD", paymentUrl: expect.stringMatching(/^\/pay\//) });
    expect(card.data.placeOrder.orders[0].meetup.state).toBe("PROPOSED");
  });

  it("has no card form on the payment page of a cash-on-meetup checkout, and refuses a card there", async ({ server }) => {
    const res = await place(server, buyer, line(await listing(server, seller, LUMS)), meetupOrder());
    const checkoutId = res.data.placeOrder.id;
    const html = await (await fetch(`${server.url}/pay/${checkoutId}`)).text();
    expect(html).toContain("Cash on meetup");
    expect(html).not.toContain("<form");
    await expect(
      server.services.paymentProviders.payByCard(checkoutId, { cardNumber: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" }),
    ).rejects.toThrow("This checkout is paid in cash.");
  });

  it("lets sellers of one campus share a meetup: one order each, same point and time", async ({ server }) => {
    const [a, b] = [await listing(server, seller, LUMS, "Kettle"), await listing(server, otherSeller, LUMS, "Chair")];
    const res = await place(server, buyer, [...line(a), ...line(b)], meetupOrder(GATE));
    expect(res.errors).toBeUndefined();
    expect(res.data.placeOrder.orders.map((o: { meetup: { point: { slug: string } } }) => o.meetup.point.slug)).toEqual([GATE, GATE]);
  });

  it("refuses a point on another campus, and nothing is ordered or reserved", async ({ server }) => {
    const lamp = await listing(server, seller, LUMS);
    await expectRefusedCheckout(
      server,
      line(lamp),
      meetupOrder("nust-islamabad-library"),
      "Choose a meetup point on LUMS Lahore.",
      "meetup.point",
    );
    expect(await unitsLeft(server, lamp)).toBe(5);
  });

  it("refuses an unknown point or none", async ({ server }) => {
    const lamp = await listing(server, seller, LUMS);
    await expectRefusedCheckout(server, line(lamp), meetupOrder("the-moon"), "Choose a meetup point from the list.", "meetup.point");
    await expectRefusedCheckout(
      server,
      line(lamp),
      meetupOrder(LIBRARY, pkt(2, 13), { meetup: null }),
      "Choose a meetup point.",
      "meetup.point",
    );
  });

  it("refuses a time in the past, beyond 14 days, or at night", async ({ server }) => {
    const lamp = await listing(server, seller, LUMS);
    await expectRefusedCheckout(server, line(lamp), meetupOrder(LIBRARY, pkt(-1, 12)), "Choose a meetup time in the future.", "meetup.at");
    await expectRefusedCheckout(
      server,
      line(lamp),
      meetupOrder(LIBRARY, pkt(15, 12)),
      "Choose a meetup time within the next 14 days.",
      "meetup.at",
    );
    await expectRefusedCheckout(
      server,
      line(lamp),
      meetupOrder(LIBRARY, pkt(2, 23)),
      "Choose a meetup time between 8:00 and 20:00 (Pakistan time).",
      "meetup.at",
    );
  });

  it("judges the time at the clock's time: with the clock 10 days ahead, 3 days from today is past and 20 days is near", async ({
    server,
  }) => {
    const lamp = await listing(server, seller, LUMS);
    const ahead = 10 * 24 * 3600_000;
    server.clock.advance(ahead);
    try {
      await expectRefusedCheckout(server, line(lamp), meetupOrder(LIBRARY, pkt(3, 12)), "Choose a meetup time in the future.", "meetup.at");
      const res = await place(server, buyer, line(lamp), meetupOrder(LIBRARY, pkt(20, 12)));
      expect(res.errors).toBeUndefined();
      const order = res.data.placeOrder.orders[0];
      expect((await propose(server, seller, order.id, GATE, pkt(3, 12))).errors![0].message).toBe("Choose a meetup time in the future.");
      expect((await propose(server, seller, order.id, GATE, pkt(21, 12))).errors).toBeUndefined();
    } finally {
      server.clock.advance(-ahead);
    }
  });

  it("needs every item on one campus: a listing without a campus, or two campuses, is refused", async ({ server }) => {
    const lamp = await listing(server, seller, LUMS);
    const nowhere = await listing(server, seller, null, "Old kettle");
    const nust = await listing(server, otherSeller, "nust-islamabad", "Cycle");
    await expectRefusedCheckout(
      server,
      [...line(lamp), ...line(nowhere)],
      meetupOrder(),
      `"Old kettle" has no campus to meet on: choose delivery to an address.`,
      "fulfilment",
    );
    await expectRefusedCheckout(
      server,
      [...line(lamp), ...line(nust)],
      meetupOrder(),
      "Your cart has items on different campuses: meet on campus needs every item on one campus. Order them separately, or choose delivery.",
      "fulfilment",
    );
    expect([await unitsLeft(server, lamp), await unitsLeft(server, nust)]).toEqual([5, 5]);
  });

  it("keeps cash on meetup for meetups and cash on delivery for addresses", async ({ server }) => {
    const lamp = await listing(server, seller, LUMS);
    await expectRefusedCheckout(
      server,
      line(lamp),
      { paymentMethod: "CASH_ON_MEETUP" },
      "Cash on meetup is only for orders met on campus.",
      "paymentMethod",
    );
    await expectRefusedCheckout(
      server,
      line(lamp),
      meetupOrder(LIBRARY, pkt(2, 13), { paymentMethod: "CASH_ON_DELIVERY" }),
      "A meetup is paid in cash on meetup, by card or by wallet.",
      "paymentMethod",
    );
  });

  it("still needs an address for delivery (the default), which a meetup does not", async ({ server }) => {
    const lamp = await listing(server, seller, LUMS);
    await expectRefusedCheckout(server, line(lamp), { shipping: null }, "Address is required.", "shipping.address");
    const res = await place(server, buyer, line(lamp), { paymentMethod: null });
    expect(res.data.placeOrder.orders[0]).toMatchObject({
      fulfilment: "ADDRESS",
      paymentMethod: "CASH_ON_DELIVERY",
      meetup: null,
      shipping,
    });
  });
});

describe("the legacy REST API", () => {
  it("places address orders only, as the contract says: meetup fields are ignored and the address is required", async ({ server }) => {
    const lamp = await listing(server, seller, LUMS);
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

  it("lists a meetup order in the legacy shape, with an empty address", async ({ server }) => {
    const order = await placedMeetup(server, buyer, await listing(server, seller, LUMS));
    const res = await server.api("GET", "/api/orders/my-orders?limit=50", { token: buyer.token });
    expect(res.status).toBe(200);
    const legacy = res.body.orders.find((o: { _id: string }) => o._id === order.id);
    expect(legacy.shippingDetails).toEqual({ address: "", city: "", postalCode: "", country: "", contactNumber: "03001234567" });
  });
});
