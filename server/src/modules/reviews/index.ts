/**
 * The reviews module's public face: what other modules (and app/) may import. The rest of this
 * folder is its own business; eslint.config.mjs refuses imports past this file.
 */
export { DealReview, ReviewWindow } from "./deal-entity";
export { DealReviewResolver, OrderReviewsResolver } from "./deal-resolver";
export { DealReviewsService } from "./deals";
export { ProductReviewsResolver, ReviewResolver } from "./resolver";
export { Review } from "./entity";
export { ReviewsService } from "./service";
export { createOrderReviewLoaders, createReviewPageLoader, reviewPageCompanion } from "./loaders";
export { legacyProductReviewSchema, legacyProductReviews } from "./legacy";
export { registerReviewRoutes } from "./rest";
