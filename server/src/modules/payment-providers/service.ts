import { randomInt } from "node:crypto";
import { In, type DataSource, type EntityManager } from "typeorm";
import type { Clock } from "../../platform/clock";
import type { EventBus } from "../../platform/events";
import type { JobQueue } from "../../platform/jobs";
import { badInput, conflict, notFound } from "../../platform/shared/errors";
import { rupees } from "../../platform/shared/money";
import { accounts, MovementKind, type LedgerService } from "../ledger";
import type { CardForm } from "./card-sandbox";
import type { PayableCheckouts, PaymentBell } from "./checkouts";
import { PaymentAttempt, PaymentAttemptStatus, PaymentMismatch, PaymentRefund, RefundState } from "./entity";
import type { CallbackFields, Inquiry, PaymentRedirect, ProviderName } from "./provider";
import { lockAttempt, reconcile, recordMismatch, type AdminBell } from "./reconciliation";
export { ADMIN_PAYMENTS_PATH } from "./reconciliation";
import { PaymentRefunds, type RefundOrder } from "./refunds";
export type { RefundOrder } from "./refunds";
import type { SimulatorBank } from "./simulator-bank";
import { PROVIDER_LABELS, RETURN_PATHS, type Providers, type WalletMethod } from "./wallets";

export const CALLBACK_NOT_SIGNED = "The payment answer is not one the provider signed: it was refused.";
export const UNKNOWN_REFERENCE = "No payment has this reference.";
export const PROVIDER_SILENT = "The payment provider did not answer. If you paid, your payment is checked again shortly: nothing is lost.";
export const NOT_OFFERED = "This payment method is not available.";

/** What the admins' payments page lists (see `problems`). */
export type PaymentProblems = {
  refused: PaymentAttempt[];
  /** The refunds of the refused payments (keyed `refused:<attempt id>`), waiting or sent. */
  refusedRefunds: PaymentRefund[];
  refundsWaiting: PaymentRefund[];
  /** Refunds the provider may have made: an admin checks with it, then confirms them or sends them again. */
  refundsInDoubt: PaymentRefund[];
  mismatches: PaymentMismatch[];
};

/** How a payment ended: the checkout paid, the payment failed, refused and refunded, still pending at the provider, or a second delivery that changed nothing. */
export type Settlement = {
  checkoutId: string;
  outcome: "paid" | "failed" | "refused" | "pending" | "replayed";
  message: string | null;
};

const REFERENCE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A new attempt's reference: "UB" and 18 random letters and digits (20, JazzCash's longest `pp_TxnRefNo`). */
const newReference = () => `UB${Array.from({ length: 18 }, () => REFERENCE_LETTERS[randomInt(REFERENCE_LETTERS.length)]).join("")}`;

/** A refused payment's key: its ledger movement's and its refund's. */
const refusalKey = (attemptId: string) => `refused:${attemptId}`;

/** How far back the daily reconciliation looks. */
const RECONCILE_DAYS = 3;

/**
 * Money taken online, from the hand-off to the provider to the refund. A callback only names a
 * reference: a payment counts as taken when the provider's own inquiry says it is paid for exactly
 * the attempt's amount. A payment the checkout can no longer take is recorded as refused, posted to
 * the ledger as owed back and refunded through the provider, never dropped. Refunds are jobs,
 * retried while the provider refuses them, posted as sent only once it confirms them, and left to
 * an admin when its answer never came (refunds.ts).
 */
