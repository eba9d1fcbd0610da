import type { AppConfig, EasypaisaAccount, JazzCashAccount } from "../../platform/config";
import { PaymentMethod } from "../orders/entity";
import { EasypaisaProvider } from "./easypaisa";
import { JazzCashProvider } from "./jazzcash";
import { simulatorSecret } from "./provider";

export type WalletMethod = PaymentMethod.JAZZCASH | PaymentMethod.EASYPAISA;

export const isWalletPayment = (method: PaymentMethod): method is WalletMethod =>
  method === PaymentMethod.JAZZCASH || method === PaymentMethod.EASYPAISA;

/** How buyers read each wallet's name. */
export const WALLET_LABELS: Record<WalletMethod, string> = { [PaymentMethod.JAZZCASH]: "JazzCash", [PaymentMethod.EASYPAISA]: "Easypaisa" };

/** Where each wallet's built-in simulator takes the signed request (a path on this server). */
export const SIMULATOR_PATHS = { jazzcash: "/simulator/jazzcash", easypaisa: "/simulator/easypaisa" } as const;

/** Where each wallet's callback comes back to (a path on this server). */
export const RETURN_PATHS: Record<WalletMethod, string> = {
  [PaymentMethod.JAZZCASH]: "/pay/return/jazzcash",
  [PaymentMethod.EASYPAISA]: "/pay/return/easypaisa",
};

/**
 * The wallets' merchant accounts: the configured ones, or each simulator's own account, whose
 * secrets are derived from the server's secret (not guessable, the same on every process).
 */
export function walletAccounts(config: Pick<AppConfig, "jazzcash" | "easypaisa" | "jwtSecret">): {
  jazzcash: JazzCashAccount & { simulated: boolean };
  easypaisa: EasypaisaAccount & { simulated: boolean };
} {
  return {
    jazzcash: config.jazzcash
      ? { ...config.jazzcash, simulated: false }
      : {
          merchantId: "UBSIMULATOR",
          password: simulatorSecret(config.jwtSecret, "jazzcash-password", 10),
          integritySalt: simulatorSecret(config.jwtSecret, "jazzcash-salt", 10),
          checkoutUrl: SIMULATOR_PATHS.jazzcash,
          simulated: true,
        },
    easypaisa: config.easypaisa
      ? { ...config.easypaisa, simulated: false }
      : {
          storeId: "10001",
          hashKey: simulatorSecret(config.jwtSecret, "easypaisa-hash-key", 16),
          checkoutUrl: SIMULATOR_PATHS.easypaisa,
          simulated: true,
        },
  };
}

/** The accounts of the wallets with no merchant account configured, which their simulators stand in for. */
export function simulatedWallets(config: Pick<AppConfig, "jazzcash" | "easypaisa" | "jwtSecret">) {
  const { jazzcash, easypaisa } = walletAccounts(config);
  return { jazzcash: jazzcash.simulated ? jazzcash : undefined, easypaisa: easypaisa.simulated ? easypaisa : undefined };
}

export type WalletProviders = { [PaymentMethod.JAZZCASH]: JazzCashProvider; [PaymentMethod.EASYPAISA]: EasypaisaProvider };

export function createWalletProviders(config: Pick<AppConfig, "jazzcash" | "easypaisa" | "jwtSecret">): WalletProviders {
  const accounts = walletAccounts(config);
  return {
    [PaymentMethod.JAZZCASH]: new JazzCashProvider(accounts.jazzcash),
    [PaymentMethod.EASYPAISA]: new EasypaisaProvider(accounts.easypaisa),
  };
}

/** The origins of the configured hosted checkouts, which the payment page's form may post to (CSP form-action). */
export const walletCheckoutOrigins = (config: Pick<AppConfig, "jazzcash" | "easypaisa">): string[] =>
  [config.jazzcash?.checkoutUrl, config.easypaisa?.checkoutUrl].flatMap((url) => (url ? [new URL(url).origin] : []));
