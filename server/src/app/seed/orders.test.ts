import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness";
import { CheckoutSession, Order, OrderStatus, OrderStatusEvent, PaymentMethod, PaymentStatus } from "../../modules/orders/entity";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(() => server.close());

it("seeds demo orders in every status through the real lifecycle, with a multi-seller and a paid card checkout", async () => {
  const orders = await server.dataSource.getRepository(Order).find();
  expect(new Set(orders.map((o) => o.status))).toEqual(new Set(Object.values(OrderStatus)));

  const perCheckout = new Map<string, Set<string | null>>();
  for (const o of orders) perCheckout.set(o.checkoutSessionId, (perCheckout.get(o.checkoutSessionId) ?? new Set()).add(o.sellerId));
  expect([...perCheckout.values()].some((sellers) => sellers.size > 1)).toBe(true);

  const sessions = await server.dataSource.getRepository(CheckoutSession).find();
  expect(sessions.some((s) => s.paymentMethod === PaymentMethod.CARD && s.paymentStatus === PaymentStatus.PAID)).toBe(true);
  expect(sessions.some((s) => s.couponCode === "save" && s.discountPaisa > 0)).toBe(true);

  // every status was reached by a recorded step, in order
  const events = await server.dataSource.getRepository(OrderStatusEvent).find({ order: { createdAt: "ASC" } });
  for (const order of orders) {
    const steps = events.filter((e) => e.orderId === order.id);
    expect(steps[0].fromStatus).toBeNull();
    expect(steps.at(-1)!.toStatus).toBe(order.status);
  }
});
