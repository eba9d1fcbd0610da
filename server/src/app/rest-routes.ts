import type { AppConfig } from "../platform/config";
import { registerAuthRoutes } from "../modules/auth";
import { registerOrderRoutes } from "../modules/orders";
import { registerProductRoutes } from "../modules/products";
import { legacyProductReviews, legacyProductReviewSchema, registerReviewRoutes } from "../modules/reviews";
import { registerStatsRoutes } from "../modules/stats";
import { registerUploadRoutes } from "../modules/uploads";
import { registerUserRoutes } from "../modules/users";
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
