import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { insertProduct, signUpCast, type SignedIn } from "../../test/fixtures";
import { codeOf, runScheduledJob, withClockAhead, type TestServer } from "../../test/harness";
import { paidCardOrder } from "../escrow/testing";
import { Notification } from "../notifications/entity";
import { Order } from "./entity";
import type { HandoverConfirmation } from "./events";
import { placeOrder, setStatus } from "./testing";
import { noticeText } from "../../test/notifications";

let seller: SignedIn;
let otherSeller: SignedIn;
let buyer: SignedIn;
let otherBuyer: SignedIn;
let admin: SignedIn;
/** Every `order.handover-confirmed` published, as committed (a rolled-back one is not counted). */
const confirmations: Array<{ orderId: string; how: HandoverConfirmation }> = [];
const objections: Array<{ orderId: string; reason: string }> = [];

it.beforeAll(async ({ server }) => {
  ({ seller, otherSeller, buyer, otherBuyer, admin } = await signUpCast(server));
  server.services.events.onAfterCommit("order.handover-confirmed", ({ order, how }) => {
    confirmations.push({ orderId: order.id, how });
  });
  server.services.events.onAfterCommit("order.handover-objected", ({ order, reason }) => {
    objections.push({ orderId: order.id, reason });
  });
});

const HANDOVER = `id status handoverCode canAnswerHandover canEnterHandoverCode
  handover { state confirmedBy confirmDueAt objection settledAt codeTriesLeft }`;
const ORDER_Q = `query ($id: ID!) { order(id: $id) { ${HANDOVER} } }`;
const COMPLETE = `mutation ($id: ID!, $code: String!) { completeHandover(id: $id, code: $code) { ${HANDOVER} } }`;
const CONFIRM = `mutation ($id: ID!) { confirmHandover(id: $id) { ${HANDOVER} } }`;
const OBJECT = `mutation ($id: ID!, $reason: String!) { objectToHandover(id: $id, reason: $reason) { ${HANDOVER} } }`;

const view = async (server: TestServer, id: string, who: SignedIn) => {
  const res = await server.gql(ORDER_Q, { id }, who.token);
  expect(res.errors).toBeUndefined();
  return res.data.order;
};
const storedCode = async (server: TestServer, id: string) =>
  (await server.dataSource.getRepository(Order).findOneByOrFail({ id })).handoverCode;
const confirmationsOf = (orderId: string) => confirmations.filter((c) => c.orderId === orderId).map((c) => c.how);
// a completion also asks both sides for a review in the same transaction: tests look at the last two notices
const noticesOf = (server: TestServer, who: SignedIn) =>
  server.dataSource
    .getRepository(Notification)
    .find({ where: { recipientId: who.user.id }, order: { createdAt: "ASC" } })
    .then((rows) => rows.map((n) => noticeText(n)));

/** A cash order delivered to an address, moved by its seller up to `shipped` (ready to hand over). */
async function shippedOrder(server: TestServer): Promise<string> {
  const product = await insertProduct(server.dataSource, seller.user.id, { pricePaisa: 250_000 });
  const checkout = await placeOrder(server, buyer, [{ productId: product.id, quantity: 1 }]);
  const id = checkout.orders[0].id as string;
  for (const status of ["CONFIRMED", "PROCESSING", "SHIPPED"]) expect((await setStatus(server, seller, id, status)).errors).toBeUndefined();
  return id;
}

/** A shipped order that the seller completed without the code: awaiting the buyer. */
async function awaitingOrder(server: TestServer): Promise<string> {
  const id = await shippedOrder(server);
  expect((await setStatus(server, seller, id, "COMPLETED")).errors).toBeUndefined();
  return id;
}

