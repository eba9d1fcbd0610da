import { z } from "zod";
import type { AuthUser } from "../../platform/auth/roles";
import type { RequestLoaders } from "../../platform/request";
import { iso } from "../../platform/http/legacy";
import { toRupees } from "../../platform/shared/money";
import type { Page } from "../../platform/shared/pagination";
import { buyerPhoneFor } from "./buyer-contact";
import { formatOrderNumber, type Order, type OrderLine } from "./entity";

/**
 * The order document legacy clients read. `orderId` is the number people quote (UB-000123);
 * `amount` is the order's total in PKR; each line's `productId` is populated with the name the
 * order snapshot kept (`_id` null only if the product row is gone). The buyer's phone is the
 * caller's to see by the rule GraphQL follows (buyer-contact.ts), else an empty string.
 */
export const legacyOrderSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  status: z.string(),
  amount: z.number(),
  products: z.array(z.object({ productId: z.object({ _id: z.string().nullable(), name: z.string() }), quantity: z.number() })),
  shippingDetails: z.object({
    address: z.string(),
    city: z.string(),
    postalCode: z.string(),
    country: z.string(),
    contactNumber: z.string(),
  }),
  contactNumber: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type LegacyOrder = z.infer<typeof legacyOrderSchema>;

export const legacyOrderListSchema = z.object({ orders: z.array(legacyOrderSchema), totalOrders: z.number(), totalPages: z.number() });

/** What a caller who proves only the checkout id sees: no delivery address or phone. */
const NO_CONTACT = { address: "", city: "", postalCode: "", country: "", contactNumber: "" };

/** `viewer` null: a caller known only by the checkout id, who sees no address or phone. */
function legacyOrder(o: Order, lines: OrderLine[], viewer: AuthUser | null): LegacyOrder {
  const contactNumber = viewer ? (buyerPhoneFor(o, viewer) ?? "") : "";
  return {
    _id: o.id,
    orderId: formatOrderNumber(o.orderNumber),
    status: o.status,
    amount: toRupees(o.totalPaisa),
    products: lines.map((l) => ({ productId: { _id: l.productId, name: l.productName }, quantity: l.quantity })),
    shippingDetails: viewer
      ? { address: o.shippingAddress, city: o.shippingCity, postalCode: o.shippingPostalCode, country: o.shippingCountry, contactNumber }
      : NO_CONTACT,
    contactNumber,
    createdAt: iso(o.createdAt),
    updatedAt: iso(o.updatedAt),
  };
}

/** Shapes orders with their lines (loaded in one batch) as `viewer` may see them. */
export async function legacyOrders(loaders: RequestLoaders, orders: Order[], viewer: AuthUser | null): Promise<LegacyOrder[]> {
  const lines = await Promise.all(orders.map((o) => loaders.orderLinesByOrder.load(o.id)));
  return orders.map((o, i) => legacyOrder(o, lines[i], viewer));
}

export async function legacyOrderList(loaders: RequestLoaders, page: Page<Order>, viewer: AuthUser) {
  return { orders: await legacyOrders(loaders, page.items, viewer), totalOrders: page.totalItems, totalPages: page.totalPages };
}

/**
 * A checkout's orders (one per seller) in the legacy shape; `viewer` null (a caller known only by
 * the checkout id) leaves the delivery address and phone empty.
 */
export async function legacyCheckoutOrders(loaders: RequestLoaders, checkoutId: string, viewer: AuthUser | null): Promise<LegacyOrder[]> {
  return legacyOrders(loaders, await loaders.ordersByCheckout.load(checkoutId), viewer);
}
