import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { toRupees } from "../../platform/shared/money";
import {
  CheckoutSession,
  formatOrderNumber,
  Order,
  OrderLine,
  OrderStatus,
  OrderStatusEvent,
  PaymentMethod,
  PaymentStatus,
} from "./entity";
import { paymentPath } from "./payments";
import { TAX_RATE, type PricedCart } from "./pricing";
import { Role } from "../../platform/auth/roles";

registerEnumType(OrderStatus, {
  name: "OrderStatus",
  description: "Where an order is in its lifecycle: PENDING -> CONFIRMED -> PROCESSING -> SHIPPED -> COMPLETED, or REJECTED / CANCELLED.",
  valuesConfig: {
    PENDING: { description: "Placed, waiting for the seller." },
    CONFIRMED: { description: "Accepted by the seller." },
    PROCESSING: { description: "Being prepared." },
    SHIPPED: { description: "On its way to the buyer." },
    COMPLETED: { description: "Delivered; a cash-on-delivery order is paid at this point." },
    REJECTED: { description: "Declined by the seller (from PENDING or CONFIRMED)." },
    CANCELLED: { description: "Cancelled by the buyer while PENDING." },
  },
});
registerEnumType(PaymentMethod, {
  name: "PaymentMethod",
  description: "How the buyer pays.",
  valuesConfig: {
    CASH_ON_DELIVERY: { description: "Cash to the seller on delivery." },
    CARD: { description: "Card on the hosted (sandbox) payment page at `Checkout.paymentUrl`." },
  },
});
registerEnumType(PaymentStatus, { name: "PaymentStatus", description: "Whether the money has been received." });

@InputType({ description: "One product of the cart and how many of it." })
export class CartLineInput {
  @Field(() => ID, { description: "The product's id." })
  productId: string;

  @Field(() => Int, { description: "1 to 20; lines of the same product are added together." })
  quantity: number;
}

@ObjectType({ description: "One cart line priced by the server." })
export class QuoteLine {
  @Field(() => ID, { description: "The product's id, as sent." })
  productId: string;

  @Field(() => String, { description: "Product name ('Unknown product' when the id matches nothing)." })
  name: string;

  @Field(() => Float, { description: "Current price of one unit in PKR." })
  unitPrice: number;

  @Field(() => Int, { description: "Quantity, after adding up lines of the same product." })
  quantity: number;

  @Field(() => Float, { description: "unitPrice x quantity in PKR; 0 when the product is not available." })
  lineTotal: number;

  @Field(() => String, { nullable: true, description: "Product picture URL (null for an unknown product)." })
  image: string | null;

  @Field(() => Boolean, {
    description: "False when the product was deleted or never existed: it is left out of the totals and cannot be ordered.",
  })
  available: boolean;
}

@ObjectType({ description: "The cart's price as the server computes it: the same figures placeOrder will charge." })
export class PriceQuote {
  @Field(() => [QuoteLine], { description: "Each product of the cart." })
  lines: QuoteLine[];

  @Field(() => Int, { description: "Number of items (sum of quantities) of available products." })
  itemCount: number;

  @Field(() => Float, { description: "Sum of line totals in PKR." })
  subtotal: number;

  @Field(() => Float, { description: "Tax rate applied to the subtotal after the discount (0.05 = 5%)." })
  taxRate: number;

  @Field(() => Float, { description: "Tax in PKR, rounded half-up per seller's order." })
  tax: number;

  @Field(() => Float, { description: "Coupon discount in PKR." })
  discount: number;

  @Field(() => Float, { description: "subtotal - discount + tax, in PKR." })
  total: number;

  @Field(() => String, { nullable: true, description: "The coupon code as applied (lower case), or as sent when it does not apply." })
  couponCode: string | null;

  @Field(() => Boolean, { description: "Whether the coupon was applied." })
  couponApplied: boolean;

  @Field(() => String, {
    nullable: true,
    description: "What happened to the coupon, e.g. 'Coupon code \"xyz\" is not valid.'; null without a coupon.",
  })
  couponMessage: string | null;
}

@InputType({ description: "Where the order goes. Every field is required." })
export class ShippingInput {
  @Field(() => String, { description: "Street address (at most 200 characters)." })
  address: string;

  @Field(() => String, { description: "City (at most 80 characters)." })
  city: string;

  @Field(() => String, { description: "Postal code (at most 20 characters)." })
  postalCode: string;

  @Field(() => String, { description: "Country (at most 60 characters)." })
  country: string;
}

@InputType({ description: "The cart to order. Prices and totals are computed by the server; no amount is sent." })
export class PlaceOrderInput {
  @Field(() => [CartLineInput], { description: "The products; at least one ('No products found.' otherwise)." })
  lines: CartLineInput[];

