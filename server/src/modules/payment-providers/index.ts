/**
 * The payment providers' public face: what other modules and app/ may use. The rest of this
 * folder (each provider's protocol, the simulators' pages and books) is its own business.
 */
export { PaymentProvidersService, ADMIN_PAYMENTS_PATH, type RefundOrder, type Settlement } from "./service";
export type { PayableCheckouts, PaymentBell, CheckoutToPay } from "./checkouts";
export type { PaymentCaptured, PaymentRefunded, CapturedOrder } from "./events";
export type { ProviderName } from "./provider";
export { PaymentAttempt, PaymentAttemptStatus, PaymentRefund, PaymentMismatch, RefundState } from "./entity";
export { SimulatorBank } from "./simulator-bank";
export { createProviders, walletCheckoutOrigins, isWalletPayment, PROVIDER_LABELS } from "./wallets";
export { paymentPath, type CardForm } from "./card-sandbox";
export { createWalletPaymentRouter, walletPage, HELD_NOTICE, TEST_MONEY_NOTICE } from "./pages";
export { createWalletSimulatorRouter } from "./simulator";
export { PaymentProvidersResolver } from "./resolver";
