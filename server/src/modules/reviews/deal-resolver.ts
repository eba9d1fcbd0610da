import { Arg, Ctx, FieldResolver, Mutation, Resolver, Root } from "type-graphql";
import type { AuthUser } from "../../platform/auth/roles";
import { Allow, Caller } from "../../platform/graphql/auth";
import type { Context } from "../../platform/graphql/context";
import { OrderView } from "../orders";
import { starsOf, type DealReview } from "./deal-entity";
import { DealReviewInputObject, DealReviewObject, OrderReviewsObject } from "./deal-types";

const toObject = (review: DealReview | null): DealReviewObject | null => review && { ...review, stars: starsOf(review) };

@Resolver()
export class DealReviewResolver {
  @Allow()
  @Mutation(() => DealReviewObject, {
    description:
      "The buyer (of the seller and the item) or the seller (of the buyer) reviews a completed order, once, within 14 days. It stays hidden from the other side until both have written theirs or the window closes.",
  })
  async reviewOrder(
    @Arg("input", () => DealReviewInputObject, { description: "The order, the three parts and the comment." }) input: DealReviewInputObject,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<DealReviewObject> {
    return toObject(await ctx.services.dealReviews.write({ ...input }, caller))!;
  }
}

@Resolver(() => OrderView)
export class OrderReviewsResolver {
  @FieldResolver(() => OrderReviewsObject, { description: "The order's two-way reviews, as the caller may see them." })
  async reviews(@Root() order: OrderView, @Ctx() ctx: Context): Promise<OrderReviewsObject> {
    const view = ctx.services.dealReviews.viewFor(order, await ctx.loaders.reviewsByOrder.load(order.id), ctx.user);
    return { ...view, mine: toObject(view.mine), theirs: toObject(view.theirs) };
  }
}
