/**
 * The screening module's public face: what other modules (and app/) may import. The rest of this
 * folder is its own business; eslint.config.mjs refuses imports past this file.
 */
export { SCREEN_FLAGS } from "./rules";
export { ScreeningService } from "./service";
export { copiedPhotoMatches, type CopiedPhotoMatch, copiedPhotoHold } from "./photos";
