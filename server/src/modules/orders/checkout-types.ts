import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { MoneyField } from "../../platform/graphql/money";
import { Fulfilment, PaymentMethod, PaymentStatus } from "./entity";
import type { Said } from "../../platform/i18n/errors";
import { TAX_RATE, type PricedCart } from "./pricing";

/** The checkout's GraphQL shapes: the cart going in, the server's quote, the placed checkout coming out. */

@InputType({ description: "One product of the cart and how many of it." })
export class CartLineInput {
  @Field(() => ID, { description: "The product's id." })
  productId: string;

  @Field(() => Int, { description: "1 to 20; lines of the same product are added together." })
  quantity: number;
}

@ObjectType({ description: "What happened to a coupon, by key: the app words it from its catalogue (errors:<key>)." })
export class CouponNote {
  @Field(() => String, { description: "The sentence's key, e.g. coupon.applied or coupon.expired." })
  key: string;

  @Field(() => String, { nullable: true, description: "The code as sent (its refusals)." })
  code: string | null;

  @Field(() => Int, { nullable: true, description: "The percentage taken off (coupon.applied)." })
  percent: number | null;

  @Field(() => Date, { nullable: true, description: "When the coupon starts (coupon.notYet)." })
  startsAt: Date | null;

  @Field(() => Int, { nullable: true, description: "How many times the buyer has used it (coupon.usedTimes)." })
  count: number | null;
}

@ObjectType({ description: "One cart line priced by the server." })
export class QuoteLine {
  @Field(() => ID, { description: "The product's id, as sent." })
  productId: string;

  @Field(() => String, { description: "Product name ('Unknown product' when the id matches nothing)." })
  name: string;

  @MoneyField({ name: "unitPrice", description: "Current price of one unit in PKR." })
  unitPricePaisa: number;

  @Field(() => Int, { description: "Quantity, after adding up lines of the same product." })
  quantity: number;

  @MoneyField({
    name: "offerPrice",
    nullable: true,
    description: "The caller's accepted offer for one unit, in PKR (used once, at checkout); null without one.",
  })
  offerPricePaisa: number | null;

  @MoneyField({
    name: "lineTotal",
    description: "unitPrice x quantity in PKR, with one unit at offerPrice when there is one; 0 when the product is not available.",
  })
  lineTotalPaisa: number;

  @Field(() => String, { nullable: true, description: "Product picture URL (null for an unknown product)." })
  image: string | null;

  @Field(() => Boolean, {
    description: "False when the product was deleted or never existed: it is left out of the totals and cannot be ordered.",
  })
  available: boolean;

  @Field(() => String, {
    nullable: true,
    description: "Campus slug of the listing (null when none): a meetup needs all lines on one campus.",
  })
  campus: string | null;
}

@ObjectType({ description: "The cart's price as the server computes it: the same figures placeOrder will charge." })
export class PriceQuote {
  @Field(() => [QuoteLine], { description: "Each product of the cart." })
  lines: QuoteLine[];

  @Field(() => Int, { description: "Number of items (sum of quantities) of available products." })
  itemCount: number;

  @MoneyField({ name: "subtotal", description: "Sum of line totals in PKR." })
  subtotalPaisa: number;

  @Field(() => Float, { description: "Tax rate applied to the subtotal after the discount (0.05 = 5%)." })
  taxRate: number;

  @MoneyField({ name: "tax", description: "Tax in PKR, rounded half-up per seller's order." })
  taxPaisa: number;

  @MoneyField({ name: "discount", description: "Coupon discount in PKR." })
  discountPaisa: number;

  @MoneyField({ name: "total", description: "subtotal - discount + tax, in PKR." })
  totalPaisa: number;

  @Field(() => String, { nullable: true, description: "The coupon code as applied (lower case), or as sent when it does not apply." })
  couponCode: string | null;

  @Field(() => Boolean, { description: "Whether the coupon was applied." })
  couponApplied: boolean;

  @Field(() => String, {
    nullable: true,
    description: "What happened to the coupon, e.g. 'Coupon code \"xyz\" is not valid.'; null without a coupon.",
  })
  couponMessage: string | null;

