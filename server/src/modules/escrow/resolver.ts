import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { Role, type AuthUser } from "../../platform/auth/roles";
import { Allow, Caller } from "../../platform/graphql/auth";
import type { Context } from "../../platform/graphql/context";
import { absoluteImageUrl } from "../../platform/http/public-url";
import type { Page } from "../../platform/shared/pagination";
import { OrderAction, orderActions, formatOrderNumber, isCashPayment, type Order, OrderStatus, OrderView } from "../orders";
import type { DisputeView } from "./disputes";
import { DisputeState, type HeldPayment } from "./entity";
import { DecideDisputeInput, DisputeObject, DisputePage, HeldPaymentObject, OpenDisputeInput } from "./types";

@Resolver()
export class DisputesResolver {
  @Allow()
  @Mutation(() => DisputeObject, {
    description:
      "The buyer disputes an accepted order's held payment before it is released; the payment stays held until an admin decides.",
  })
  openDispute(
    @Arg("input", () => OpenDisputeInput, { description: "The order, the reason, what happened and the photos." }) input: OpenDisputeInput,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<DisputeView> {
    return ctx.services.disputes.open(input, caller);
  }

  @Allow(Role.SELLER)
  @Mutation(() => DisputeObject, { description: "The order's seller answers a dispute, once, before its answer time ends." })
  answerDispute(
    @Arg("disputeId", () => ID, { description: "The dispute." }) disputeId: string,
    @Arg("text", () => String, { description: "The answer, 10 to 2000 characters." }) text: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<DisputeView> {
    return ctx.services.disputes.answer(disputeId, text, caller);
  }

  @Allow(Role.ADMIN)
  @Mutation(() => DisputeObject, { description: "An admin decides a dispute: release to the seller, refund the buyer, or part of each." })
  decideDispute(
    @Arg("disputeId", () => ID, { description: "The dispute." }) disputeId: string,
    @Arg("input", () => DecideDisputeInput, { description: "The outcome, the refund for a partial one, and a note." })
    input: DecideDisputeInput,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<DisputeView> {
    return ctx.services.disputes.decide(disputeId, input, caller);
  }

  @Allow(Role.ADMIN)
  @Query(() => DisputePage, { description: "Disputes, oldest first, optionally of one state." })
  disputes(
    @Arg("state", () => DisputeState, { nullable: true, description: "Only disputes in this state." }) state: DisputeState | null,
    @Arg("page", () => Int, { nullable: true, defaultValue: 1, description: "Page number, from 1." }) page: number | null,
    @Arg("pageSize", () => Int, { nullable: true, defaultValue: 20, description: "Disputes per page, 1 to 50." }) pageSize: number | null,
    @Ctx() ctx: Context,
  ): Promise<Page<DisputeView>> {
    return ctx.services.disputes.list({ state, page, pageSize });
  }

  @Allow()
  @Query(() => DisputeObject, { description: "One dispute, for its buyer, its seller or an admin." })
  dispute(
    @Arg("id", () => ID, { description: "The dispute." }) id: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<DisputeView> {
    return ctx.services.disputes.dispute(id, caller);
  }
}

@Resolver(() => DisputeObject)
export class DisputeFieldsResolver {
  @FieldResolver(() => String, { description: "The order's number, e.g. UB-000123." })
  orderLabel(@Root() dispute: DisputeView): string {
    return formatOrderNumber(dispute.orderNumber);
  }

  @FieldResolver(() => [String], { description: "The buyer's photos (absolute addresses)." })
  photos(@Root() dispute: DisputeView, @Ctx() ctx: Context): string[] {
    return dispute.photos.map((photo) => absoluteImageUrl(photo, ctx.publicBase));
  }
}

/** An order's held payment and dispute: whoever may read the order may read these. */
@Resolver(() => OrderView)
export class OrderEscrowFieldsResolver {
  @FieldResolver(() => HeldPaymentObject, {
    nullable: true,
    description: "The online payment held for this order (null when paid in cash or unpaid).",
  })
  heldPayment(@Root() order: OrderView, @Ctx() ctx: Context): Promise<HeldPayment | null> {
    return ctx.loaders.heldPaymentByOrder.load(order.id);
  }

  @FieldResolver(() => DisputeObject, { nullable: true, description: "The buyer's dispute over this order's payment, if any." })
  dispute(@Root() order: OrderView, @Ctx() ctx: Context): Promise<DisputeView | null> {
    return ctx.loaders.disputeByOrder.load(order.id);
  }

  @FieldResolver(() => [OrderAction], {
    description:
      "What the caller may do on this order now, by the rules the mutations apply: its buyer's, its seller's or an admin's actions (empty for anyone else).",
  })
  async actions(@Root() order: Order, @Ctx() ctx: Context): Promise<OrderAction[]> {
    const money = isCashPayment(order.paymentMethod) ? "none" : await ctx.loaders.orderMoneyByOrder.load(order.id);
    const disputeAwaitsSeller =
      money === "disputed" && (await ctx.loaders.disputeByOrder.load(order.id))?.state === DisputeState.AWAITING_SELLER;
    // the review's own rule (window open, not written yet), asked only of a completed order
    const mayReview =
      order.status === OrderStatus.COMPLETED &&
      ctx.services.dealReviews.viewFor(order, await ctx.loaders.reviewsByOrder.load(order.id), ctx.user).canReview;
    return orderActions(order, ctx.user, ctx.services.clock.now(), { money, disputeAwaitsSeller, mayReview });
  }
}
