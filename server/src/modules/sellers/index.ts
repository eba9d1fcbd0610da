/**
 * The sellers module's public face: what other modules (and app/) may import. The rest of this
 * folder is its own business; eslint.config.mjs refuses imports past this file.
 */
export { SellersResolver } from "./resolver";
export { SellersService } from "./service";
