import { HANDOVER_CONFIRM_HOURS } from "@unibazaar/rules";
import { asCaller, insertProduct, type SignedIn } from "../../test/fixtures";
import type { TestServer } from "../../test/harness";
import type { AuthUser } from "../../platform/auth/roles";
import { Fulfilment, Order, OrderStatus } from "../orders/entity";
import { User } from "../users/entity";
import type { HandoverConfirmation } from "../orders/events";
import { CONFIRM_PAYMENT, placeOrder } from "../orders/testing";

/** Test helpers of held payments: a card order paid through the sandbox page, and its handover. */

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

const HANDOVER_WAIT_MS = HANDOVER_CONFIRM_HOURS * 3_600_000 + 60_000;

async function partiesOf(server: TestServer, orderId: string) {
  const order = await server.dataSource.getRepository(Order).findOneByOrFail({ id: orderId });
  const users = server.dataSource.getRepository(User);
  const seller = asCaller({ user: await users.findOneByOrFail({ id: order.sellerId! }) });
  const buyer = asCaller({ user: await users.findOneByOrFail({ id: order.buyerId! }) });
  return { order, seller, buyer };
}

/** The seller moves an order along to its handover: the steps it has not taken yet, short of completed. */
async function bringToHandover(server: TestServer, order: Order, seller: AuthUser): Promise<void> {
  const steps =
    order.fulfilment === Fulfilment.MEETUP ? [OrderStatus.CONFIRMED] : [OrderStatus.CONFIRMED, OrderStatus.PROCESSING, OrderStatus.SHIPPED];
  for (const step of steps.slice(steps.indexOf(order.status) + 1)) await server.services.orders.updateOrderStatus(order.id, step, seller);
}

/**
 * Hands an order over through the real handover: the seller completes it with the buyer's code
 * ("code"), or without it and the buyer confirms ("buyer"), or without it and the 48 hours pass
 * ("auto"). An order already completed only gets the confirmation step.
 */
export async function handOver(server: TestServer, orderId: string, how: HandoverConfirmation = "code"): Promise<void> {
  const { order, seller, buyer } = await partiesOf(server, orderId);
  if (order.status !== OrderStatus.COMPLETED) {
    await bringToHandover(server, order, seller);
    if (how === "code") return void (await server.services.handover.completeWithCode(order.id, order.handoverCode, seller));
    await server.services.orders.updateOrderStatus(order.id, OrderStatus.COMPLETED, seller);
  }
  if (how === "buyer") await server.services.handover.confirmReceipt(order.id, buyer);
  if (how === "auto") {
    server.clock.advance(HANDOVER_WAIT_MS);
    try {
      await server.dataSource.transaction((manager) => server.services.handover.autoConfirmDue(manager));
    } finally {
      server.clock.advance(-HANDOVER_WAIT_MS);
    }
  }
}

/** The seller marks the order delivered without the buyer's code, and the buyer objects. */
export async function objectToHandover(server: TestServer, orderId: string, reason: string): Promise<void> {
  const { order, seller, buyer } = await partiesOf(server, orderId);
  await bringToHandover(server, order, seller);
  await server.services.orders.updateOrderStatus(order.id, OrderStatus.COMPLETED, seller);
  await server.services.handover.objectToHandover(order.id, reason, buyer);
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
