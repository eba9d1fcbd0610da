import { z } from "zod";
import type { AuthUser } from "../../platform/auth/roles";
import type { RequestLoaders } from "../../platform/request";
import { iso, ownEmail } from "../../platform/http/legacy";
import { MAX_PAGE_SIZE } from "../../platform/shared/pagination";
import type { Review } from "./entity";

const reviewFields = {
  _id: z.string(),
  comment: z.string(),
  rating: z.number(),
  productId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** A review as a user's own list shows it: `userId` is the plain id. */
export const legacyReviewSchema = z.object({ ...reviewFields, userId: z.string() });

/**
 * A review on a product page: `userId` populated with the author (null once their account was
 * deleted); `email` is filled only on the caller's own review.
 */
export const legacyProductReviewSchema = z.object({
  ...reviewFields,
  userId: z.object({ _id: z.string(), username: z.string(), email: z.string() }).nullable(),
});

export function legacyReview(r: Review): z.infer<typeof legacyReviewSchema> {
  return {
    _id: r.id,
    comment: r.comment,
    rating: r.rating,
    productId: r.productId,
    userId: r.userId,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

/**
 * A product's reviews, newest first, with their authors (one query for the reviews, one for the
 * authors), as `viewer` may see them. Legacy clients take the list whole: it is the first page of the
 * largest size.
 */
export async function legacyProductReviews(
  loaders: RequestLoaders,
  productId: string,
  viewer: AuthUser | null,
): Promise<Array<z.infer<typeof legacyProductReviewSchema>>> {
  const { items } = await loaders.reviewPage(1, MAX_PAGE_SIZE).load(productId);
  const authors = await Promise.all(items.map((r) => loaders.userById.load(r.userId)));
  return items.map((r, i) => {
    const author = authors[i];
    return { ...legacyReview(r), userId: author ? { _id: author.id, username: author.username, email: ownEmail(author, viewer) } : null };
  });
}
