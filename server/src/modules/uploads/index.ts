/**
 * The uploads module's public face: what other modules (and app/) may import. The rest of this
 * folder is its own business; eslint.config.mjs refuses imports past this file.
 */
export { Image } from "./entity";
export { UploadResolver } from "./resolver";
export { registerUploadRoutes } from "./rest";
export { type ImageWidth, UploadsService } from "./service";
