/**
 * The escrow module's public face: what other modules (and app/) may import. The rest of this
 * folder is its own business; eslint.config.mjs refuses imports past this file.
 */
export { BALANCE_PATH, PaymentNotices, rupees } from "./notices";
export { Dispute, HeldPayment } from "./entity";
export { DisputeFieldsResolver, DisputesResolver, OrderEscrowFieldsResolver } from "./resolver";
export { DisputesService } from "./disputes";
export { EscrowService } from "./service";
export { createEscrowLoaders } from "./loaders";
export { readOrderMoney } from "./transitions";
