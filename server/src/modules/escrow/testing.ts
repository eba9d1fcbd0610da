import { insertProduct, type SignedIn } from "../../test/fixtures";
import type { TestServer } from "../../test/harness";
import { Order } from "../orders/entity";
import type { HandoverConfirmation } from "../orders/events";
import { CONFIRM_PAYMENT, placeOrder } from "../orders/testing";

/** Test helpers of held payments: a card order paid through the sandbox page, and the handover's events. */

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, "0");
export const TEST_CARD = { cardNumber: "4242 4242 4242 4242", expiry: `12/${nextYear}`, cvc: "123" };

export type PaidOrder = { id: string; orderNumber: string; total: number; checkoutId: string };

/** A new listing of `seller` bought by `buyer` by card: the sandbox page's form submitted, then the payment confirmed. */
export async function paidCardOrder(server: TestServer, buyer: SignedIn, seller: SignedIn, pricePaisa = 150_000): Promise<PaidOrder> {
  const product = await insertProduct(server.dataSource, seller.user.id, { pricePaisa });
  const checkout = await placeOrder(server, buyer, [{ productId: product.id, quantity: 1 }], { paymentMethod: "CARD" });
  const paid = await fetch(`${server.url}${checkout.paymentUrl}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(TEST_CARD).toString(),
    redirect: "manual",
  });
  if (paid.status !== 303) throw new Error(`the sandbox page refused the card: ${paid.status}`);
  const confirmed = await server.gql(CONFIRM_PAYMENT, { sessionId: checkout.id }, buyer.token);
  if (confirmed.errors) throw new Error(`confirmPayment failed: ${JSON.stringify(confirmed.errors)}`);
  const order = checkout.orders[0];
  return { id: order.id, orderNumber: order.orderNumber, total: order.total, checkoutId: checkout.id };
}

/**
 * Publishes `order.handover-confirmed` in a transaction, as the handover does once the buyer has the
 * item (stand-in until the handover feature publishes it itself).
 */
export async function confirmHandover(server: TestServer, orderId: string, how: HandoverConfirmation = "code"): Promise<void> {
  await server.dataSource.transaction(async (manager) => {
    const order = await manager.findOneByOrFail(Order, { id: orderId });
    await server.services.events.publish(manager, "order.handover-confirmed", { order, how });
  });
}

/** Publishes `order.handover-objected` in a transaction, as the handover does when the buyer objects. */
export async function objectToHandover(server: TestServer, orderId: string, buyer: SignedIn, reason: string): Promise<void> {
  await server.dataSource.transaction(async (manager) => {
    const order = await manager.findOneByOrFail(Order, { id: orderId });
    const caller = { id: buyer.user.id, role: buyer.user.role, email: buyer.user.email, username: buyer.user.username };
    await server.services.events.publish(manager, "order.handover-objected", { order, buyer: caller, reason });
  });
}

export const BALANCE = `{ myBalance { pending available } }`;
export const HELD = `query ($id: ID!) { order(id: $id) { id status heldPayment { state amount refunded provider settledAt } dispute { id state outcome refundAmount } } }`;

/** The sum of every entry of an order's movements and of each movement alone (all must be 0). */
export async function orderLedger(server: TestServer, orderId: string) {
  const movements = await server.services.ledger.orderMovements(orderId);
  const sums = movements.map((m) => (m.entries ?? []).reduce((sum, e) => sum + e.amountPaisa, 0));
  return {
    kinds: movements.map((m) => m.kind),
    movementSums: sums,
    total: sums.reduce((a, b) => a + b, 0),
    held: await server.services.ledger.balance(`held:${orderId}`),
  };
}