  @Field(() => ShippingInput, { description: "Delivery address." })
  shipping: ShippingInput;

  @Field(() => String, { description: "Phone number for the delivery ('Contact number is required.' when empty)." })
  contactNumber: string;

  @Field(() => String, { nullable: true, description: "Coupon code, any case; an invalid code is refused rather than ignored." })
  couponCode?: string | null;

  @Field(() => PaymentMethod, {
    nullable: true,
    defaultValue: PaymentMethod.CASH_ON_DELIVERY,
    description: "Cash on delivery (default) or card.",
  })
  paymentMethod?: PaymentMethod | null;

  @Field(() => String, {
    description: "A fresh random string per checkout attempt (e.g. a UUID), reused on retries: the same key returns the same checkout.",
  })
  idempotencyKey: string;
}

@ObjectType({ description: "Delivery address of an order." })
export class ShippingDetails {
  @Field(() => String, { description: "Street address." })
  address: string;

  @Field(() => String, { description: "City." })
  city: string;

  @Field(() => String, { description: "Postal code." })
  postalCode: string;

  @Field(() => String, { description: "Country." })
  country: string;
}

@ObjectType("OrderLine", { description: "A product as bought: name, price and picture are kept as they were at checkout." })
export class OrderLineView {
  @Field(() => ID, { description: "Unique id." })
  id: string;

  @Field(() => ID, { nullable: true, description: "The product's id (the product may have been deleted since)." })
  productId: string | null;

  @Field(() => String, { description: "Product name at checkout." })
  productName: string;

  @Field(() => Float, { description: "Price of one unit at checkout, in PKR." })
  unitPrice: number;

  @Field(() => Int, { description: "Quantity." })
  quantity: number;

  @Field(() => Float, { description: "unitPrice x quantity, in PKR." })
  lineTotal: number;

  @Field(() => String, { description: "Product picture URL at checkout." })
  image: string;
}

@ObjectType("OrderStatusEvent", { description: "One step of an order's timeline." })
export class OrderStatusEventView {
  @Field(() => ID, { description: "Unique id." })
  id: string;

  @Field(() => OrderStatus, { nullable: true, description: "Status before the change (null for the order being placed)." })
  fromStatus: OrderStatus | null;

  @Field(() => OrderStatus, { description: "Status after the change." })
  status: OrderStatus;

  @Field(() => Date, { description: "When it happened." })
  at: Date;

  @Field(() => Role, {
    nullable: true,
    description: "In which capacity it was done: USER = the buyer, SELLER = the order's seller, ADMIN = an administrator.",
  })
  actorRole: Role | null;
}

@ObjectType({ description: "The buyer of an order, seen by the order's buyer, its seller and admins." })
export class OrderParty {
  @Field(() => ID, { description: "The buyer's user id." })
  id: string;

  @Field(() => String, { description: "Public name." })
  username: string;

  @Field(() => String, { description: "E-mail address." })
  email: string;
}

@ObjectType("Order", { description: "The part of a checkout that one seller fulfils." })
export class OrderView {
  @Field(() => ID, { description: "Unique id." })
  id: string;

  @Field(() => String, { description: "Short number to quote, e.g. UB-000123." })
  orderNumber: string;

  @Field(() => OrderStatus, { description: "Current status." })
  status: OrderStatus;

  @Field(() => PaymentMethod, { description: "How it is paid." })
  paymentMethod: PaymentMethod;

  @Field(() => PaymentStatus, { description: "Whether it is paid." })
  paymentStatus: PaymentStatus;

  @Field(() => Float, { description: "Sum of the lines, in PKR." })
  subtotal: number;

  @Field(() => Float, { description: "Tax in PKR." })
  tax: number;

  @Field(() => Float, { description: "Coupon discount in PKR." })
  discount: number;

  @Field(() => Float, { description: "subtotal - discount + tax, in PKR." })
  total: number;

  @Field(() => ShippingDetails, { description: "Delivery address." })
  shipping: ShippingDetails;

  @Field(() => String, { description: "Phone number for the delivery." })
  contactNumber: string;

  @Field(() => String, {
    nullable: true,
    description: "A pending card order not paid yet: the payment page to complete the payment (pays the whole checkout); else null.",
  })
  paymentUrl: string | null;

  @Field(() => Date, { description: "When it was placed." })
  createdAt: Date;

  @Field(() => Date, { description: "When it last changed." })
  updatedAt: Date;

  // not in the schema: the parties, for the relation resolvers and the transition rules
  buyerId: string | null;
  sellerId: string | null;
}

@ObjectType({ description: "A page of orders, newest first." })
export class OrderPage {
  @Field(() => [OrderView], { description: "The orders of this page." })
  items: OrderView[];

