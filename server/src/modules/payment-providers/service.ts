import { randomInt } from "node:crypto";
import { Not, type DataSource } from "typeorm";
import type { Clock } from "../../platform/clock";
import type { AppConfig } from "../../platform/config";
import type { EventBus } from "../../platform/events";
import { badInput, conflict, notFound } from "../../platform/shared/errors";
import { CheckoutSession, Order, OrderStatus, PaymentStatus } from "../orders/entity";
import { isUuid } from "../orders/pricing";
import { capturePayment, CHECKOUT_NOT_PAYABLE } from "./capture";
import { PaymentAttempt, PaymentAttemptStatus } from "./entity";
import { createWalletProviders, type WalletMethod, type WalletProviders } from "./wallets";
import type { CallbackFields, PaymentRedirect } from "./provider";

export const CALLBACK_NOT_SIGNED = "The payment answer's signature does not match: it was refused.";
export const UNKNOWN_REFERENCE = "No payment has this reference.";
export const AMOUNT_MISMATCH = "The payment answer's amount does not match the order: it was refused.";
export const WRONG_CURRENCY = "The payment answer is not in PKR: it was refused.";

/** How a verified callback ended: the checkout paid, the payment failed at the provider, or a second delivery that changed nothing. */
export type Settlement = { checkoutId: string; outcome: "paid" | "failed" | "replayed"; message: string | null };

const REFERENCE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A new attempt's reference: "UB" and 18 random letters and digits (20, JazzCash's longest `pp_TxnRefNo`). */
const newReference = () => `UB${Array.from({ length: 18 }, () => REFERENCE_LETTERS[randomInt(REFERENCE_LETTERS.length)]).join("")}`;

/** Wallet payments: starting one at its provider's hosted checkout and settling the provider's callback. */
export class PaymentProvidersService {
  readonly wallets: WalletProviders;

  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventBus,
    private readonly clock: Clock,
    config: Pick<AppConfig, "jazzcash" | "easypaisa" | "jwtSecret">,
  ) {
    this.wallets = createWalletProviders(config);
  }

  /**
   * Starts paying a wallet checkout: records an attempt for its total and answers the signed
   * redirect to the provider's hosted checkout, which sends the buyer back to `returnUrl`.
   * The unguessable checkout id is the key, as for the card page.
   */
  async startWalletPayment(checkoutId: string, returnUrl: (method: WalletMethod) => string): Promise<PaymentRedirect> {
    const session = isUuid(checkoutId) ? await this.dataSource.getRepository(CheckoutSession).findOneBy({ id: checkoutId }) : null;
    if (!session) throw notFound("Checkout not found.");
    const provider = this.wallets[session.paymentMethod as WalletMethod];
    if (!provider) throw badInput("This checkout is not paid with a wallet.");
    if (session.paymentStatus === PaymentStatus.PAID) throw conflict("This checkout is already paid.");
    const unpayable = await this.dataSource
      .getRepository(Order)
      .existsBy({ checkoutSessionId: checkoutId, status: Not(OrderStatus.PENDING) });
    if (unpayable) throw conflict(CHECKOUT_NOT_PAYABLE);
    const attempt = await this.dataSource.getRepository(PaymentAttempt).save({
      reference: newReference(),
      checkoutSessionId: checkoutId,
      provider: provider.method,
      amountPaisa: session.totalPaisa,
    });
    return provider.start({
      reference: attempt.reference,
      amountPaisa: attempt.amountPaisa,
      returnUrl: returnUrl(provider.method),
      description: "UniBazaar order",
      now: this.clock.now(),
    });
  }

  /**
   * Settles a provider's callback. Refused, changing nothing: a signature that is not the
   * merchant's, an unknown reference, an amount or currency that is not the attempt's, a checkout
   * cancelled or refused meanwhile, or one already paid by another attempt. A second delivery of
   * a settled attempt's callback changes nothing either. A paid one captures the payment (the
   * checkout and its orders paid, `payment.captured` published) in the same transaction.
   */
  async settleCallback(method: WalletMethod, fields: CallbackFields): Promise<Settlement> {
    const provider = this.wallets[method];
    const callback = provider.readCallback(fields);
    if (!callback) throw badInput(CALLBACK_NOT_SIGNED);
    return this.dataSource.transaction(async (manager) => {
      const attempt = await manager
        .getRepository(PaymentAttempt)
        .createQueryBuilder("a")
        .setLock("pessimistic_write")
        .where("a.reference = :reference AND a.provider = :provider", { reference: callback.reference, provider: method })
        .getOne();
      if (!attempt) throw notFound(UNKNOWN_REFERENCE);
      if (attempt.status !== PaymentAttemptStatus.STARTED)
        return { checkoutId: attempt.checkoutSessionId, outcome: "replayed", message: attempt.message };
      if (callback.currency !== "PKR") throw badInput(WRONG_CURRENCY);
      if (callback.amountPaisa !== attempt.amountPaisa) throw badInput(AMOUNT_MISMATCH);
      const settled = { providerTransactionId: callback.providerTransactionId?.slice(0, 64) ?? null, settledAt: new Date() };
      if (!callback.paid) {
        const message = callback.message || "The payment was not completed.";
        await manager.update(PaymentAttempt, attempt.id, { ...settled, status: PaymentAttemptStatus.FAILED, message });
        return { checkoutId: attempt.checkoutSessionId, outcome: "failed", message };
      }
      const captured = await capturePayment(manager, this.events, attempt.checkoutSessionId, {
        provider: method,
        reference: callback.providerTransactionId ?? attempt.reference,
      });
      if (!captured) throw conflict("This checkout is already paid: this payment was refused.");
      await manager.update(PaymentAttempt, attempt.id, { ...settled, status: PaymentAttemptStatus.PAID });
      return { checkoutId: attempt.checkoutSessionId, outcome: "paid", message: null };
    });
  }
}
