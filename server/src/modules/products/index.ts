/**
 * The products module's public face: what other modules (and app/) may import. The rest of this
 * folder is its own business; eslint.config.mjs refuses imports past this file.
 */
export {
  CAMPUSES,
  CATALOG_CACHE,
  CATEGORIES,
  COLORS,
  CONDITIONS,
  labelOf,
  normalizeCampus,
  normalizeCategory,
  type CategorySlug,
  type ColorSlug,
  type CampusSlug,
} from "./catalog";
export { isListed, LISTED, Product, visibleTo } from "./entity";
export { type ProductChanged } from "./events";
export { type CatalogFilter, listSchema } from "./listing";
export { endHoldKeepHidden, setListingHidden, setRatings, setSellerSuspended } from "./marks";
export { giveBackUnits, takeUnits } from "./stock";
export { CatalogOption, ProductFilter } from "./types";
export { CatalogService } from "./catalog-service";
export { type CompanionSource, type ProductCompanion, type ProductPageAsks } from "./companions";
export { SearchIndex } from "./search-index";
export { SearchIndexThread, indexConnection } from "./search-index-thread";
export { ProductResolver, SellerProfileFieldsResolver } from "./resolver";
export { ProductsService } from "./service";
export { registerProductRoutes } from "./rest";
