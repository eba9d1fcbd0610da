import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { insertProduct, signUp, type SignedIn } from "../../test/fixtures";
import type { TestServer } from "../../test/harness";
import { CATALOG_CACHE } from "../products/catalog";
import { Product } from "../products/entity";
import { Coupon } from "./coupons";

/** Test helpers of the orders feature: GraphQL documents and order-input defaults (test data: test/fixtures). */

export const shipping = { address: "House 12, Street 4, G-9/3", city: "Islamabad", postalCode: "44000", country: "Pakistan" };

export const orderInput = (lines: Array<{ productId: string; quantity: number }>, over: Record<string, unknown> = {}) => ({
  lines,
  shipping,
  contactNumber: "03001234567",
  idempotencyKey: randomUUID(),
  ...over,
});

export const ORDER_FIELDS = `id orderNumber status paymentMethod paymentStatus subtotal tax discount total contactNumber createdAt updatedAt
  shipping { address city postalCode country }
  lines { id productId productName unitPrice quantity lineTotal image }
  buyer { id username email }
  seller { id username storeName sellerType profileImage }
  timeline { id fromStatus status at actorRole }
  allowedTransitions`;

export const CHECKOUT_FIELDS = `id paymentMethod paymentStatus subtotal tax discount total couponCode paymentUrl createdAt orders { ${ORDER_FIELDS} }`;

export const PLACE_ORDER = `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { ${CHECKOUT_FIELDS} } }`;
export const UPDATE_STATUS = `mutation ($id: ID!, $status: OrderStatus!) { updateOrderStatus(id: $id, status: $status) { ${ORDER_FIELDS} } }`;
export const CONFIRM_PAYMENT = `mutation ($sessionId: ID!) { confirmPayment(sessionId: $sessionId) { ${CHECKOUT_FIELDS} } }`;
export const ORDER = `query ($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`;

/** Places an order through GraphQL and fails loudly if it did not work. */
export async function placeOrder(
  server: TestServer,
  buyer: SignedIn,
  lines: Array<{ productId: string; quantity: number }>,
  over: Record<string, unknown> = {},
) {
  const res = await server.gql(PLACE_ORDER, { input: orderInput(lines, over) }, buyer.token);
  if (res.errors) throw new Error(`placeOrder failed: ${JSON.stringify(res.errors)}`);
  return res.data.placeOrder;
}

export async function setStatus(server: TestServer, actor: SignedIn, orderId: string, status: string) {
  return server.gql(UPDATE_STATUS, { id: orderId, status }, actor.token);
}

/**
 * Cancels every order still pending, so a test can pay for a product an earlier test paid for
 * (a paid, pending order of a product refuses its repeat).
 */
export async function cancelPendingOrders(server: TestServer) {
  await server.dataSource.query(`UPDATE orders SET status = 'cancelled' WHERE status = 'pending'`);
}

/**
 * The checkout tests' shop: a book of seller A's (PKR 1,234.50), a lamp of seller B's (PKR 999.99),
 * a buyer, and the coupons "save" (10%), "old" (expired) and "paused" (inactive).
 */
export async function checkoutShop(server: TestServer) {
  const [sellerA, sellerB, buyer] = await Promise.all([signUp(server, "seller"), signUp(server, "seller"), signUp(server, "user")]);
  const book = await insertProduct(server.dataSource, sellerA.user.id, { pricePaisa: 123_450, name: "Algorithms Textbook" });
  const lamp = await insertProduct(server.dataSource, sellerB.user.id, { pricePaisa: 99_999, name: "Desk Lamp" });
  await server.dataSource.getRepository(Coupon).save([
    { code: "save", percentOff: 10, active: true, expiresAt: null },
    { code: "old", percentOff: 20, active: true, expiresAt: new Date(Date.now() - 86_400_000) },
    { code: "paused", percentOff: 20, active: false, expiresAt: null },
  ]);
  return { sellerA, sellerB, buyer, book, lamp };
}

// shared by the campus meetup tests
export const LUMS = "lums-lahore";
export const LIBRARY = "lums-lahore-library";
export const GATE = "lums-lahore-gate";

/** A listing of `who` on `campus` (null: none), with the catalogue cache dropped as the write bypasses the service. */
export async function listing(server: TestServer, who: SignedIn, campus: string | null, name = "Desk lamp") {
  const product = await insertProduct(server.dataSource, who.user.id, { pricePaisa: 150_000, name, quantityAvailable: 5 });
  await server.dataSource.getRepository(Product).update(product.id, { campus });
  await server.services.cache.invalidate(CATALOG_CACHE);
  return product;
}

/** `daysAhead` days from now at `hour`:`minute` Pakistan time (UTC+5), as an ISO string. */
export function pkt(daysAhead: number, hour: number, minute = 0): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + daysAhead);
  d.setUTCHours(hour - 5, minute, 0, 0);
  return d.toISOString();
}

export const line = (product: Product) => [{ productId: product.id, quantity: 1 }];
export const meetupOrder = (point = LIBRARY, at = pkt(2, 13), over: Record<string, unknown> = {}) => ({
  fulfilment: "MEETUP",
  shipping: null,
  meetup: { point, at },
  paymentMethod: "CASH_ON_MEETUP",
  ...over,
});

export const MEETUP_FIELDS = `${ORDER_FIELDS} fulfilment meetup { campus { slug label } point { slug label campus } at state proposedBy canConfirm canPropose }`;
export const ORDER_Q = `query ($id: ID!) { order(id: $id) { ${MEETUP_FIELDS} } }`;
export const PLACE = `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id paymentMethod paymentUrl orders { ${MEETUP_FIELDS} } } }`;
export const CONFIRM = `mutation ($id: ID!) { confirmMeetup(id: $id) { ${MEETUP_FIELDS} } }`;
export const PROPOSE = `mutation ($id: ID!, $meetup: MeetupInput!) { proposeMeetup(id: $id, meetup: $meetup) { ${MEETUP_FIELDS} } }`;

export const propose = (server: TestServer, who: SignedIn, id: string, point: string, at: string) =>
  server.gql(PROPOSE, { id, meetup: { point, at } }, who.token);
export const place = (
  server: TestServer,
  who: SignedIn,
  lines: Array<{ productId: string; quantity: number }>,
  over: Record<string, unknown>,
) => server.gql(PLACE, { input: orderInput(lines, over) }, who.token);
export async function placedMeetup(server: TestServer, buyer: SignedIn, product: Product, over: Record<string, unknown> = {}) {
  const res = await place(server, buyer, line(product), meetupOrder(LIBRARY, pkt(2, 13), over));
  expect(res.errors).toBeUndefined();
  return res.data.placeOrder.orders[0];
}
