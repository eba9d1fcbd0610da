/**
 * The alerts module's public face: what other modules (and app/) may import. The rest of this
 * folder is its own business; eslint.config.mjs refuses imports past this file.
 */
export { ListingAlerts } from "./matching";
export { SavedSearch } from "./entity";
export { SavedSearchesResolver } from "./resolver";
export { SavedSearchesService } from "./service";