  @Field(() => CouponNote, {
    nullable: true,
    description: "couponMessage by key and parameters, to say it in the reader's language; null without a coupon.",
  })
  couponNote: CouponNote | null;
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

@InputType({ description: "A proposed campus meetup." })
export class MeetupInput {
  @Field(() => String, { description: "Meetup point slug from `catalogOptions.meetupPoints`, on the listings' campus." })
  point: string;

  @Field(() => Date, { description: "When: in the future, within 14 days, between 8:00 and 20:00 Pakistan time." })
  at: Date;
}

@InputType({ description: "The cart to order. Prices and totals are computed by the server; no amount is sent." })
export class PlaceOrderInput {
  @Field(() => [CartLineInput], { description: "The products; at least one ('No products found.' otherwise)." })
  lines: CartLineInput[];

  @Field(() => Fulfilment, {
    nullable: true,
    defaultValue: Fulfilment.ADDRESS,
    description: "Delivery to an address (default, needs `shipping`) or a campus meetup (needs `meetup`; every item on one campus).",
  })
  fulfilment?: Fulfilment | null;

  @Field(() => ShippingInput, { nullable: true, description: "Delivery address (ADDRESS orders; ignored for a meetup)." })
  shipping?: ShippingInput | null;

  @Field(() => MeetupInput, {
    nullable: true,
    description: "Meetup point and time (MEETUP orders); the seller confirms or proposes another.",
  })
  meetup?: MeetupInput | null;

  @Field(() => String, { description: "Phone number for the delivery ('Contact number is required.' when empty)." })
  contactNumber: string;

  @Field(() => String, { nullable: true, description: "Coupon code, any case; an invalid code is refused rather than ignored." })
  couponCode?: string | null;

  @Field(() => PaymentMethod, {
    nullable: true,
    description: "Cash on delivery (default for an address), cash on meetup (default for a meetup, meetups only) or card.",
  })
  paymentMethod?: PaymentMethod | null;

  @Field(() => String, {
    description: "A fresh random string per checkout attempt (e.g. a UUID), reused on retries: the same key returns the same checkout.",
  })
  idempotencyKey: string;
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

  @MoneyField({ name: "subtotal", description: "Sum of the orders' subtotals, in PKR." })
  subtotalPaisa: number;

  @MoneyField({ name: "tax", description: "Sum of the orders' tax, in PKR." })
  taxPaisa: number;

  @MoneyField({ name: "discount", description: "Sum of the orders' discounts, in PKR." })
  discountPaisa: number;

  @MoneyField({ name: "total", description: "The one amount charged: sum of the orders' totals, in PKR." })
  totalPaisa: number;

  @Field(() => String, { nullable: true, description: "The coupon applied (lower case), if any." })
  couponCode: string | null;

  @Field(() => Date, { description: "When it was placed." })
  createdAt: Date;
}

/** The cart's figures as the schema names them (the amounts stay in paisa for MoneyField). */
export const toPriceQuote = (cart: PricedCart): PriceQuote => ({
  lines: cart.lines.map((l) => ({
    ...l,
    name: l.product?.name ?? "Unknown product",
    image: l.product?.image ?? null,
    campus: l.product?.campus ?? null,
  })),
  itemCount: cart.itemCount,
  subtotalPaisa: cart.subtotalPaisa,
  taxRate: TAX_RATE,
  taxPaisa: cart.taxPaisa,
  discountPaisa: cart.discountPaisa,
  totalPaisa: cart.totalPaisa,
  couponCode: cart.coupon.code,
  couponApplied: cart.coupon.applied,
  couponMessage: cart.coupon.message?.text ?? null,
  couponNote: cart.coupon.message && toCouponNote(cart.coupon.message),
});

function toCouponNote({ key, params }: Said): CouponNote {
  const number = (value: unknown) => (typeof value === "number" ? value : null);
  return {
    key,
    code: typeof params.code === "string" ? params.code : null,
    percent: number(params.percent),
    startsAt: typeof params.startsAt === "string" ? new Date(params.startsAt) : null,
    count: number(params.count),
  };
}
