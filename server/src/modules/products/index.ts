/**
 * The products module's public face: what other modules (and app/) may import. The rest of this
 * folder is its own business; eslint.config.mjs refuses imports past this file.
 */
export { CAMPUSES, CATALOG_CACHE, CATEGORIES, COLORS, CONDITIONS, labelOf, normalizeCampus, normalizeCategory } from "./catalog";
export { isListed, LISTED, Product, visibleTo } from "./entity";
export { type ProductChanged } from "./events";
export { type CatalogFilter, listSchema } from "./listing";
export { CatalogOption, ProductFilter } from "./types";
