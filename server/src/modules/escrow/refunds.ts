import { createHash } from "node:crypto";
import { PaymentMethod } from "../orders/entity";

/** A refund asked of a payment provider: part or all of one captured payment, keyed so a retry refunds once. */
export type RefundRequest = { provider: string; reference: string; amountPaisa: number; key: string };

/** Gives money back through the provider that took it; answers the provider's refund reference. */
export interface PaymentRefunds {
  refund(request: RefundRequest): Promise<string>;
}

/** The providers whose payments are taken online: the card sandbox and the wallets (or their simulators). */
const ONLINE_PROVIDERS: readonly string[] = [PaymentMethod.CARD, PaymentMethod.JAZZCASH, PaymentMethod.EASYPAISA];

/**
 * The sandbox's refunds: like the sandbox card page and the wallet simulators, nothing is charged so
 * nothing moves; it accepts every refund of an online payment and answers the same reference for the
 * same key, as a provider's idempotent refund API does.
 */
export const sandboxRefunds: PaymentRefunds = {
  refund({ provider, amountPaisa, key }) {
    if (!ONLINE_PROVIDERS.includes(provider)) return Promise.reject(new Error(`no refunds for payment provider "${provider}"`));
    if (!Number.isSafeInteger(amountPaisa) || amountPaisa <= 0) return Promise.reject(new Error("a refund needs a positive amount"));
    return Promise.resolve(`sandbox-refund-${createHash("sha256").update(key).digest("hex").slice(0, 16)}`);
  },
};
