import { Field, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { MoneyField } from "../../platform/graphql/money";
import { CatalogOption } from "../products";
import { MeetupPointOption } from "../meetups";
import { OrderAction } from "./actions";
import { Fulfilment, MeetupParty, MeetupState, OrderStatus, PaymentMethod, PaymentStatus } from "./entity";
import { Role } from "../../platform/auth/roles";
import { PageOf } from "../../platform/graphql/page";

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
    CASH_ON_MEETUP: { description: "Cash to the seller at the campus meetup (MEETUP orders only)." },
    JAZZCASH: { description: "A JazzCash mobile account on JazzCash's hosted checkout, reached from `Checkout.paymentUrl`." },
    EASYPAISA: { description: "An Easypaisa mobile account on Easypaisa's hosted checkout, reached from `Checkout.paymentUrl`." },
  },
});
registerEnumType(Fulfilment, {
  name: "Fulfilment",
  description: "How the goods reach the buyer.",
  valuesConfig: {
    ADDRESS: { description: "Delivered to the shipping address." },
    MEETUP: { description: "Handed over at a campus meetup point at an agreed time." },
  },
});
registerEnumType(MeetupState, {
  name: "MeetupState",
  description: "Whether the meetup's time and point are agreed.",
  valuesConfig: {
    PROPOSED: { description: "Proposed by one side, waiting for the other to confirm or propose another." },
    CONFIRMED: { description: "Agreed by both." },
  },
});
registerEnumType(MeetupParty, { name: "MeetupParty", description: "A side of an order: its buyer or its seller." });
registerEnumType(OrderAction, {
  name: "OrderAction",
  description: "Something a caller may do on an order now (see `Order.actions`).",
  valuesConfig: {
    PAY: { description: "The buyer pays a pending card or wallet order (at `paymentUrl`)." },
    CANCEL: { description: "The buyer cancels a pending order." },
    CONFIRM: { description: "The seller accepts a pending order." },
    REJECT: { description: "The seller declines the order." },
    PROCESS: { description: "The seller starts preparing an address order." },
    SHIP: { description: "The seller sends an address order." },
    COMPLETE: { description: "The seller records the handover without the buyer's code; the buyer then confirms or objects." },
    ENTER_HANDOVER_CODE: { description: "The seller completes the order with the buyer's code (`completeHandover`)." },
    SHOW_HANDOVER_CODE: { description: "The buyer shows their handover code (`handoverCode`) to the seller." },
    CONFIRM_RECEIPT: { description: "The buyer confirms receiving the goods (`confirmHandover`)." },
    OBJECT: { description: "The buyer objects to the recorded handover (`objectToHandover`)." },
    OPEN_DISPUTE: { description: "The buyer disputes the held payment (`openDispute`)." },
    ANSWER_DISPUTE: { description: "The seller answers the buyer's dispute (`answerDispute`)." },
    REVIEW: { description: "Either side writes their review of the completed order while its window is open (`reviewOrder`)." },
  },
});
registerEnumType(PaymentStatus, { name: "PaymentStatus", description: "Whether the money has been received." });

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

/*
 * The GraphQL shapes of the order entities: each names the entity properties it shows, so a
 * resolver returns the entity itself; money through MoneyField, derived fields in resolver.ts.
 */

@ObjectType("OrderLine", { description: "A product as bought: name, price and picture are kept as they were at checkout." })
export class OrderLineView {
  @Field(() => ID, { description: "Unique id." })
  id: string;

  @Field(() => ID, { nullable: true, description: "The product's id (the product may have been deleted since)." })
  productId: string | null;

  @Field(() => String, { description: "Product name at checkout." })
  productName: string;

  @MoneyField({ name: "unitPrice", description: "Price of one unit at checkout, in PKR." })
  unitPricePaisa: number;

  @Field(() => Int, { description: "Quantity." })
  quantity: number;

  @MoneyField({
    name: "offerPrice",
    nullable: true,
    description: "The price agreed in an accepted offer for one unit, in PKR (the others at unitPrice); null without an offer.",
  })
  offerPricePaisa: number | null;