export class PaymentProvidersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly deps: {
      events: EventBus;
      clock: Clock;
      jobs: JobQueue;
      ledger: LedgerService;
      checkouts: PayableCheckouts;
      bell: PaymentBell & AdminBell;
    },
    readonly providers: Providers,
    readonly bank: SimulatorBank,
    /** PUBLIC_URL: the only base of the addresses a live provider sends buyers back to. */
    private readonly publicUrl: string | undefined,
  ) {
    this.refunds = new PaymentRefunds(dataSource, deps, providers);
  }

  /** Refunds: sent by a job, resolved by an admin when in doubt (refunds.ts). */
  readonly refunds: PaymentRefunds;

  /** The online payment methods a checkout may choose here (none in production without providers). */
  methodsOffered(): ProviderName[] {
    return (Object.keys(this.providers) as ProviderName[]).filter((name) => this.providers[name]);
  }

  /** Whether `method` takes test money here. */
  isSandbox(method: string): boolean {
    return this.providers[method as ProviderName]?.sandbox ?? false;
  }

  /**
   * Starts paying a wallet checkout: records an attempt for its total and answers the signed
   * redirect to the provider's hosted checkout. The unguessable checkout id is the key, as for the card page.
   */
  async startWalletPayment(checkoutId: string): Promise<PaymentRedirect> {
    const { checkout, provider } = await this.payable(checkoutId);
    if (provider.name === "card") throw badInput("This checkout is not paid with a wallet.");
    const attempt = await this.newAttempt(checkout.id, checkout.buyerId, provider.name, checkout.totalPaisa, provider.sandbox);
    // a simulator on this server is reached by its path; a live provider by PUBLIC_URL only (never a request's Host)
    const path = RETURN_PATHS[provider.name];
    return provider.start({
      reference: attempt.reference,
      checkoutId: checkout.id,
      amountPaisa: attempt.amountPaisa,
      returnUrl: this.publicUrl ? `${this.publicUrl}${path}` : path,
      description: "UniBazaar order",
      now: this.deps.clock.now(),
    });
  }

  /** The card sandbox page's submit: the card charged in the sandbox, then settled by its inquiry like any payment. */
  async payByCard(checkoutId: string, card: CardForm): Promise<Settlement> {
    const { checkout, provider } = await this.payable(checkoutId);
    const sandbox = this.providers.card;
    if (provider.name !== "card" || !sandbox) throw badInput("This checkout is not paid by card.");
    const attempt = await this.newAttempt(checkout.id, checkout.buyerId, "card", checkout.totalPaisa, true);
    const result = await sandbox.charge(attempt.reference, attempt.amountPaisa, card, this.deps.clock.now());
    if (result.outcome === "invalid") {
      await this.dataSource.getRepository(PaymentAttempt).delete({ id: attempt.id });
      throw badInput("Check your card details.", result.fields);
    }
    const settled = await this.confirm(attempt);
    if (settled.outcome === "failed") throw badInput(settled.message ?? "", { cardNumber: settled.message ?? "" });
    return settled;
  }

  /** A provider's callback or IPN: a hint naming a reference, which the provider's inquiry then settles. */
  async settleCallback(method: WalletMethod, fields: CallbackFields): Promise<Settlement> {
    const provider = this.providers[method];
    if (!provider) throw notFound(NOT_OFFERED);
    const reference = provider.callbackReference(fields);
    if (!reference) throw badInput(CALLBACK_NOT_SIGNED);
    const attempt = await this.dataSource.getRepository(PaymentAttempt).findOneBy({ reference, provider: method });
    if (!attempt) throw notFound(UNKNOWN_REFERENCE);
    return this.confirm(attempt);
  }

  /** Asks the attempt's provider and settles the attempt on its answer (a settled attempt changes nothing). */
  async confirm(attempt: PaymentAttempt): Promise<Settlement> {
    if (attempt.status !== PaymentAttemptStatus.STARTED) return replayed(attempt);
    const provider = this.providers[attempt.provider];
    if (!provider) throw conflict(NOT_OFFERED);
    let inquiry: Inquiry;
    try {
      inquiry = await provider.inquire(attempt.reference);
    } catch {
      // the reconciliation asks again: a payment the provider took is settled then
      throw conflict(PROVIDER_SILENT);
    }
    await this.dataSource.query(
      `INSERT INTO payment_inquiries ("attemptId", status, "amountPaisa", "transactionId", message) VALUES ($1, $2, $3, $4, $5)`,
      [attempt.id, inquiry.status, inquiry.amountPaisa, inquiry.transactionId, inquiry.message],
    );
    return this.dataSource.transaction((manager) => this.settle(manager, attempt.id, inquiry));
  }

  /** Settles an attempt on its provider's answer in the caller's transaction, on the attempt locked and read again. */
  private async settle(manager: EntityManager, attemptId: string, inquiry: Inquiry): Promise<Settlement> {
    const attempt = await lockAttempt(manager, attemptId);
    const checkoutId = attempt.checkoutSessionId;
    if (attempt.status !== PaymentAttemptStatus.STARTED) return replayed(attempt);
    if (inquiry.status === "pending") return { checkoutId, outcome: "pending", message: null };
    if (inquiry.reference !== attempt.reference) {
      await recordMismatch(
        manager,
        this.deps.bell,
        attempt.provider,
        attempt.reference,
        `the provider answered the inquiry for ${inquiry.reference ?? "no reference"}`,
      );
      return { checkoutId, outcome: "pending", message: null };
    }
    const settled = { providerTransactionId: inquiry.transactionId, settledAt: this.deps.clock.now() };
    if (inquiry.status === "failed") {
      const message = inquiry.message || "The payment was not completed.";
      await manager.update(PaymentAttempt, attempt.id, { ...settled, status: PaymentAttemptStatus.FAILED, message });
      return { checkoutId, outcome: "failed", message };
    }
    const taken = inquiry.amountPaisa;
    if (taken === null || taken <= 0) {
      await recordMismatch(manager, this.deps.bell, attempt.provider, attempt.reference, "the provider says paid without an amount");
      return { checkoutId, outcome: "pending", message: null };
    }
    if (taken !== attempt.amountPaisa) {
      return this.refuse(manager, attempt, inquiry, `${rupees(taken)} was paid where ${rupees(attempt.amountPaisa)} was due.`);
    }
    const claim = await this.deps.checkouts.claim(manager, checkoutId, taken);
    if ("refused" in claim) return this.refuse(manager, attempt, inquiry, claim.refused);
    await manager.update(PaymentAttempt, attempt.id, { ...settled, status: PaymentAttemptStatus.PAID });
    await this.deps.events.publish(manager, "payment.captured", {
      checkoutSessionId: checkoutId,
      provider: attempt.provider,
      reference: attempt.reference,
      testMoney: attempt.sandbox,
      orders: claim.orders,
    });
    return { checkoutId, outcome: "paid", message: null };
  }

  /** Money the provider took that the checkout cannot take: recorded, owed back in the ledger, refunded, the buyer told. */
  private async refuse(manager: EntityManager, attempt: PaymentAttempt, inquiry: Inquiry, reason: string): Promise<Settlement> {
    const taken = inquiry.amountPaisa!;
    await manager.update(PaymentAttempt, attempt.id, {
      status: PaymentAttemptStatus.REFUSED,
      refusedReason: reason.slice(0, 300),
      providerTransactionId: inquiry.transactionId,
      settledAt: this.deps.clock.now(),
    });
    await this.deps.ledger.post(manager, {
      key: refusalKey(attempt.id),
      kind: MovementKind.REFUSED,
      entries: [
        { account: accounts.provider(attempt.provider), amountPaisa: -taken },
        { account: accounts.refundsPending, amountPaisa: taken },
      ],
    });
    await this.requestRefund(manager, {
      key: refusalKey(attempt.id),
      provider: attempt.provider,
      attemptReference: attempt.reference,
      transactionId: inquiry.transactionId,
      amountPaisa: taken,
      orderId: null,
      buyerId: attempt.buyerId,
      sandbox: attempt.sandbox,
      reason,
    });
    const message = `Your ${PROVIDER_LABELS[attempt.provider]} payment of ${rupees(taken)} could not be accepted: ${reason} It is being refunded to you in full.`;
    const params = { provider: PROVIDER_LABELS[attempt.provider], amountPaisa: taken, reason };
    await this.deps.bell.tell([attempt.buyerId], { key: "payment.refused", params }, "/orders", manager);
    return { checkoutId: attempt.checkoutSessionId, outcome: "refused", message };
  }

  /**
   * Orders a refund through the provider that took the money, in the caller's transaction: recorded
   * once per key, and sent by the `payments.refund` job (refunds.ts). The caller has already moved
   * the amount to the ledger's refunds owed.
   */
  requestRefund(manager: EntityManager, refund: RefundOrder): Promise<void> {
    return this.refunds.request(manager, refund);
  }

  /** The `payments.refund` job: sends one refund through its provider (refunds.ts). */
  sendRefund(payload: { refundId: string }, manager: EntityManager): Promise<void> {
    return this.refunds.send(payload, manager);
  }

  /** The daily `payments.reconcile` job (reconciliation.ts): it asks outside any transaction and settles each attempt in its own. */
  reconcile(): Promise<number> {
    return reconcile(this.dataSource, {
      providers: this.providers,
      offered: this.methodsOffered(),
      ledger: this.deps.ledger,
      bell: this.deps.bell,
      since: new Date(this.deps.clock.now().getTime() - RECONCILE_DAYS * 86_400_000),
      settle: (manager, attemptId, inquiry) => this.settle(manager, attemptId, inquiry),
    });
  }

  /**
   * What the admins' payments page lists: payments refused and refunded (with their refunds),
   * refunds still waiting for the provider, those in doubt, and reconciliation's mismatches.
   */
  async problems(): Promise<PaymentProblems> {
    const refundsIn = (state: RefundState) =>
      this.dataSource.getRepository(PaymentRefund).find({ where: { state }, order: { createdAt: "DESC" }, take: 100 });
    const [refused, refundsWaiting, refundsInDoubt, mismatches] = await Promise.all([
      this.dataSource
        .getRepository(PaymentAttempt)
        .find({ where: { status: PaymentAttemptStatus.REFUSED }, order: { createdAt: "DESC" }, take: 100 }),
      refundsIn(RefundState.REQUESTED),
      refundsIn(RefundState.IN_DOUBT),
      this.dataSource.getRepository(PaymentMismatch).find({ order: { createdAt: "DESC" }, take: 100 }),
    ]);
    // the refused payments' refunds, sent or not, in one query
    const refusedRefunds = refused.length
      ? await this.dataSource.getRepository(PaymentRefund).findBy({ key: In(refused.map((attempt) => refusalKey(attempt.id))) })
      : [];
    return { refused, refusedRefunds, refundsWaiting, refundsInDoubt, mismatches };
  }

  /** The refunds of one payment reference (the admins' and the buyer's view of where a refund is). */
  refundsOf(attemptReference: string): Promise<PaymentRefund[]> {
    return this.dataSource.getRepository(PaymentRefund).find({ where: { attemptReference }, order: { createdAt: "ASC" } });
  }

  private async payable(checkoutId: string) {
    const checkout = await this.deps.checkouts.find(checkoutId);
    if (!checkout) throw notFound("Checkout not found.");
    const provider = this.providers[checkout.method as ProviderName];
    if (!provider)
      throw badInput(checkout.method === "card" || checkout.method in RETURN_PATHS ? NOT_OFFERED : "This checkout is paid in cash.");
    if (checkout.paid) throw conflict("This checkout is already paid.");
    if (checkout.notPayable) throw conflict(checkout.notPayable);
    return { checkout, provider };
  }

  private newAttempt(checkoutSessionId: string, buyerId: string | null, provider: ProviderName, amountPaisa: number, sandbox: boolean) {
    return this.dataSource
      .getRepository(PaymentAttempt)
      .save({ reference: newReference(), checkoutSessionId, buyerId, provider, amountPaisa, sandbox });
  }
}

/** A second delivery for a settled attempt: it changes nothing and says again how it ended. */
const replayed = (attempt: PaymentAttempt): Settlement => ({
  checkoutId: attempt.checkoutSessionId,
  outcome:
    attempt.status === PaymentAttemptStatus.PAID ? "replayed" : attempt.status === PaymentAttemptStatus.REFUSED ? "refused" : "replayed",
  message: attempt.status === PaymentAttemptStatus.PAID ? null : (attempt.refusedReason ?? attempt.message),
});

declare module "../../platform/jobs" {
  interface JobPayloads {
    /** Sends one refund through its provider (PaymentProvidersService.sendRefund). */
    "payments.refund": { refundId: string };
    /** Holds each provider's records against ours, daily (PaymentProvidersService.reconcile). */
    "payments.reconcile": object;
  }
}
