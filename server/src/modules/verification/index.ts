/**
 * The verification module's public face: what other modules (and app/) may import. The rest of this
 * folder is its own business; eslint.config.mjs refuses imports past this file.
 */
export { universityOf } from "./universities";
export { SellerStudentFieldsResolver, UserStudentFieldsResolver, VerificationResolver } from "./resolver";
export { VerificationService } from "./service";
