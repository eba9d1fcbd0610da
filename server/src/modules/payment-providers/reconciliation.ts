import type { EntityManager } from "typeorm";
import type { Phrase } from "../../platform/i18n";
import { rupees } from "../../platform/shared/money";
import { accounts, type LedgerService } from "../ledger";
import { PaymentAttempt, PaymentAttemptStatus } from "./entity";
import type { Inquiry, ProviderName } from "./provider";
import { PROVIDER_LABELS, type Providers } from "./wallets";

export const ADMIN_PAYMENTS_PATH = "/dashboard/admin/payments";

/** Tells every admin of a payment problem (escrow's notices implement it). */
export interface AdminBell {
  tellAdmins(message: Phrase, manager: EntityManager, link?: string): Promise<void>;
}

/** Keeps a mismatch once (by its text) and tells the admins; answers 1 when it is new. */
export async function recordMismatch(
  manager: EntityManager,
  bell: AdminBell,
  provider: string,
  reference: string | null,
  detail: string,
): Promise<number> {
  const inserted: unknown[] = await manager.query(
    `INSERT INTO payment_mismatches (key, provider, reference, detail) VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO NOTHING RETURNING id`,
    [`${provider}:${reference ?? "books"}:${detail}`.slice(0, 160), provider, reference, detail.slice(0, 500)],
  );
  if (!inserted.length) return 0;
  const label = PROVIDER_LABELS[provider as ProviderName] ?? provider;
  await bell.tellAdmins(
    { key: "payment.mismatch", params: { provider: label, reference: reference ?? "", detail } },
    manager,
    ADMIN_PAYMENTS_PATH,
  );
  return 1;
}

/**
 * The daily `payments.reconcile` job. Each attempt since `since` is asked of its provider again: a
 * payment the provider took that was never settled is settled now (captured, or refused and
 * refunded); one we count as paid that the provider does not, or for another amount, is a
 * mismatch. For the simulators and the card sandbox, whose books are here, the books' totals are
 * held against the ledger's. Every mismatch is kept once and told to the admins; answers how many were new.
 */
export async function reconcile(
  manager: EntityManager,
  deps: {
    providers: Providers;
    offered: ProviderName[];
    ledger: LedgerService;
    bell: AdminBell;
    since: Date;
    settle(attemptId: string, inquiry: Inquiry): Promise<unknown>;
  },
): Promise<number> {
  if (!deps.offered.length) return 0;
  const attempts = await manager
    .getRepository(PaymentAttempt)
    .createQueryBuilder("a")
    .where(`a."createdAt" >= :since`, { since: deps.since })
    .andWhere("a.provider IN (:...names)", { names: deps.offered })
    .getMany();
  let found = 0;
  const mismatch = (provider: string, reference: string | null, detail: string) =>
    recordMismatch(manager, deps.bell, provider, reference, detail);
  for (const attempt of attempts) {
    let inquiry: Inquiry;
    try {
      inquiry = await deps.providers[attempt.provider]!.inquire(attempt.reference);
    } catch {
      continue; // a provider that does not answer now is asked again tomorrow
    }
    const paidThere = inquiry.status === "paid";
    if (attempt.status === PaymentAttemptStatus.STARTED && paidThere) {
      await deps.settle(attempt.id, inquiry);
    } else if (attempt.status === PaymentAttemptStatus.PAID && (!paidThere || inquiry.amountPaisa !== attempt.amountPaisa)) {
      const there = `${inquiry.status}${inquiry.amountPaisa === null ? "" : ` for ${rupees(inquiry.amountPaisa)}`}`;
      found += await mismatch(
        attempt.provider,
        attempt.reference,
        `paid here for ${rupees(attempt.amountPaisa)}; the provider says ${there}`,
      );
    } else if (attempt.status === PaymentAttemptStatus.FAILED && paidThere) {
      found += await mismatch(attempt.provider, attempt.reference, "failed here; the provider says paid");
    }
  }
  for (const name of deps.offered) {
    if (!deps.providers[name]!.sandbox) continue;
    // what the books keep, less what they took for attempts not settled yet (a buyer between the wallet page and the return)
    const [books] = await manager.query(
      `SELECT COALESCE(sum(t."amountPaisa" - t."refundedPaisa") FILTER (WHERE t.status = 'paid'), 0)
            - COALESCE(sum(t."amountPaisa" - t."refundedPaisa") FILTER (WHERE t.status = 'paid' AND a.status = 'started'), 0) AS kept
         FROM payment_simulator_transactions t
         LEFT JOIN payment_attempts a ON a.reference = t.reference AND a.provider = t.provider
        WHERE t.provider = $1`,
      [name],
    );
    const ledger = -(await deps.ledger.balance(accounts.provider(name), manager));
    if (Number(books.kept) !== ledger) {
      found += await mismatch(name, null, `the provider's books keep ${rupees(Number(books.kept))}; the ledger ${rupees(ledger)}`);
    }
  }
  return found;
}
