import { randomUUID } from "node:crypto";
import { insertProduct, signUp, type SignedIn } from "../../test/fixtures";
import type { TestServer } from "../../test/harness";
import { Coupon } from "./entity";

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
