/**
 * The saved module's public face: what other modules (and app/) may import. The rest of this
 * folder is its own business; eslint.config.mjs refuses imports past this file.
 */
export { SavedAlerts } from "./alerts";
export { SavedItem } from "./entity";
export { SavedResolver } from "./resolver";
export { SavedService } from "./service";
