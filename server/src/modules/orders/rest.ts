import { z } from "zod";
import { idRef, numeric, pageQuery, toPaging } from "../../platform/http/legacy";
import { whenClientLeaves } from "../../platform/http/client-gone";
import type { RestApi } from "../../platform/http/rest";
import { legacyCheckoutOrders, legacyOrderList, legacyOrderListSchema, legacyOrders, legacyOrderSchema } from "./legacy";
import { Role } from "../../platform/auth/roles";

const TAG = "orders";

const checkoutAnswer = z.object({ order: legacyOrderSchema, orders: z.array(legacyOrderSchema) });

/** /api/orders: checkout, order lists and the status lifecycle, over OrdersService. */
export function registerOrderRoutes(api: RestApi) {
  api.route({
    method: "post",
    path: "/orders/place-order",
    tag: TAG,
    summary:
      "Places the cart as the caller: one order per seller, priced by the server (`amount` is ignored). " +
      "An `Idempotency-Key` header makes a retry return the same orders; without one every call is a new checkout",
    access: "signed-in",
    // the service checks the cart, shipping and contact number and gives the per-field messages
    body: z.object({
      products: z.array(z.object({ productId: idRef, quantity: numeric("quantity") })).optional(),
      amount: z.unknown().optional().describe("Ignored: the server prices the order from its own data."),
      shippingDetails: z
        .object({
          address: z.string().optional(),
          city: z.string().optional(),
          postalCode: z.string().optional(),
          country: z.string().optional(),
        })
        .optional(),
      contactNumber: z.string().optional(),
    }),
    responses: {
      201: {
        description: "Placed; `order` is the first of `orders` (one per seller)",
        schema: checkoutAnswer.extend({ message: z.string() }),
      },
    },
    handler: async ({ user, body, services, req, res, loaders }) => {
      const checkout = await services.orders.checkouts.placeOrder(
        {
          lines: body.products ?? [],
          shipping: body.shippingDetails,
          contactNumber: body.contactNumber ?? "",
          idempotencyKey: req.get("idempotency-key"),
        },
        user,
        whenClientLeaves(res),
      );
      const orders = await legacyCheckoutOrders(loaders, checkout.id, user);
      return { status: 201, body: { message: "Order placed successfully", order: orders[0], orders } };
    },
  });

  api.route({
    method: "get",
    path: "/orders/my-orders",
    tag: TAG,
    summary: "The caller's purchases, newest first",
    access: "signed-in",
    query: pageQuery,
    responses: { 200: { description: "A page of orders", schema: legacyOrderListSchema } },
    handler: async ({ user, query, services, loaders }) => ({
      body: await legacyOrderList(loaders, await services.orders.myOrders(toPaging(query), user), user),
    }),
  });

  api.route({
    method: "get",
    path: "/orders/seller/:sellerId",
    tag: TAG,
    summary: "A seller's orders, newest first: that seller or an admin",
    access: [Role.SELLER, Role.ADMIN],
    params: z.object({ sellerId: z.string() }),
    query: pageQuery,
    responses: { 200: { description: "A page of orders", schema: legacyOrderListSchema } },
    handler: async ({ user, params, query, services, loaders }) => {
      const page = await services.orders.sellerOrders({ sellerId: params.sellerId, ...toPaging(query) }, user);
      return { body: await legacyOrderList(loaders, page, user) };
    },
  });

  api.route({
    method: "patch",
    path: "/orders/update-status/:id",
    tag: TAG,
    summary:
      "Moves an order along its lifecycle (pending, confirmed, processing, shipped, completed; rejected, cancelled), any case: " +
      "the order's seller, an admin, or the buyer cancelling a pending order",
    access: "signed-in",
    params: z.object({ id: z.string() }),
    body: z.object({ status: z.string().optional() }),
    responses: { 200: { description: "The order", schema: legacyOrderSchema }, 404: { description: "Unknown order" } },
    handler: async ({ user, params, body, services, loaders }) => {
      const order = await services.orders.updateOrderStatus(params.id, body.status ?? "", user);
      const [shaped] = await legacyOrders(loaders, [order], user);
      return { body: shaped };
    },
  });

  api.route({
    method: "get",
    path: "/orders",
    tag: TAG,
    summary: "Every order, newest first",
    access: [Role.ADMIN],
    query: pageQuery,
    responses: { 200: { description: "A page of orders", schema: legacyOrderListSchema } },
    handler: async ({ user, query, services, loaders }) => ({
      body: await legacyOrderList(loaders, await services.orders.allOrders(toPaging(query)), user),
    }),
  });

  api.route({
    method: "post",
    path: "/orders/confirm-payment",
    tag: TAG,
    summary:
      "After the payment page: marks a card checkout paid if the card was accepted (harmless to repeat); answers its orders. " +
      "The checkout id is the proof: works with the cookie alone or with no credentials; a signed-in caller must be the buyer or an admin",
    access: "public",
    body: z.object({ session_id: z.string().optional() }),
    responses: {
      200: { description: "`order` is the first of the checkout's `orders`", schema: checkoutAnswer },
      404: { description: "Unknown checkout session" },
    },
    handler: async ({ user, body, services, loaders }) => {
      const checkout = await services.orders.checkouts.confirmPayment(body.session_id ?? "", user);
      // a signed-in caller was checked to be the buyer or an admin; the id alone shows no address or phone
      const orders = await legacyCheckoutOrders(loaders, checkout.id, user);
      return { body: { order: orders[0], orders } };
    },
  });
}
