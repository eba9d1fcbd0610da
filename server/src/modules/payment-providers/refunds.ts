import type { DataSource, EntityManager } from "typeorm";
import type { Clock } from "../../platform/clock";
import type { EventBus } from "../../platform/events";
import { said } from "../../platform/i18n/errors";
import type { JobQueue } from "../../platform/jobs";
import { badInput, conflict, notFound } from "../../platform/shared/errors";
import { isId } from "../../platform/shared/validation";
import { accounts, MovementKind, type LedgerService } from "../ledger";
import { PaymentRefund, RefundState } from "./entity";
import { RefundRefused, type ProviderName } from "./provider";
import type { Providers } from "./wallets";

/** A refund to send through a provider (see `PaymentRefunds.request`). */
export type RefundOrder = {
  key: string;
  provider: ProviderName;
  attemptReference: string;
  transactionId: string | null;
  amountPaisa: number;
  orderId: string | null;
  buyerId: string | null;
  sandbox: boolean;
  reason: string;
};

/** What a refund in doubt says until its try's outcome is recorded (the run ended before it could say more). */
export const NO_ANSWER_RECORDED = "Sent to the provider; no answer was recorded.";

/** The provider's own id of a refund, as an admin copies it from the provider's portal. */
const PROVIDER_REFUND_ID = /^[\w\-./]{1,64}$/;

const errorText = (error: unknown) => String((error as Error).message).slice(0, 300);

/**
 * Money going back through the provider that took it. A refund is sent by the `payments.refund`
 * job and posted to the ledger as sent only when the provider confirms it. Before the provider is
 * asked, the refund is marked in doubt and that is committed: whatever happens next (no answer in
 * time, a dropped connection, a run that dies or fails to commit after the provider acted), nothing
 * sends it again until an admin who checked with the provider says whether it was made. Only the
 * provider's refusal (`RefundRefused`: no money moved) puts it back to be sent, and the job retries.
 */
export class PaymentRefunds {
  constructor(
    private readonly dataSource: DataSource,
    private readonly deps: { events: EventBus; clock: Clock; jobs: JobQueue; ledger: LedgerService },
    private readonly providers: Providers,
  ) {}

  /**
   * Orders a refund in the caller's transaction: recorded once per key, sent by the `payments.refund`
   * job. The caller has already moved the amount to the ledger's refunds owed.
   */
  async request(manager: EntityManager, refund: RefundOrder): Promise<void> {
    const inserted: Array<{ id: string }> = await manager.query(
      `INSERT INTO payment_refunds (key, provider, "attemptReference", "transactionId", "amountPaisa", "orderId", "buyerId", sandbox, reason)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (key) DO NOTHING RETURNING id`,
      [
        refund.key,
        refund.provider,
        refund.attemptReference,
        refund.transactionId,
        refund.amountPaisa,
        refund.orderId,
        refund.buyerId,
        refund.sandbox,
        refund.reason.slice(0, 300),
      ],
    );
    if (inserted.length) await this.enqueue(manager, inserted[0].id);
  }

  /** The `payments.refund` job: sends one requested refund through its provider (see the class). */
  async send({ refundId }: { refundId: string }, manager: EntityManager): Promise<void> {
    // held until the job's transaction ends, from before the claim: no admin resolves a try in flight
    const requested = await lockRefund(manager, refundId);
    if (requested?.state !== RefundState.REQUESTED) return;
    // committed at once, outside the job's transaction: from here on the provider may have made it
    const [[claimed]]: [Array<{ tries: number }>, number] = await this.dataSource.query(
      `UPDATE payment_refunds SET state = $2, tries = tries + 1, "lastError" = $3 WHERE id = $1 AND state = $4 RETURNING tries`,
      [refundId, RefundState.IN_DOUBT, NO_ANSWER_RECORDED, RefundState.REQUESTED],
    );
    if (!claimed) return;
    const refund = { ...requested, state: RefundState.IN_DOUBT, tries: claimed.tries };
    let providerRefundId: string;
    try {
      const provider = this.providers[refund.provider];
      // not asked, so certainly not made
      if (!provider) throw new RefundRefused(`the ${refund.provider} provider is not configured on this server`);
      providerRefundId = await provider.refund({
        reference: refund.attemptReference,
        transactionId: refund.transactionId,
        amountPaisa: refund.amountPaisa,
        key: refund.key,
      });
    } catch (error) {
      if (!(error instanceof RefundRefused)) {
        // no answer: in doubt, with why, committed with the job (the refund's time limit leaves it time to)
        await manager.update(PaymentRefund, refund.id, { lastError: errorText(error) });
        return;
      }
      // refused: to be sent again when the job retries. Kept outside the job's transaction, which rolls back
      await this.dataSource.query(`UPDATE payment_refunds SET state = $3, "lastError" = $4 WHERE id = $1 AND tries = $2 AND state = $5`, [
        refund.id,
        refund.tries,
        RefundState.REQUESTED,
        errorText(error),
        RefundState.IN_DOUBT,
      ]);
      throw error;
    }
    await this.recordSent(manager, refund, providerRefundId);
  }