describe("the handover code", () => {
  it("every order has 6 digits only its buyer sees: not its seller, not an admin, not REST", async ({ server }) => {
    const id = await shippedOrder(server);
    const code = await storedCode(server, id);
    expect(code).toMatch(/^\d{6}$/);
    expect((await view(server, id, buyer)).handoverCode).toBe(code);
    expect((await view(server, id, seller)).handoverCode).toBeNull();
    expect((await view(server, id, admin)).handoverCode).toBeNull();
    const sellerList = await server.gql(`{ sellerOrders { items { id handoverCode } } }`, {}, seller.token);
    expect(sellerList.data.sellerOrders.items.find((o: { id: string }) => o.id === id).handoverCode).toBeNull();
    const rest = await server.api("GET", `/api/orders/my-orders`, { token: buyer.token });
    expect(rest.status).toBe(200);
    expect(JSON.stringify(rest.body)).not.toContain(code);
  });

  it("the seller types it: the order is completed, confirmed by code, announced once; the code is then gone", async ({ server }) => {
    const id = await shippedOrder(server);
    const res = await server.gql(COMPLETE, { id, code: await storedCode(server, id) }, seller.token);
    expect(res.errors).toBeUndefined();
    expect(res.data.completeHandover).toMatchObject({
      status: "COMPLETED",
      handover: { state: "CONFIRMED", confirmedBy: "CODE", confirmDueAt: null, codeTriesLeft: 5 },
      canEnterHandoverCode: false,
    });
    expect(confirmationsOf(id)).toEqual(["code"]);
    expect((await view(server, id, buyer)).handoverCode).toBeNull();
    expect((await view(server, id, buyer)).canAnswerHandover).toBe(false);
    expect((await noticesOf(server, buyer)).slice(-2)).toContainEqual(
      expect.stringMatching(/^Order UB-\d{6} was handed over: confirmed with your code\.$/),
    );
    // a completed order's handover cannot be confirmed again
    expect(codeOf(await server.gql(CONFIRM, { id }, buyer.token))).toBe("CONFLICT");
  });

  it("only the order's seller enters it, after the order is ready to hand over; a malformed code is no try", async ({ server }) => {
    const id = await shippedOrder(server);
    const code = await storedCode(server, id);
    expect(codeOf(await server.gql(COMPLETE, { id, code }, buyer.token))).toBe("FORBIDDEN");
    expect(codeOf(await server.gql(COMPLETE, { id, code }, otherSeller.token))).toBe("FORBIDDEN");
    expect(codeOf(await server.gql(COMPLETE, { id, code }))).toBe("UNAUTHENTICATED");
    const malformed = await server.gql(COMPLETE, { id, code: "12a456" }, seller.token);
    expect(codeOf(malformed)).toBe("BAD_USER_INPUT");
    expect(malformed.errors![0].extensions!.fields).toEqual({ code: "Enter the buyer's 6-digit code." });
    expect((await view(server, id, seller)).handover.codeTriesLeft).toBe(5);

    const product = await insertProduct(server.dataSource, seller.user.id);
    const pending = (await placeOrder(server, buyer, [{ productId: product.id, quantity: 1 }])).orders[0].id as string;
    const early = await server.gql(COMPLETE, { id: pending, code: await storedCode(server, pending) }, seller.token);
    expect(codeOf(early)).toBe("BAD_USER_INPUT");
    expect(early.errors![0].message).toBe("An order that is pending cannot become completed.");
    expect((await view(server, id, seller)).status).toBe("SHIPPED");
  });

  it("5 wrong codes lock the code path (also for the right code); the seller then asks the buyer to confirm", async ({ server }) => {
    const id = await shippedOrder(server);
    const code = await storedCode(server, id);
    const wrong = code === "000000" ? "111111" : "000000";
    const messages: string[] = [];
    const extensions: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await server.gql(COMPLETE, { id, code: wrong }, seller.token);
      expect(codeOf(res)).toBe("BAD_USER_INPUT");
      messages.push(res.errors![0].message);
      extensions.push(res.errors![0].extensions);
      if (i === 0) expect((await view(server, id, seller)).handover.codeTriesLeft).toBe(4);
    }
    expect(messages[0]).toBe("That is not the buyer's code: 4 tries left.");
    expect(messages[3]).toBe("That is not the buyer's code: 1 try left.");
    // the app reads the count from the key's parameters, on the error and on the code field: the same as the order's own count
    expect(extensions[0]).toMatchObject({
      key: "handover.codeWrong",
      params: { count: 4 },
      fieldKeys: { code: { key: "handover.codeWrong", params: { count: 4 } } },
    });
    expect(extensions[4]).toMatchObject({ key: "handover.codeWrongLocked" });
    expect(messages[4]).toMatch(/^That is not the buyer's code\. Too many wrong codes/);
    const locked = await server.gql(COMPLETE, { id, code }, seller.token);
    expect(codeOf(locked)).toBe("CONFLICT");
    expect(locked.errors![0].message).toMatch(/Mark it delivered without the code and ask the buyer to confirm/);
    expect(await view(server, id, seller)).toMatchObject({
      status: "SHIPPED",
      canEnterHandoverCode: false,
      handover: { codeTriesLeft: 0 },
    });
    expect(confirmationsOf(id)).toEqual([]);
    expect((await setStatus(server, seller, id, "COMPLETED")).errors).toBeUndefined();
    expect((await view(server, id, buyer)).handover.state).toBe("AWAITING_BUYER");
  });

  it("two confirmations with the code at once: one completes the order, the other is refused", async ({ server }) => {
    const id = await shippedOrder(server);
    const code = await storedCode(server, id);
    const results = await Promise.all([0, 1].map(() => server.gql(COMPLETE, { id, code }, seller.token)));
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(results.filter((r) => codeOf(r) === "BAD_USER_INPUT")).toHaveLength(1);
    expect(confirmationsOf(id)).toEqual(["code"]);
  });
});