  @Field(() => Int, { description: "Orders in all pages." })
  totalItems: number;

  @Field(() => Int, { description: "Number of pages." })
  totalPages: number;

  @Field(() => Int, { description: "This page's number, from 1." })
  page: number;

  @Field(() => Int, { description: "Orders per page (at most 50)." })
  pageSize: number;
}

@ObjectType("Checkout", { description: "One placed cart: one order per seller, paid with one payment. Its id is the payment session id." })
export class CheckoutView {
  @Field(() => ID, { description: "Checkout id, also the payment session id (`/success?session_id=`)." })
  id: string;

  @Field(() => PaymentMethod, { description: "How it is paid." })
  paymentMethod: PaymentMethod;

  @Field(() => PaymentStatus, {
    description: "PAID once the card payment is confirmed, or (cash on delivery) once the orders are completed.",
  })
  paymentStatus: PaymentStatus;

  @Field(() => Float, { description: "Sum of the orders' subtotals, in PKR." })
  subtotal: number;

  @Field(() => Float, { description: "Sum of the orders' tax, in PKR." })
  tax: number;

  @Field(() => Float, { description: "Sum of the orders' discounts, in PKR." })
  discount: number;

  @Field(() => Float, { description: "The one amount charged: sum of the orders' totals, in PKR." })
  total: number;

  @Field(() => String, { nullable: true, description: "The coupon applied (lower case), if any." })
  couponCode: string | null;

  @Field(() => String, {
    nullable: true,
    description: "Card checkouts: the hosted sandbox payment page (a path on this server, /pay/<id>) to send the buyer to.",
  })
  paymentUrl: string | null;

  @Field(() => Date, { description: "When it was placed." })
  createdAt: Date;
}

export function toOrderView(o: Order): OrderView {
  return {
    id: o.id,
    orderNumber: formatOrderNumber(o.orderNumber),
    status: o.status,
    paymentMethod: o.paymentMethod,
    paymentStatus: o.paymentStatus,
    subtotal: toRupees(o.subtotalPaisa),
    tax: toRupees(o.taxPaisa),
    discount: toRupees(o.discountPaisa),
    total: toRupees(o.totalPaisa),
    shipping: { address: o.shippingAddress, city: o.shippingCity, postalCode: o.shippingPostalCode, country: o.shippingCountry },
    contactNumber: o.contactNumber,
    paymentUrl:
      o.paymentMethod === PaymentMethod.CARD && o.paymentStatus === PaymentStatus.UNPAID && o.status === OrderStatus.PENDING
        ? paymentPath(o.checkoutSessionId)
        : null,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    buyerId: o.buyerId,
    sellerId: o.sellerId,
  };
}

export function toCheckoutView(s: CheckoutSession): CheckoutView {
  return {
    id: s.id,
    paymentMethod: s.paymentMethod,
    paymentStatus: s.paymentStatus,
    subtotal: toRupees(s.subtotalPaisa),
    tax: toRupees(s.taxPaisa),
    discount: toRupees(s.discountPaisa),
    total: toRupees(s.totalPaisa),
    couponCode: s.couponCode,
    paymentUrl: s.paymentMethod === PaymentMethod.CARD ? paymentPath(s.id) : null,
    createdAt: s.createdAt,
  };
}

export const toOrderLineView = (l: OrderLine): OrderLineView => ({
  id: l.id,
  productId: l.productId,
  productName: l.productName,
  unitPrice: toRupees(l.unitPricePaisa),
  quantity: l.quantity,
  lineTotal: toRupees(l.lineTotalPaisa),
  image: l.productImage,
});

export const toStatusEventView = (e: OrderStatusEvent): OrderStatusEventView => ({
  id: e.id,
  fromStatus: e.fromStatus,
  status: e.toStatus,
  at: e.createdAt,
  actorRole: e.actorRole,
});

export function toPriceQuote(cart: PricedCart): PriceQuote {
  return {
    lines: cart.lines.map((l) => ({
      productId: l.productId,
      name: l.product?.name ?? "Unknown product",
      unitPrice: toRupees(l.unitPricePaisa),
      quantity: l.quantity,
      lineTotal: toRupees(l.lineTotalPaisa),
      image: l.product?.image ?? null,
      available: l.available,
    })),
    itemCount: cart.itemCount,
    subtotal: toRupees(cart.subtotalPaisa),
    taxRate: TAX_RATE,
    tax: toRupees(cart.taxPaisa),
    discount: toRupees(cart.discountPaisa),
    total: toRupees(cart.totalPaisa),
    couponCode: cart.coupon.code,
    couponApplied: cart.coupon.applied,
    couponMessage: cart.coupon.message,
  };
}
