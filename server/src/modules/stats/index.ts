/**
 * The stats module's public face: what other modules (and app/) may import. The rest of this
 * folder is its own business; eslint.config.mjs refuses imports past this file.
 */
export { StatsResolver } from "./resolver";
export { StatsService } from "./service";
export { registerStatsRoutes } from "./rest";
