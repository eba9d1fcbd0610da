import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { insertProduct, signUp, signUpCast, type SignedIn } from "../../test/fixtures";
import type { TestServer } from "../../test/harness";
import type { Product } from "../products/entity";
import { CheckoutSession, Order, OrderStatus, OrderStatusEvent, PaymentStatus } from "./entity";
import { ORDER, placeOrder, setStatus } from "./testing";
import { PURCHASE_EXCLUDED_STATUSES, RETURNABLE_STATUSES } from "../../platform/shared/order-statuses";
import { MEETUP_TRANSITIONS, TRANSITIONS } from "./transitions";

let seller: SignedIn;
let otherSeller: SignedIn;
let buyer: SignedIn;
let otherBuyer: SignedIn;
let admin: SignedIn;
let product: Product;
let otherProduct: Product;

it.beforeAll(async ({ server }) => {
  ({ seller, otherSeller, buyer, otherBuyer, admin } = await signUpCast(server));
  product = await insertProduct(server.dataSource, seller.user.id, { pricePaisa: 100_000, name: "Study Table" });
  otherProduct = await insertProduct(server.dataSource, otherSeller.user.id, { pricePaisa: 20_000, name: "Pencil Box" });
});

/** A new pending order of `product` (sold by `seller`, bought by `buyer`). */
const newOrder = async (server: TestServer, paymentMethod = "CASH_ON_DELIVERY") =>
  (await placeOrder(server, buyer, [{ productId: product.id, quantity: 1 }], { paymentMethod })).orders[0];

const allowedFor = async (server: TestServer, who: SignedIn, orderId: string) =>
  (await server.gql(ORDER, { id: orderId }, who.token)).data?.order?.allowedTransitions;

const sellerCaller = () => ({ id: seller.user.id, role: seller.user.role, email: seller.user.email, username: seller.user.username });

const expectRefused = async (server: TestServer, who: SignedIn, orderId: string, status: string, code: string) => {
  const res = await setStatus(server, who, orderId, status);
  expect(res.errors?.[0].extensions?.code, `${status} by ${who.user.role}`).toBe(code);
};

describe("the transition table", () => {
  it("is the one lifecycle: forward steps for the seller, cancel for the buyer, nothing after an end state", async ({ server }) => {
    const order = await newOrder(server);
    const offered = async () => ({ seller: await allowedFor(server, seller, order.id), buyer: await allowedFor(server, buyer, order.id) });
    expect(await offered()).toEqual({ seller: ["CONFIRMED", "REJECTED"], buyer: ["CANCELLED"] });
    await setStatus(server, seller, order.id, "CONFIRMED");
    expect(await offered()).toEqual({ seller: ["PROCESSING", "REJECTED"], buyer: [] });
    await setStatus(server, seller, order.id, "PROCESSING");
    expect(await offered()).toEqual({ seller: ["SHIPPED"], buyer: [] });
    await setStatus(server, seller, order.id, "SHIPPED");
    expect(await offered()).toEqual({ seller: ["COMPLETED"], buyer: [] });
    await setStatus(server, seller, order.id, "COMPLETED");
    const rejected = await newOrder(server);
    await setStatus(server, seller, rejected.id, "REJECTED");
    const cancelled = await newOrder(server);
    await setStatus(server, buyer, cancelled.id, "CANCELLED");
    for (const ended of [order.id, rejected.id, cancelled.id])
      for (const who of [seller, buyer, admin]) expect(await allowedFor(server, who, ended), `${ended} for ${who.user.role}`).toEqual([]);
  });

  it("names as returnable exactly the statuses from which a cancel or a rejection is still open", () => {
    const returnable = [TRANSITIONS, MEETUP_TRANSITIONS].flatMap((table) =>
      (Object.keys(table) as OrderStatus[]).filter((from) => PURCHASE_EXCLUDED_STATUSES.some((to) => to in table[from])),
    );
    expect([...new Set(returnable)].sort()).toEqual([...RETURNABLE_STATUSES].sort());
  });

  it("lists what each caller may set next on a pending order", async ({ server }) => {
    const order = await newOrder(server);
    expect(order.allowedTransitions).toEqual(["CANCELLED"]);
    expect(await allowedFor(server, seller, order.id)).toEqual(["CONFIRMED", "REJECTED"]);
    expect(await allowedFor(server, admin, order.id)).toEqual(["CONFIRMED", "REJECTED", "CANCELLED"]);
  });
});