describe("completed without the code", () => {
  it("awaits the buyer, who is asked; the buyer confirms once, and the seller hears it", async ({ server }) => {
    const before = server.clock.now().getTime();
    const id = await awaitingOrder(server);
    const asBuyer = await view(server, id, buyer);
    expect(asBuyer).toMatchObject({
      status: "COMPLETED",
      canAnswerHandover: true,
      handover: { state: "AWAITING_BUYER", confirmedBy: null },
    });
    const hours = (Date.parse(asBuyer.handover.confirmDueAt) - before) / 3_600_000;
    expect(hours).toBeGreaterThanOrEqual(48);
    expect(hours).toBeLessThan(48.1);
    expect((await view(server, id, seller)).canAnswerHandover).toBe(false);
    expect((await noticesOf(server, buyer)).slice(-2)).toContainEqual(
      expect.stringMatching(/marked order UB-\d{6} delivered\. Did you get it\? Confirm, or object/),
    );

    expect(codeOf(await server.gql(CONFIRM, { id }, seller.token))).toBe("FORBIDDEN");
    expect(codeOf(await server.gql(CONFIRM, { id }, otherBuyer.token))).toBe("FORBIDDEN");
    const res = await server.gql(CONFIRM, { id }, buyer.token);
    expect(res.errors).toBeUndefined();
    expect(res.data.confirmHandover.handover).toMatchObject({ state: "CONFIRMED", confirmedBy: "BUYER" });
    expect(confirmationsOf(id)).toEqual(["buyer"]);
    expect((await noticesOf(server, seller)).slice(-2)).toContainEqual(
      expect.stringMatching(/^The buyer confirmed receiving order UB-\d{6}\.$/),
    );
    expect(codeOf(await server.gql(CONFIRM, { id }, buyer.token))).toBe("CONFLICT");
    expect(confirmationsOf(id)).toEqual(["buyer"]);
  });

  it("the legacy REST status update also leaves it awaiting; the buyer objects with a reason, then nothing confirms it", async ({
    server,
  }) => {
    const id = await shippedOrder(server);
    const rest = await server.api("PATCH", `/api/orders/update-status/${id}`, { token: seller.token, body: { status: "completed" } });
    expect(rest.status).toBe(200);
    expect(rest.body.status).toBe("completed");
    expect(JSON.stringify(rest.body)).not.toContain(await storedCode(server, id));
    expect((await view(server, id, buyer)).handover.state).toBe("AWAITING_BUYER");

    const short = await server.gql(OBJECT, { id, reason: "no" }, buyer.token);
    expect(codeOf(short)).toBe("BAD_USER_INPUT");
    expect(short.errors![0].extensions!.fields).toHaveProperty("reason");
    expect(codeOf(await server.gql(OBJECT, { id, reason: "x".repeat(501) }, buyer.token))).toBe("BAD_USER_INPUT");
    expect(codeOf(await server.gql(OBJECT, { id, reason: "Never met the seller." }, seller.token))).toBe("FORBIDDEN");
    expect((await view(server, id, buyer)).handover.state).toBe("AWAITING_BUYER");

    const res = await server.gql(OBJECT, { id, reason: "  Never met the seller.  " }, buyer.token);
    expect(res.errors).toBeUndefined();
    expect(res.data.objectToHandover.handover).toMatchObject({ state: "OBJECTED", objection: "Never met the seller.", confirmedBy: null });
    expect(objections.filter((o) => o.orderId === id)).toEqual([{ orderId: id, reason: "Never met the seller." }]);
    expect((await noticesOf(server, seller)).slice(-2)).toContainEqual(
      expect.stringMatching(/objects to the handover of order UB-\d{6}: "Never met the seller\."/),
    );
    expect(codeOf(await server.gql(CONFIRM, { id }, buyer.token))).toBe("CONFLICT");

    server.clock.advance(49 * 3_600_000);
    try {
      await server.dataSource.transaction((manager) => server.services.handover.autoConfirmDue(manager));
      expect((await view(server, id, buyer)).handover.state).toBe("OBJECTED");
      expect(confirmationsOf(id)).toEqual([]);
    } finally {
      server.clock.advance(-49 * 3_600_000);
    }
  });
});

