import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { Allow, Caller } from "../../platform/graphql/auth";
import type { Context } from "../../platform/graphql/context";
import { absoluteImageUrl } from "../../platform/http/public-url";
import { whenClientLeaves } from "../../platform/http/client-gone";
import { SellerProfile } from "../users";
import { CAMPUSES, labelOf } from "../products";
import { meetupPoint } from "../meetups";
import { formatOrderNumber, Fulfilment, isCashPayment, OrderStatus, PaymentMethod, PaymentStatus } from "./entity";
import { confirmRefusal, missedMeetupAt, proposeRefusal } from "./meetup";
import { allowedTransitions, moneyMatters } from "./transitions";
import { paymentPath } from "../payment-providers";
import { CartLineInput, CheckoutView, MeetupInput, PlaceOrderInput, PriceQuote, QuoteLine, toPriceQuote } from "./checkout-types";
import { OrderLineView, OrderMeetup, OrderPage, OrderParty, OrderStatusEventView, OrderView, ShippingDetails } from "./types";
import { Role, type AuthUser } from "../../platform/auth/roles";

@Resolver()
export class OrdersResolver {
  @Query(() => [PaymentMethod], {
    description:
      "The payment methods a checkout may choose here: cash always; card and wallets only where a provider takes them (or, with the payment sandbox on, its simulator: test money).",
  })
  paymentMethods(@Ctx() ctx: Context): PaymentMethod[] {
    const online = ctx.services.paymentProviders.methodsOffered() as string[];
    return Object.values(PaymentMethod).filter((method) => isCashPayment(method) || online.includes(method));
  }

  @Query(() => PriceQuote, {
    description:
      "Prices a cart with the server's prices, tax and coupon: the same figures placeOrder charges. Public; for a signed-in buyer, an accepted offer prices one unit of its product.",
  })
  async priceQuote(
    @Arg("lines", () => [CartLineInput], { description: "The cart's products and quantities." }) lines: CartLineInput[],
    @Arg("couponCode", () => String, { nullable: true, description: "Coupon code to try, any case." }) couponCode: string | null,
    @Ctx() ctx: Context,
  ): Promise<PriceQuote> {
    return toPriceQuote(await ctx.services.orders.checkouts.priceQuote({ lines, couponCode }, ctx.user));
  }

