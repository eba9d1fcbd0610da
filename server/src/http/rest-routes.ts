import type { AppConfig } from "../config";
import { registerAuthRoutes } from "../modules/auth/rest";
import { registerOrderRoutes } from "../modules/orders/rest";
import { registerProductRoutes } from "../modules/products/rest";
import { registerReviewRoutes } from "../modules/reviews/rest";
import { registerUploadRoutes } from "../modules/uploads/rest";
import type { RestApi } from "./rest";

/** Every feature's legacy REST routes; a feature adds its registration here. */
export function restRoutes(config: AppConfig): Array<(api: RestApi) => void> {
  return [
    (api) => registerAuthRoutes(api, { secureCookies: config.nodeEnv === "production" }),
    registerProductRoutes,
    registerReviewRoutes,
    registerOrderRoutes,
    registerUploadRoutes,
  ];
}
