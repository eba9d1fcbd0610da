/**
 * The payouts module's public face: what other modules (and app/) may import. The rest of this
 * folder is its own business; eslint.config.mjs refuses imports past this file.
 */
export { BalanceTestMoneyResolver, PayoutSellerResolver, PayoutsResolver } from "./resolver";
export { Payout } from "./entity";
export { PayoutsService } from "./service";