  @MoneyField({
    name: "lineTotal",
    description: "What the line costs, in PKR: unitPrice x quantity, or offerPrice plus unitPrice for each further unit.",
  })
  lineTotalPaisa: number;

  // shown as `image`, an absolute URL, by resolver.ts
  productImage: string;
}

@ObjectType("OrderStatusEvent", { description: "One step of an order's timeline." })
export class OrderStatusEventView {
  @Field(() => ID, { description: "Unique id." })
  id: string;

  @Field(() => OrderStatus, { nullable: true, description: "Status before the change (null for the order being placed)." })
  fromStatus: OrderStatus | null;

  @Field(() => OrderStatus, { name: "status", description: "Status after the change." })
  toStatus: OrderStatus;

  @Field(() => Date, { name: "at", description: "When it happened." })
  createdAt: Date;

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

  // a field of its own (contact-resolver.ts): the seller does not get it
  email: string;
}

@ObjectType("Order", { description: "The part of a checkout that one seller fulfils." })
export class OrderView {
  @Field(() => ID, { description: "Unique id." })
  id: string;

  @Field(() => OrderStatus, { description: "Current status." })
  status: OrderStatus;

  @Field(() => PaymentMethod, { description: "How it is paid." })
  paymentMethod: PaymentMethod;

  @Field(() => PaymentStatus, { description: "Whether it is paid." })
  paymentStatus: PaymentStatus;

  @MoneyField({ name: "subtotal", description: "Sum of the lines, in PKR." })
  subtotalPaisa: number;

  @MoneyField({ name: "tax", description: "Tax in PKR." })
  taxPaisa: number;

  @MoneyField({ name: "discount", description: "Coupon discount in PKR." })
  discountPaisa: number;

  @MoneyField({ name: "total", description: "subtotal - discount + tax, in PKR." })
  totalPaisa: number;

  // a field of its own (contact-resolver.ts): the seller gets it once the order is confirmed
  contactNumber: string;

  @Field(() => Fulfilment, { description: "Delivery to an address (see `shipping`) or a campus meetup (see `meetup`)." })
  fulfilment: Fulfilment;

  @Field(() => Date, { description: "When it was placed." })
  createdAt: Date;

  @Field(() => Date, { description: "When it last changed." })
  updatedAt: Date;

  // not fields as such: orderNumber, shipping and paymentUrl are shown by resolver.ts, the parties
  // serve the relation resolvers and the transition rules
  orderNumber: number;
  checkoutSessionId: string;
  shippingAddress: string;
  shippingCity: string;
  shippingPostalCode: string;
  shippingCountry: string;
  buyerId: string | null;
  sellerId: string | null;
  meetupCampus: string | null;
  meetupPoint: string | null;
  meetupAt: Date | null;
  meetupState: MeetupState | null;
  meetupProposedBy: MeetupParty | null;
  missedMeetupAt: Date | null;
}

@ObjectType({ description: "Where and when buyer and seller meet on campus." })
export class OrderMeetup {
  @Field(() => CatalogOption, { description: "The campus of the order's listings." })
  campus: CatalogOption;

  @Field(() => MeetupPointOption, { description: "The meetup point." })
  point: MeetupPointOption;

  @Field(() => Date, { description: "The proposed or agreed time." })
  at: Date;

  @Field(() => MeetupState, { description: "PROPOSED until the other side confirms." })
  state: MeetupState;

  @Field(() => MeetupParty, { description: "Who made the current proposal." })
  proposedBy: MeetupParty;

  @Field(() => Boolean, { description: "Whether the caller may confirm it now (the other side proposed it; the order is still open)." })
  canConfirm: boolean;

  @Field(() => Boolean, { description: "Whether the caller may propose another time or point now." })
  canPropose: boolean;

  @Field(() => Date, {
    nullable: true,
    description:
      "The last agreed time that has passed: a no-show may be reported on it, even while another time is proposed. Null until one has.",
  })
  missedAt: Date | null;
}

@ObjectType({ description: "A page of orders, newest first." })
export class OrderPage extends PageOf(OrderView, {
  items: "The orders of this page.",
  totalItems: "Orders in all pages.",
}) {}