  @Allow()
  @Mutation(() => CheckoutView, {
    description: "Places the cart: one order per seller, one payment. Retrying with the same idempotencyKey returns the same checkout.",
  })
  async placeOrder(
    @Arg("input", () => PlaceOrderInput, { description: "Cart, delivery and payment." }) input: PlaceOrderInput,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<CheckoutView> {
    return await ctx.services.orders.checkouts.placeOrder(input, caller, whenClientLeaves(ctx.res));
  }

  @Allow()
  @Query(() => CheckoutView, { nullable: true, description: "A checkout, for its buyer or an admin." })
  async checkout(
    @Arg("sessionId", () => ID, { description: "The checkout (payment session) id." }) sessionId: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<CheckoutView> {
    return await ctx.services.orders.checkouts.checkout(sessionId, caller);
  }

  @Allow()
  @Mutation(() => CheckoutView, {
    description: "After the payment page: marks a card checkout's orders paid if the card was accepted. Confirming twice is harmless.",
  })
  async confirmPayment(
    @Arg("sessionId", () => ID, { description: "The checkout (payment session) id." }) sessionId: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<CheckoutView> {
    return await ctx.services.orders.checkouts.confirmPayment(sessionId, caller);
  }

  @Allow()
  @Query(() => OrderPage, { description: "The caller's purchases, newest first." })
  async myOrders(
    @Arg("page", () => Int, { nullable: true, defaultValue: 1, description: "Page number, from 1." }) page: number | null,
    @Arg("pageSize", () => Int, { nullable: true, defaultValue: 10, description: "Orders per page, at most 50." }) pageSize: number | null,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<OrderPage> {
    return await ctx.services.orders.myOrders({ page, pageSize }, caller);
  }

  @Allow()
  @Query(() => OrderView, { nullable: true, description: "One order, for its buyer, its seller or an admin." })
  async order(
    @Arg("id", () => ID, { description: "The order's id." }) id: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<OrderView> {
    return await ctx.services.orders.order(id, caller);
  }

  @Allow(Role.SELLER, Role.ADMIN)
  @Query(() => OrderPage, { description: "The caller's sales, newest first, with delivery address and contact number." })
  async sellerOrders(
    @Arg("status", () => OrderStatus, { nullable: true, description: "Only orders in this status." }) status: OrderStatus | null,
    @Arg("page", () => Int, { nullable: true, defaultValue: 1, description: "Page number, from 1." }) page: number | null,
    @Arg("pageSize", () => Int, { nullable: true, defaultValue: 10, description: "Orders per page, at most 50." }) pageSize: number | null,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<OrderPage> {
    return await ctx.services.orders.sellerOrders({ status, page, pageSize }, caller);
  }

  @Allow(Role.ADMIN)
  @Query(() => OrderPage, { description: "Every order, newest first." })
  async allOrders(
    @Arg("status", () => OrderStatus, { nullable: true, description: "Only orders in this status." }) status: OrderStatus | null,
    @Arg("page", () => Int, { nullable: true, defaultValue: 1, description: "Page number, from 1." }) page: number | null,
    @Arg("pageSize", () => Int, { nullable: true, defaultValue: 10, description: "Orders per page, at most 50." }) pageSize: number | null,
    @Ctx() ctx: Context,
  ): Promise<OrderPage> {
    return await ctx.services.orders.allOrders({ status, page, pageSize });
  }

  @Allow()
  @Mutation(() => OrderView, {
    description: "Confirms the meetup the other side of the order proposed (its buyer or seller only; not once the order is over).",
  })
  async confirmMeetup(
    @Arg("id", () => ID, { description: "The order's id." }) id: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<OrderView> {
    return await ctx.services.orders.confirmMeetup(id, caller);
  }

  @Allow()
  @Mutation(() => OrderView, {
    description: "Proposes another meetup time or point on the order's campus; the other side then confirms it (buyer or seller only).",
  })
  async proposeMeetup(
    @Arg("id", () => ID, { description: "The order's id." }) id: string,
    @Arg("meetup", () => MeetupInput, { description: "The new point and time." }) meetup: MeetupInput,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<OrderView> {
    return await ctx.services.orders.proposeMeetup(id, meetup, caller);
  }

  @Allow()
  @Mutation(() => OrderView, {
    description:
      "Moves an order to its next status, as `allowedTransitions` lists. Sellers run their orders; a buyer may cancel a pending one.",
  })
  async updateOrderStatus(
    @Arg("id", () => ID, { description: "The order's id." }) id: string,
    @Arg("status", () => OrderStatus, { description: "The new status." }) status: OrderStatus,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<OrderView> {
    return await ctx.services.orders.updateOrderStatus(id, status, caller);
  }
}

@Resolver(() => CheckoutView)
export class CheckoutFieldsResolver {
  @FieldResolver(() => [OrderView], { description: "The orders, one per seller." })
  async orders(@Root() checkout: CheckoutView, @Ctx() ctx: Context): Promise<OrderView[]> {
    return ctx.loaders.ordersByCheckout.load(checkout.id);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      "Card and wallet checkouts: the payment page (a path on this server, /pay/<id>) to send the buyer to; it leads on to the card sandbox or the wallet's hosted checkout.",
  })
  paymentUrl(@Root() checkout: CheckoutView): string | null {
    return isCashPayment(checkout.paymentMethod) ? null : paymentPath(checkout.id);
  }
}

/** An order's derived fields, and its relations, each loaded for a whole list at once. */
@Resolver(() => OrderView)
export class OrderFieldsResolver {
  @FieldResolver(() => String, { description: "Short number to quote, e.g. UB-000123." })
  orderNumber(@Root() order: OrderView): string {
    return formatOrderNumber(order.orderNumber);
  }

  @FieldResolver(() => ShippingDetails, { nullable: true, description: "Delivery address (null for a campus meetup)." })
  shipping(@Root() order: OrderView): ShippingDetails | null {
    if (order.fulfilment === Fulfilment.MEETUP) return null;
    return {
      address: order.shippingAddress,
      city: order.shippingCity,
      postalCode: order.shippingPostalCode,
      country: order.shippingCountry,
    };
  }

  @FieldResolver(() => OrderMeetup, { nullable: true, description: "The campus meetup (null for delivery to an address)." })
  meetup(@Root() order: OrderView, @Ctx() ctx: Context): OrderMeetup | null {
    if (order.fulfilment !== Fulfilment.MEETUP) return null;
    const point = meetupPoint(order.meetupPoint!)!;
    return {
      campus: { slug: order.meetupCampus!, label: labelOf(CAMPUSES, order.meetupCampus) ?? order.meetupCampus! },
      point,
      at: order.meetupAt!,
      state: order.meetupState!,
      proposedBy: order.meetupProposedBy!,
      canConfirm: !confirmRefusal(order, ctx.user, ctx.services.clock.now()),
      canPropose: !proposeRefusal(order, ctx.user),
      missedAt: missedMeetupAt(order, ctx.services.clock.now()),
    };
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      "The buyer's pending card or wallet order not paid yet: the payment page to complete the payment (pays the whole checkout); else null (always for the seller).",
  })
  paymentUrl(@Root() order: OrderView, @Ctx() ctx: Context): string | null {
    // the checkout id is the payment's key and covers every seller's order in it: only the buyer gets it
    return order.buyerId === ctx.user?.id &&
      !isCashPayment(order.paymentMethod) &&
      order.paymentStatus === PaymentStatus.UNPAID &&
      order.status === OrderStatus.PENDING
      ? paymentPath(order.checkoutSessionId)
      : null;
  }

  @FieldResolver(() => [OrderLineView], { description: "What was bought." })
  async lines(@Root() order: OrderView, @Ctx() ctx: Context): Promise<OrderLineView[]> {
    return ctx.loaders.orderLinesByOrder.load(order.id);
  }

  @FieldResolver(() => [OrderStatusEventView], { description: "Every status change, oldest first, with its time." })
  async timeline(@Root() order: OrderView, @Ctx() ctx: Context): Promise<OrderStatusEventView[]> {
    return ctx.loaders.statusEventsByOrder.load(order.id);
  }

  @FieldResolver(() => OrderParty, { nullable: true, description: "The buyer (null if their account was deleted)." })
  buyer(@Root() order: OrderView, @Ctx() ctx: Context): Promise<OrderParty | null> {
    return order.buyerId ? ctx.loaders.userById.load(order.buyerId) : Promise.resolve(null);
  }

  @FieldResolver(() => SellerProfile, { nullable: true, description: "The seller (null if their account was deleted)." })
  seller(@Root() order: OrderView, @Ctx() ctx: Context): Promise<SellerProfile | null> {
    return order.sellerId ? ctx.loaders.userById.load(order.sellerId) : Promise.resolve(null);
  }

  @FieldResolver(() => [OrderStatus], { description: "The statuses the caller may set next (same rules as updateOrderStatus)." })
  async allowedTransitions(@Root() order: OrderView, @Ctx() ctx: Context): Promise<OrderStatus[]> {
    const money = moneyMatters(order) ? await ctx.loaders.orderMoneyByOrder.load(order.id) : "none";
    return allowedTransitions(order, ctx.user, ctx.services.clock.now(), money);
  }
}

/** Pictures as absolute URLs, like every image address the API answers (platform/http/public-url.ts). */
@Resolver(() => OrderLineView)
export class OrderLineFieldsResolver {
  @FieldResolver(() => String, { description: "Product picture at checkout, as an absolute URL." })
  image(@Root() line: OrderLineView, @Ctx() ctx: Context): string {
    return absoluteImageUrl(line.productImage, ctx.publicBase);
  }
}

@Resolver(() => QuoteLine)
export class QuoteLineFieldsResolver {
  @FieldResolver(() => String, { nullable: true })
  image(@Root() line: QuoteLine, @Ctx() ctx: Context): string | null {
    return absoluteImageUrl(line.image, ctx.publicBase);
  }
}
