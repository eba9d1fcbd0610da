/**
 * The codes module's public face: what other modules (and app/) may import. The rest of this
 * folder is its own business; eslint.config.mjs refuses imports past this file.
 */
export { CodePurpose, OneTimeCode } from "./entity";
export { CODE_FORMAT, CODE_TTL_MINUTES, CODE_WRONG, OneTimeCodes } from "./service";