  /** An admin found a refund in doubt made, in the provider's portal: it is posted as sent, with the provider's refund id. */
  confirmSent(refundId: string, providerRefundId: string): Promise<PaymentRefund> {
    const id = providerRefundId.trim();
    if (!PROVIDER_REFUND_ID.test(id)) {
      const message = said("refund.providerRefundId");
      throw badInput(message, { providerRefundId: message });
    }
    return this.resolveInDoubt(refundId, (manager, refund) => this.recordSent(manager, refund, id));
  }

  /** An admin found no such refund at the provider: it is sent again. */
  sendAgain(refundId: string): Promise<PaymentRefund> {
    return this.resolveInDoubt(refundId, async (manager, refund) => {
      await manager.update(PaymentRefund, refund.id, { state: RefundState.REQUESTED, lastError: null });
      await this.enqueue(manager, refund.id);
    });
  }

  /** Resolves a refund in doubt once, under its lock: of two admins at once, the second finds it no longer in doubt. */
  private async resolveInDoubt(
    refundId: string,
    resolve: (manager: EntityManager, refund: PaymentRefund) => Promise<void>,
  ): Promise<PaymentRefund> {
    if (!isId(refundId)) throw notFound(said("refund.notFound"));
    return this.dataSource.transaction(async (manager) => {
      const refund = await lockRefund(manager, refundId);
      if (!refund) throw notFound(said("refund.notFound"));
      if (refund.state !== RefundState.IN_DOUBT) throw conflict(said("refund.notInDoubt"));
      await resolve(manager, refund);
      return manager.findOneByOrFail(PaymentRefund, { id: refund.id });
    });
  }

  /** The provider made the refund: confirmed, posted as sent (once per refund), and `payment.refunded` published. */
  private async recordSent(manager: EntityManager, refund: PaymentRefund, providerRefundId: string): Promise<void> {
    await manager.update(PaymentRefund, refund.id, {
      state: RefundState.CONFIRMED,
      providerRefundId: providerRefundId.slice(0, 64),
      confirmedAt: this.deps.clock.now(),
      lastError: null,
    });
    await this.deps.ledger.post(manager, {
      key: `refund-sent:${refund.id}`,
      kind: MovementKind.REFUND_SENT,
      orderId: refund.orderId,
      entries: [
        { account: accounts.refundsPending, amountPaisa: -refund.amountPaisa },
        { account: accounts.provider(refund.provider), amountPaisa: refund.amountPaisa },
      ],
    });
    await this.deps.events.publish(manager, "payment.refunded", {
      refundId: refund.id,
      orderId: refund.orderId,
      amountPaisa: refund.amountPaisa,
      providerRefundId,
    });
  }

  private enqueue(manager: EntityManager, refundId: string): Promise<void> {
    return this.deps.jobs.enqueue(manager, "payments.refund", { refundId }, { key: refundId });
  }
}

/**
 * Reads a refund under a lock its job and its admins take, in the caller's transaction. An advisory
 * lock, not the row's: the job commits its claim on the row from another connection while holding it.
 */
async function lockRefund(manager: EntityManager, refundId: string): Promise<PaymentRefund | null> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext('payment_refunds:' || $1::text))`, [refundId]);
  return manager.findOneBy(PaymentRefund, { id: refundId });
}
