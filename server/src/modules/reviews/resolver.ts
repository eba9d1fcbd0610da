import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { Role, type AuthUser } from "../../platform/auth/roles";
import { Allow, Caller } from "../../platform/graphql/auth";
import type { Context } from "../../platform/graphql/context";
import { pageInput, type Page } from "../../platform/shared/pagination";
import { parseInput } from "../../platform/shared/validation";
import { Product, visibleTo } from "../products";
import type { User } from "../users";
import { Review } from "./entity";
import { ReviewAuthor, ReviewPage } from "./types";

@Resolver(() => Review)
export class ReviewResolver {
  @Allow()
  @Mutation(() => Review, {
    description:
      "Rates and comments on a listed product; posting again for the same product updates the review. Sellers cannot review their own products.",
  })
  postReview(
    @Arg("productId", () => ID, { description: "The product reviewed." }) productId: string,
    @Arg("rating", () => Int, { description: "Stars, 1 to 5." }) rating: number,
    @Arg("comment", () => String, { description: "1 to 1000 characters." }) comment: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<Review> {
    return ctx.services.reviews.post({ productId, rating, comment }, caller);
  }

  @Allow()
  @Query(() => ReviewPage, { description: "The caller's reviews, newest first." })
  myReviews(
    @Arg("page", () => Int, { nullable: true, defaultValue: 1, description: "Page number, from 1." }) page: number | null,
    @Arg("pageSize", () => Int, { nullable: true, defaultValue: 20, description: "Reviews per page, 1 to 50." }) pageSize: number | null,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<Page<Review>> {
    return ctx.services.reviews.mine(caller, { page: page ?? undefined, pageSize: pageSize ?? undefined });
  }

  @Query(() => Review, {
    nullable: true,
    description: "The caller's own review of a product, to edit it; null when signed out or not reviewed yet.",
  })
  myReview(
    @Arg("productId", () => ID, { description: "The product reviewed." }) productId: string,
    @Ctx() ctx: Context,
  ): Promise<Review | null> {
    return ctx.services.reviews.callerReviewOf(productId, ctx.user);
  }

  @Allow(Role.SELLER)
  @Query(() => ReviewPage, { description: "Reviews buyers wrote on the caller's products, newest first." })
  receivedReviews(
    @Arg("page", () => Int, { nullable: true, defaultValue: 1, description: "Page number, from 1." }) page: number | null,
    @Arg("pageSize", () => Int, { nullable: true, defaultValue: 20, description: "Reviews per page, 1 to 50." }) pageSize: number | null,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<Page<Review>> {
    return ctx.services.reviews.received(caller, { page: page ?? undefined, pageSize: pageSize ?? undefined });
  }

  @Query(() => Int, { description: "Number of reviews on the marketplace." })
  totalReviews(@Ctx() ctx: Context): Promise<number> {
    return ctx.services.reviews.totalReviews();
  }

  @FieldResolver(() => ReviewAuthor, { nullable: true, description: "Who wrote it." })
  author(@Root() review: Review, @Ctx() ctx: Context): Promise<User | null> | User {
    // a product's review page brings its authors' public fields along
    return review.user ?? ctx.loaders.userById.load(review.userId);
  }

  @FieldResolver(() => Product, {
    nullable: true,
    description: "The product reviewed; null once the product was deleted, or while it is hidden (except to its seller and admins).",
  })
  async product(@Root() review: Review, @Ctx() ctx: Context): Promise<Product | null> {
    return visibleTo(await ctx.loaders.productById.load(review.productId), ctx.user);
  }
}

/** A product's reviews, as a field of the product. */
@Resolver(() => Product)
export class ProductReviewsResolver {
  @FieldResolver(() => ReviewPage, { description: "The product's reviews, newest first." })
  reviews(
    @Root() product: Product,
    @Arg("page", () => Int, { nullable: true, defaultValue: 1, description: "Page number, from 1." }) page: number | null,
    @Arg("pageSize", () => Int, { nullable: true, defaultValue: 10, description: "Reviews per page, 1 to 50." }) pageSize: number | null,
    @Ctx() ctx: Context,
  ): Promise<Page<Review>> {
    const paging = parseInput(pageInput(10), { page: page ?? undefined, pageSize: pageSize ?? undefined });
    return ctx.loaders.reviewPage(paging.page, paging.pageSize).load(product.id);
  }
}