describe("updateOrderStatus", () => {
  it("walks the seller through to completion, records every step, and marks a cash order paid on completion", async ({ server }) => {
    const order = await newOrder(server);
    expect(order.paymentStatus).toBe("UNPAID");
    for (const status of ["CONFIRMED", "PROCESSING", "SHIPPED"]) {
      const res = await setStatus(server, seller, order.id, status);
      expect(res.errors).toBeUndefined();
      expect(res.data.updateOrderStatus).toMatchObject({ status, paymentStatus: "UNPAID" });
    }
    const done = await setStatus(server, seller, order.id, "COMPLETED");
    expect(done.data.updateOrderStatus).toMatchObject({ status: "COMPLETED", paymentStatus: "PAID", allowedTransitions: [] });
    const timeline = done.data.updateOrderStatus.timeline;
    expect(
      timeline.map((e: { fromStatus: string | null; status: string; actorRole: string }) => [e.fromStatus, e.status, e.actorRole]),
    ).toEqual([
      [null, "PENDING", "USER"],
      ["PENDING", "CONFIRMED", "SELLER"],
      ["CONFIRMED", "PROCESSING", "SELLER"],
      ["PROCESSING", "SHIPPED", "SELLER"],
      ["SHIPPED", "COMPLETED", "SELLER"],
    ]);
    const times = timeline.map((e: { at: string }) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const { checkoutSessionId } = await server.dataSource.getRepository(Order).findOneByOrFail({ id: order.id });
    expect((await server.dataSource.getRepository(CheckoutSession).findOneByOrFail({ id: checkoutSessionId })).paymentStatus).toBe(
      PaymentStatus.PAID,
    );
  });

  it("refuses steps that are not in the table, for everyone", async ({ server }) => {
    const order = await newOrder(server);
    await expectRefused(server, seller, order.id, "SHIPPED", "BAD_USER_INPUT");
    await expectRefused(server, admin, order.id, "COMPLETED", "BAD_USER_INPUT");
    await expectRefused(server, seller, order.id, "PENDING", "BAD_USER_INPUT");
    await setStatus(server, seller, order.id, "CONFIRMED");
    await expectRefused(server, seller, order.id, "PENDING", "BAD_USER_INPUT");
    await expectRefused(server, buyer, order.id, "CANCELLED", "BAD_USER_INPUT");
    await setStatus(server, seller, order.id, "REJECTED");
    for (const status of ["PENDING", "CONFIRMED", "COMPLETED", "CANCELLED"])
      await expectRefused(server, admin, order.id, status, "BAD_USER_INPUT");
    const res = await setStatus(server, seller, order.id, "CONFIRMED");
    expect(res.errors?.[0]).toMatchObject({ message: "An order that is rejected cannot become confirmed." });
  });

  it("keeps seller steps from the buyer and the buyer's cancel from the seller", async ({ server }) => {
    const order = await newOrder(server);
    await expectRefused(server, buyer, order.id, "CONFIRMED", "FORBIDDEN");
    await expectRefused(server, buyer, order.id, "REJECTED", "FORBIDDEN");
    await expectRefused(server, seller, order.id, "CANCELLED", "FORBIDDEN");
    const res = await setStatus(server, buyer, order.id, "CANCELLED");
    expect(res.data.updateOrderStatus).toMatchObject({ status: "CANCELLED", allowedTransitions: [] });
    expect(res.data.updateOrderStatus.timeline.at(-1)).toMatchObject({ fromStatus: "PENDING", status: "CANCELLED", actorRole: "USER" });
  });

  it("refuses another seller and another buyer", async ({ server }) => {
    const order = await newOrder(server);
    await expectRefused(server, otherSeller, order.id, "CONFIRMED", "FORBIDDEN");
    await expectRefused(server, otherBuyer, order.id, "CANCELLED", "FORBIDDEN");
    expect((await server.gql(ORDER, { id: order.id }, otherSeller.token)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });

  it("lets the seller reject a pending or confirmed order and an admin make any step", async ({ server }) => {
    const pending = await newOrder(server);
    expect((await setStatus(server, seller, pending.id, "REJECTED")).data.updateOrderStatus.status).toBe("REJECTED");
    const confirmed = await newOrder(server);
    await setStatus(server, seller, confirmed.id, "CONFIRMED");
    const rejected = await setStatus(server, admin, confirmed.id, "REJECTED");
    expect(rejected.data.updateOrderStatus.timeline.at(-1)).toMatchObject({ status: "REJECTED", actorRole: "ADMIN" });
    const cancelled = await setStatus(server, admin, (await newOrder(server)).id, "CANCELLED");
    expect(cancelled.data.updateOrderStatus.status).toBe("CANCELLED");
  });

  it("refuses setting the status the order already has", async ({ server }) => {
    const order = await newOrder(server);
    const res = await setStatus(server, seller, order.id, "PENDING");
    expect(res.errors?.[0]).toMatchObject({ message: "The order is already pending.", extensions: { code: "BAD_USER_INPUT" } });
  });

  it("applies only one of two concurrent changes", async ({ server }) => {
    const order = await newOrder(server);
    // each of these ends the order, so after any one of them the others are not allowed
    const results = await Promise.all([
      setStatus(server, seller, order.id, "REJECTED"),
      setStatus(server, buyer, order.id, "CANCELLED"),
      setStatus(server, admin, order.id, "CANCELLED"),
    ]);
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(results.filter((r) => r.errors?.[0].extensions?.code === "BAD_USER_INPUT")).toHaveLength(2);
    expect(await server.dataSource.getRepository(OrderStatusEvent).countBy({ orderId: order.id })).toBe(2);
  });

  it("answers an unknown or malformed order id with NOT_FOUND and an unknown status with BAD_USER_INPUT", async ({ server }) => {
    expect((await setStatus(server, seller, randomUUID(), "CONFIRMED")).errors?.[0].extensions?.code).toBe("NOT_FOUND");
    expect((await setStatus(server, seller, "12", "CONFIRMED")).errors?.[0].extensions?.code).toBe("NOT_FOUND");
    expect((await server.gql(ORDER, { id: "12" }, buyer.token)).errors?.[0].extensions?.code).toBe("NOT_FOUND");
    const order = await newOrder(server);
    await expect(server.services.orders.updateOrderStatus(order.id, "lost", sellerCaller())).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      message: "Choose a valid order status.",
    });
  });

  it("needs a signed-in caller", async ({ server }) => {
    const order = await newOrder(server);
    const res = await server.gql(`mutation ($id: ID!) { updateOrderStatus(id: $id, status: CONFIRMED) { id } }`, { id: order.id });
    expect(res.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("accepts the legacy lowercase values, so the REST layer can call the service directly", async ({ server }) => {
    const order = await newOrder(server);
    const caller = sellerCaller();
    expect((await server.services.orders.updateOrderStatus(order.id, "confirmed", caller)).status).toBe(OrderStatus.CONFIRMED);
    expect((await server.services.orders.updateOrderStatus(order.id, "Rejected", caller)).status).toBe(OrderStatus.REJECTED);
    await expect(server.services.orders.updateOrderStatus(order.id, "pending", caller)).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
  });

  it("keeps an unpaid card order from being confirmed until the buyer has paid", async ({ server }) => {
    const order = await newOrder(server, "CARD");
    expect(await allowedFor(server, seller, order.id)).toEqual(["REJECTED"]);
    const res = await setStatus(server, seller, order.id, "CONFIRMED");
    expect(res.errors?.[0]).toMatchObject({ message: "This card order is not paid yet.", extensions: { code: "BAD_USER_INPUT" } });
  });
});

describe("a cash-on-delivery checkout with several sellers", () => {
  it("is paid once every order is completed or will never be (rejected, cancelled)", async ({ server }) => {
    const checkout = await placeOrder(server, buyer, [
      { productId: product.id, quantity: 1 },
      { productId: otherProduct.id, quantity: 2 },
    ]);
    const [mine, theirs] = checkout.orders;
    const sessions = server.dataSource.getRepository(CheckoutSession);
    for (const status of ["CONFIRMED", "PROCESSING", "SHIPPED", "COMPLETED"]) await setStatus(server, seller, mine.id, status);
    expect((await sessions.findOneByOrFail({ id: checkout.id })).paymentStatus).toBe(PaymentStatus.UNPAID);
    await setStatus(server, otherSeller, theirs.id, "REJECTED");
    const settled = await sessions.findOneByOrFail({ id: checkout.id });
    expect(settled.paymentStatus).toBe(PaymentStatus.PAID);
    expect(settled.paidAt).toBeInstanceOf(Date);
  });

  it("stays unpaid when every order was cancelled or rejected", async ({ server }) => {
    const checkout = await placeOrder(server, buyer, [{ productId: product.id, quantity: 1 }]);
    await setStatus(server, buyer, checkout.orders[0].id, "CANCELLED");
    expect((await server.dataSource.getRepository(CheckoutSession).findOneByOrFail({ id: checkout.id })).paymentStatus).toBe(
      PaymentStatus.UNPAID,
    );
  });
});

describe("a seller demoted to buyer", () => {
  it("can no longer move their sales' statuses nor read the buyer's address; an admin still can", async ({ server }) => {
    const demoted = await signUp(server, "seller");
    const table = await insertProduct(server.dataSource, demoted.user.id, { pricePaisa: 30_000, name: "Folding Table" });
    const order = (await placeOrder(server, buyer, [{ productId: table.id, quantity: 1 }])).orders[0];
    expect(await allowedFor(server, demoted, order.id)).toContain("CONFIRMED");

    const demotion = await server.gql(
      `mutation ($u: ID!) { changeUserRole(userId: $u, role: USER) { role } }`,
      { u: demoted.user.id },
      admin.token,
    );
    expect(demotion.errors).toBeUndefined();

    const move = await setStatus(server, demoted, order.id, "CONFIRMED");
    expect(move.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const read = await server.gql(ORDER, { id: order.id }, demoted.token);
    expect(read.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect(JSON.stringify(read.data ?? null)).not.toContain(order.shipping.address);
    const rest = await server.api("PATCH", `/api/orders/update-status/${order.id}`, {
      body: { status: "confirmed" },
      token: demoted.token,
    });
    expect(rest.status).toBe(403);
    const [stored] = await server.dataSource.query(`SELECT status FROM orders WHERE id = $1`, [order.id]);
    expect(stored.status).toBe("pending");

    expect((await setStatus(server, admin, order.id, "CONFIRMED")).errors).toBeUndefined();
  });
});
