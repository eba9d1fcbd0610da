import type { AppConfig } from "../platform/config";
import { registerAuthRoutes } from "../modules/auth/rest";
import { registerOrderRoutes } from "../modules/orders/rest";
import { registerProductRoutes } from "../modules/products/rest";
import { registerReviewRoutes } from "../modules/reviews/rest";
import { legacyProductReviewSchema, legacyProductReviews } from "../modules/reviews/legacy";
import { registerStatsRoutes } from "../modules/stats/rest";
import { registerUploadRoutes } from "../modules/uploads/rest";
import { registerUserRoutes } from "../modules/users/rest";
import type { RestApi } from "../platform/http/rest";

/** Every feature's legacy REST routes; a feature adds its registration here. */
export function restRoutes(config: AppConfig): Array<(api: RestApi) => void> {
  return [
    (api) => registerAuthRoutes(api, { secureCookies: config.nodeEnv === "production" }),
    registerUserRoutes,
    (api) => registerProductRoutes(api, { schema: legacyProductReviewSchema, of: legacyProductReviews }),
    registerReviewRoutes,
    registerOrderRoutes,
    registerUploadRoutes,
    registerStatsRoutes,
  ];
}
