/**
 * The users module's public face: what other modules (and app/) may import. The rest of this
 * folder is its own business; eslint.config.mjs refuses imports past this file.
 */
export { createAccount, markStudentVerified, revokeTokens, setLanguage, setPasswordHash, setSuspension } from "./accounts";
export { PUBLIC_PROFILE, type PublicProfile, SellerType, type TokensRevokedBy, User } from "./entity";
export { legacyUser, legacyUserSchema } from "./legacy";
export { UsersService } from "./service";
export { SellerProfile } from "./types";
export { UserFieldsResolver, UsersResolver } from "./resolver";
export { registerUserRoutes } from "./rest";
