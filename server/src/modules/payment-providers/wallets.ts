import type { AppConfig } from "../../platform/config";
import { CardSandbox } from "./card-sandbox";
import { EasypaisaProvider, type EasypaisaAccount } from "./easypaisa";
import { JazzCashProvider, type JazzCashAccount } from "./jazzcash";
import { fieldText, httpsApi, simulatorSecret, type PaymentProvider, type ProviderApi, type ProviderName } from "./provider";
import type { SimulatorBank } from "./simulator-bank";

export type WalletMethod = "jazzcash" | "easypaisa";

export const isWalletPayment = (method: string): method is WalletMethod => method === "jazzcash" || method === "easypaisa";

/** How buyers read each provider's name. */
export const PROVIDER_LABELS: Record<ProviderName, string> = { card: "card", jazzcash: "JazzCash", easypaisa: "Easypaisa" };

/** Where each wallet's built-in simulator serves its hosted checkout and its APIs (paths on this server). */
export const SIMULATOR_PATHS = {
  jazzcash: { checkout: "/simulator/jazzcash", inquiry: "/simulator/jazzcash/inquire", refund: "/simulator/jazzcash/refund" },
  easypaisa: { checkout: "/simulator/easypaisa", inquiry: "/simulator/easypaisa/inquire", refund: "/simulator/easypaisa/refund" },
} as const;

/** Where each wallet's callback comes back to (a path on this server), and JazzCash's server-to-server IPN. */
export const RETURN_PATHS: Record<WalletMethod, string> = { jazzcash: "/pay/return/jazzcash", easypaisa: "/pay/return/easypaisa" };
export const JAZZCASH_IPN_PATH = "/pay/ipn/jazzcash";

type Settings = Pick<AppConfig, "jazzcash" | "jwtSecret" | "paymentsSandbox" | "publicUrl">;

/** The simulators' merchant accounts, whose secrets derive from the server's secret (not guessable, the same on every process). */
export function simulatorAccounts(jwtSecret: string): { jazzcash: JazzCashAccount; easypaisa: EasypaisaAccount } {
  return {
    jazzcash: {
      merchantId: "UBSIMULATOR",
      password: simulatorSecret(jwtSecret, "jazzcash-password", 10),
      integritySalt: simulatorSecret(jwtSecret, "jazzcash-salt", 10),
      merchantMpin: "0000",
      checkoutUrl: SIMULATOR_PATHS.jazzcash.checkout,
      inquiryUrl: SIMULATOR_PATHS.jazzcash.inquiry,
      refundUrl: SIMULATOR_PATHS.jazzcash.refund,
    },
    easypaisa: {
      storeId: "10001",
      hashKey: simulatorSecret(jwtSecret, "easypaisa-hash-key", 16),
      checkoutUrl: SIMULATOR_PATHS.easypaisa.checkout,
      username: "ubsimulator",
      password: simulatorSecret(jwtSecret, "easypaisa-api-password", 16),
      accountNum: "654321",
      inquiryUrl: SIMULATOR_PATHS.easypaisa.inquiry,
      refundUrl: SIMULATOR_PATHS.easypaisa.refund,
    },
  };
}

/** The simulators' APIs, called in this process with the bodies and headers the HTTP endpoints take. */
function simulatorApi(bank: SimulatorBank, accounts: ReturnType<typeof simulatorAccounts>): ProviderApi {
  return async (url, body, headers = {}) => {
    const credentials = fieldText(headers, "Credentials");
    switch (url) {
      case SIMULATOR_PATHS.jazzcash.inquiry:
        return bank.jazzcashInquire(accounts.jazzcash, body);
      case SIMULATOR_PATHS.jazzcash.refund:
        return bank.jazzcashRefund(accounts.jazzcash, body);
      case SIMULATOR_PATHS.easypaisa.inquiry:
        return bank.easypaisaInquire(accounts.easypaisa, body, credentials);
      case SIMULATOR_PATHS.easypaisa.refund:
        return bank.easypaisaRefund(accounts.easypaisa, body, credentials);
      default:
        throw new Error(`no simulator API at ${url}`);
    }
  };
}

/** The providers this server takes money with, by name; a provider missing here is not offered at checkout. */
export type Providers = Partial<Record<ProviderName, PaymentProvider>> & { card?: CardSandbox };

/**
 * The providers from the configuration: a live JazzCash account (offered only with PUBLIC_URL, its
 * return and IPN addresses); with the sandbox on (PAYMENTS_SANDBOX, on outside production), the
 * card sandbox and a simulator for each wallet with no live account. Production without either
 * offers no online payment at all.
 */
export function createProviders(
  config: Settings,
  bank: SimulatorBank,
): { providers: Providers; simulated: Partial<ReturnType<typeof simulatorAccounts>> } {
  const accounts = simulatorAccounts(config.jwtSecret);
  const api = simulatorApi(bank, accounts);
  const providers: Providers = {};
  const simulated: Partial<ReturnType<typeof simulatorAccounts>> = {};
  if (config.jazzcash) {
    if (config.publicUrl) providers.jazzcash = new JazzCashProvider(config.jazzcash, httpsApi, false);
  } else if (config.paymentsSandbox) {
    providers.jazzcash = new JazzCashProvider(accounts.jazzcash, api, true);
    simulated.jazzcash = accounts.jazzcash;
  }
  if (config.paymentsSandbox) {
    providers.easypaisa = new EasypaisaProvider(accounts.easypaisa, api, true);
    simulated.easypaisa = accounts.easypaisa;
    providers.card = new CardSandbox(bank);
  }
  return { providers, simulated };
}

/** The origins of the live hosted checkouts, which the payment page's form may post to (CSP form-action). */
export const walletCheckoutOrigins = (config: Pick<AppConfig, "jazzcash">): string[] =>
  config.jazzcash ? [new URL(config.jazzcash.checkoutUrl).origin] : [];
