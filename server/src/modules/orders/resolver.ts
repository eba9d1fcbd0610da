import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { Allow } from "../../platform/graphql/auth";
import type { Context } from "../../platform/graphql/context";
import { whenClientLeaves } from "../../platform/http/client-gone";
import type { Page } from "../../platform/shared/pagination";
import { SellerProfile } from "../products/types";
import { OrderStatus, type Order } from "./entity";
import { allowedTransitions } from "./transitions";
import {
  CartLineInput,
  CheckoutView,
  OrderLineView,
  OrderPage,
  OrderParty,
  OrderStatusEventView,
  OrderView,
  PlaceOrderInput,
  PriceQuote,
  toCheckoutView,
  toOrderLineView,
  toOrderView,
  toPriceQuote,
  toStatusEventView,
} from "./types";
import { Role } from "../../platform/auth/roles";

const toOrderPage = (page: Page<Order>): OrderPage => ({ ...page, items: page.items.map(toOrderView) });

@Resolver()
export class OrdersResolver {
  @Query(() => PriceQuote, {
    description: "Prices a cart with the server's prices, tax and coupon: the same figures placeOrder charges. Public.",
  })
  async priceQuote(
    @Arg("lines", () => [CartLineInput], { description: "The cart's products and quantities." }) lines: CartLineInput[],
    @Arg("couponCode", () => String, { nullable: true, description: "Coupon code to try, any case." }) couponCode: string | null,
    @Ctx() ctx: Context,
  ): Promise<PriceQuote> {
    return toPriceQuote(await ctx.services.orders.priceQuote({ lines, couponCode }));
  }

  @Allow()
  @Mutation(() => CheckoutView, {
    description: "Places the cart: one order per seller, one payment. Retrying with the same idempotencyKey returns the same checkout.",
  })
  async placeOrder(
    @Arg("input", () => PlaceOrderInput, { description: "Cart, delivery and payment." }) input: PlaceOrderInput,
    @Ctx() ctx: Context,
  ): Promise<CheckoutView> {
    return toCheckoutView(await ctx.services.orders.placeOrder(input, ctx.user, whenClientLeaves(ctx.res)));
  }

  @Allow()
  @Query(() => CheckoutView, { nullable: true, description: "A checkout, for its buyer or an admin." })
  async checkout(
    @Arg("sessionId", () => ID, { description: "The checkout (payment session) id." }) sessionId: string,
    @Ctx() ctx: Context,
  ): Promise<CheckoutView> {
    return toCheckoutView(await ctx.services.orders.checkout(sessionId, ctx.user));
  }

  @Allow()
  @Mutation(() => CheckoutView, {
    description: "After the payment page: marks a card checkout's orders paid if the card was accepted. Confirming twice is harmless.",
  })
  async confirmPayment(
    @Arg("sessionId", () => ID, { description: "The checkout (payment session) id." }) sessionId: string,
    @Ctx() ctx: Context,
  ): Promise<CheckoutView> {
    return toCheckoutView(await ctx.services.orders.confirmPayment(sessionId, ctx.user));
  }

  @Allow()
  @Query(() => OrderPage, { description: "The caller's purchases, newest first." })
  async myOrders(
    @Arg("page", () => Int, { nullable: true, defaultValue: 1, description: "Page number, from 1." }) page: number | null,
    @Arg("pageSize", () => Int, { nullable: true, defaultValue: 10, description: "Orders per page, at most 50." }) pageSize: number | null,
    @Ctx() ctx: Context,
  ): Promise<OrderPage> {
    return toOrderPage(await ctx.services.orders.myOrders({ page, pageSize }, ctx.user));
  }

  @Allow()
  @Query(() => OrderView, { nullable: true, description: "One order, for its buyer, its seller or an admin." })
  async order(@Arg("id", () => ID, { description: "The order's id." }) id: string, @Ctx() ctx: Context): Promise<OrderView> {
    return toOrderView(await ctx.services.orders.order(id, ctx.user));
  }

  @Allow(Role.SELLER, Role.ADMIN)
  @Query(() => OrderPage, { description: "The caller's sales, newest first, with delivery address and contact number." })
  async sellerOrders(
    @Arg("status", () => OrderStatus, { nullable: true, description: "Only orders in this status." }) status: OrderStatus | null,
    @Arg("page", () => Int, { nullable: true, defaultValue: 1, description: "Page number, from 1." }) page: number | null,
    @Arg("pageSize", () => Int, { nullable: true, defaultValue: 10, description: "Orders per page, at most 50." }) pageSize: number | null,
    @Ctx() ctx: Context,
  ): Promise<OrderPage> {
    return toOrderPage(await ctx.services.orders.sellerOrders({ status, page, pageSize }, ctx.user));
  }

  @Allow(Role.ADMIN)
  @Query(() => OrderPage, { description: "Every order, newest first." })
  async allOrders(
    @Arg("status", () => OrderStatus, { nullable: true, description: "Only orders in this status." }) status: OrderStatus | null,
    @Arg("page", () => Int, { nullable: true, defaultValue: 1, description: "Page number, from 1." }) page: number | null,
    @Arg("pageSize", () => Int, { nullable: true, defaultValue: 10, description: "Orders per page, at most 50." }) pageSize: number | null,
    @Ctx() ctx: Context,
  ): Promise<OrderPage> {
    return toOrderPage(await ctx.services.orders.allOrders({ status, page, pageSize }, ctx.user));
  }

  @Allow()
  @Mutation(() => OrderView, {
    description:
      "Moves an order to its next status, as `allowedTransitions` lists. Sellers run their orders; a buyer may cancel a pending one.",
  })
  async updateOrderStatus(
    @Arg("id", () => ID, { description: "The order's id." }) id: string,
    @Arg("status", () => OrderStatus, { description: "The new status." }) status: OrderStatus,
    @Ctx() ctx: Context,
  ): Promise<OrderView> {
    return toOrderView(await ctx.services.orders.updateOrderStatus(id, status, ctx.user));
  }
}

@Resolver(() => CheckoutView)
export class CheckoutFieldsResolver {
  @FieldResolver(() => [OrderView], { description: "The orders, one per seller." })
  async orders(@Root() checkout: CheckoutView, @Ctx() ctx: Context): Promise<OrderView[]> {
    return (await ctx.loaders.ordersByCheckout.load(checkout.id)).map(toOrderView);
  }
}

/** An order's relations, each loaded for a whole list at once. */
@Resolver(() => OrderView)
export class OrderFieldsResolver {
  @FieldResolver(() => [OrderLineView], { description: "What was bought." })
  async lines(@Root() order: OrderView, @Ctx() ctx: Context): Promise<OrderLineView[]> {
    return (await ctx.loaders.orderLinesByOrder.load(order.id)).map(toOrderLineView);
  }

  @FieldResolver(() => [OrderStatusEventView], { description: "Every status change, oldest first, with its time." })
  async timeline(@Root() order: OrderView, @Ctx() ctx: Context): Promise<OrderStatusEventView[]> {
    return (await ctx.loaders.statusEventsByOrder.load(order.id)).map(toStatusEventView);
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
  allowedTransitions(@Root() order: OrderView, @Ctx() ctx: Context): OrderStatus[] {
    return allowedTransitions(order, ctx.user);
  }
}
