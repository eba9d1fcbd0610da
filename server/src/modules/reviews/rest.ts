import { z } from "zod";
import { assertNamesCaller, idRef, messageSchema, numeric, pageQuery } from "../../platform/http/legacy";
import type { RestApi } from "../../platform/http/rest";
import { MAX_PAGE_SIZE } from "../../platform/shared/pagination";
import { legacyProductReviewSchema, legacyProductReviews, legacyReview, legacyReviewSchema } from "./legacy";

const TAG = "reviews";

/** /api/reviews: post (or update) a review, the marketplace counter, a user's reviews. */
export function registerReviewRoutes(api: RestApi) {
  api.route({
    method: "post",
    path: "/reviews/post-review",
    tag: TAG,
    summary: "Rates a product as the caller; a second post for the same product updates the review",
    access: "signed-in",
    // the service checks rating, comment and product and gives the per-field messages
    body: z.object({
      comment: z.string().optional(),
      rating: numeric("rating").optional(),
      productId: idRef.optional(),
      userId: idRef.optional(),
    }),
    responses: {
      200: {
        description: "Every review of that product, newest first",
        schema: messageSchema.extend({ reviews: z.array(legacyProductReviewSchema) }),
      },
      404: { description: "Unknown product" },
    },
    handler: async ({ user, body, services, loaders }) => {
      assertNamesCaller(user, body.userId, {
        adminMay: false,
        message: "userId must be your own id: reviews are posted as the signed-in user.",
      });
      const review = await services.reviews.post(
        { productId: body.productId ?? "", rating: body.rating as number, comment: body.comment ?? "" },
        user,
      );
      return {
        body: { message: "Review processed successfully", reviews: await legacyProductReviews(loaders, review.productId, user) },
      };
    },
  });

  // before /reviews/:userId, which would take "total-reviews" as an id
  api.route({
    method: "get",
    path: "/reviews/total-reviews",
    tag: TAG,
    summary: "Number of reviews on the marketplace",
    access: "public",
    responses: { 200: { description: "The count", schema: z.object({ totalReviews: z.number() }) } },
    handler: async ({ services }) => ({ body: { totalReviews: await services.reviews.totalReviews() } }),
  });

  api.route({
    method: "get",
    path: "/reviews/:userId",
    tag: TAG,
    summary: `A user's reviews, newest first, as an array: the user themself or an admin; ${MAX_PAGE_SIZE} per page (?page=, ?limit=)`,
    access: "signed-in",
    params: z.object({ userId: z.string() }),
    query: pageQuery,
    responses: { 200: { description: "The reviews", schema: z.array(legacyReviewSchema) } },
    handler: async ({ user, params, query, services }) => {
      const page = await services.reviews.ofUser(params.userId, user, { page: query.page, pageSize: query.limit ?? MAX_PAGE_SIZE });
      return { body: page.items.map(legacyReview) };
    },
  });
}