describe("the automatic confirmation after 48 hours", () => {
  it("the scheduled job confirms a handover nobody answered once its deadline passed, once, and tells both", async ({ server }) => {
    const id = await awaitingOrder(server);
    const runJob = () => runScheduledJob(server, "orders.handover-auto-confirm");
    server.clock.advance(47 * 3_600_000);
    try {
      await runJob();
      expect((await view(server, id, buyer)).handover.state).toBe("AWAITING_BUYER");
      server.clock.advance(3_600_000 + 1000);
      await runJob();
      expect((await view(server, id, buyer)).handover).toMatchObject({ state: "CONFIRMED", confirmedBy: "AUTO" });
      expect(confirmationsOf(id)).toEqual(["auto"]);
      for (const who of [buyer, seller])
        expect((await noticesOf(server, who)).slice(-2)).toContainEqual(
          expect.stringMatching(/^Order UB-\d{6} is confirmed: the buyer did not object within 48 hours\.$/),
        );
      await runJob();
      expect(confirmationsOf(id)).toEqual(["auto"]);
      expect(codeOf(await server.gql(CONFIRM, { id }, buyer.token))).toBe("CONFLICT");
    } finally {
      server.clock.advance(-(48 * 3_600_000 + 1000));
    }
  });

  it("the buyer's confirmation and the deadline at the same moment: one confirmation", async ({ server }) => {
    const id = await awaitingOrder(server);
    server.clock.advance(48 * 3_600_000 + 1000);
    try {
      const [answer] = await Promise.all([
        server.gql(CONFIRM, { id }, buyer.token),
        server.dataSource.transaction((manager) => server.services.handover.autoConfirmDue(manager)),
      ]);
      const how = confirmationsOf(id);
      expect(how).toHaveLength(1);
      expect(answer.errors ? codeOf(answer) : "ok").toBe(how[0] === "buyer" ? "ok" : "CONFLICT");
    } finally {
      server.clock.advance(-(48 * 3_600_000 + 1000));
    }
  });
});

describe("a handover a dispute decided", () => {
  /** A paid order its seller completed without the code (awaiting the buyer), which the buyer disputes; an admin then decides. */
  async function decidedWhileAwaitingBuyer(server: TestServer, input: Record<string, unknown>) {
    const order = await paidCardOrder(server, buyer, seller);
    for (const status of ["CONFIRMED", "PROCESSING", "SHIPPED", "COMPLETED"])
      expect((await setStatus(server, seller, order.id, status)).errors).toBeUndefined();
    expect((await view(server, order.id, buyer)).handover.state).toBe("AWAITING_BUYER");
    // the buyer disputes instead of objecting, and the admin decides
    const opened = await server.gql(
      `mutation ($input: OpenDisputeInput!) { openDispute(input: $input) { id } }`,
      { input: { orderId: order.id, reason: "NOT_RECEIVED", text: "The lamp never reached me." } },
      buyer.token,
    );
    expect(opened.errors).toBeUndefined();
    const decided = await server.gql(
      `mutation ($id: ID!, $input: DecideDisputeInput!) { decideDispute(disputeId: $id, input: $input) { id } }`,
      { id: opened.data.openDispute.id, input },
      admin.token,
    );
    expect(decided.errors).toBeUndefined();
    return order;
  }

  /** Neither the buyer by hand nor the 48 hours' job confirms it, and nobody is told it was confirmed. */
  async function expectNoConfirmation(server: TestServer, order: { id: string; orderNumber: string }) {
    expect(codeOf(await server.gql(CONFIRM, { id: order.id }, buyer.token))).toBe("CONFLICT");
    await withClockAhead(server, 49 * 3_600_000, () => runScheduledJob(server, "orders.handover-auto-confirm"));
    expect(confirmationsOf(order.id)).toEqual([]);
    expect((await view(server, order.id, seller)).handover.state).not.toBe("CONFIRMED");
    const announced = `Order ${order.orderNumber} is confirmed: the buyer did not object within 48 hours.`;
    for (const who of [buyer, seller]) expect(await noticesOf(server, who)).not.toContain(announced);
  }

  it("an order cancelled by a full refund no longer awaits its buyer: nothing confirms it, by hand or by the deadline", async ({
    server,
  }) => {
    const order = await decidedWhileAwaitingBuyer(server, { outcome: "REFUND" });
    const cancelled = await view(server, order.id, buyer);
    expect(cancelled).toMatchObject({ status: "CANCELLED", canAnswerHandover: false });
    // a refunded, cancelled order is never announced as received
    await expectNoConfirmation(server, order);
  });

  it("a release or a partial refund ends the wait too: the admin decided, the buyer's silence confirms nothing", async ({ server }) => {
    for (const input of [{ outcome: "RELEASE" }, { outcome: "PARTIAL_REFUND", refundAmount: 500 }]) {
      const order = await decidedWhileAwaitingBuyer(server, input);
      const decided = await view(server, order.id, buyer);
      expect(decided, input.outcome).toMatchObject({ status: "COMPLETED", canAnswerHandover: false, handover: { confirmDueAt: null } });
      expect(decided.handover.state, input.outcome).not.toBe("AWAITING_BUYER");
      await expectNoConfirmation(server, order);
    }
  });
});
