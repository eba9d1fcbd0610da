/**
 * The reliability module's public face: what other modules (and app/) may import. The rest of this
 * folder is its own business; eslint.config.mjs refuses imports past this file.
 */
export { ReliabilityService } from "./service";
export {
  BuyerReliabilityResolver,
  NoShowResolver,
  OrderNoShowResolver,
  PartyReliabilityResolver,
  SellerReliabilityResolver,
} from "./resolver";
export { NoShowReport, UserReliability } from "./entity";
export { createDealLoaders } from "./loaders";
