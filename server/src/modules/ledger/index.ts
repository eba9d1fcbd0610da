/**
 * The ledger module's public face: what other modules (and app/) may import. The rest of this
 * folder is its own business; eslint.config.mjs refuses imports past this file.
 */
export { accounts } from "./accounts";
export { MovementKind, LedgerEntry, LedgerMovement } from "./entity";
export { LedgerService, type SellerBalance as SellerBalanceView } from "./service";
export { SellerBalance } from "./types";
export { BalanceEntryFieldsResolver, LedgerResolver } from "./resolver";
