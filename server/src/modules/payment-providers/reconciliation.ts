import type { DataSource, EntityManager } from "typeorm";
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
 *
 * The provider is asked outside any transaction (a live inquiry may take 15 s, and no transaction
 * may last TRANSACTION_TIMEOUT_MS); each answer is then acted on in a short transaction of its own
 * that locks only its attempt and reads it again, as a callback does. So a slow provider holds no
 * lock a callback needs, one attempt that fails undoes none settled before it, and two runs at once
 * settle each payment once. A provider that does not answer is asked again by the next run; an
 * attempt that could not be settled here fails the run once the others are done, to be retried.
 */
export async function reconcile(
  dataSource: DataSource,
  deps: {
    providers: Providers;
    offered: ProviderName[];
    ledger: LedgerService;
    bell: AdminBell;
    since: Date;
    /** Settles a started attempt on the provider's answer, in the caller's transaction (which has locked it). */
    settle(manager: EntityManager, attemptId: string, inquiry: Inquiry): Promise<unknown>;
  },
): Promise<number> {
  if (!deps.offered.length) return 0;
  const attempts = await dataSource
    .getRepository(PaymentAttempt)
    .createQueryBuilder("a")
    .where(`a."createdAt" >= :since`, { since: deps.since })
    .andWhere("a.provider IN (:...names)", { names: deps.offered })
    .orderBy(`a."createdAt"`)
    .getMany();
  let found = 0;
  const unsettled: string[] = [];
  for (const listed of attempts) {
    let inquiry: Inquiry;
    try {
      inquiry = await deps.providers[listed.provider]!.inquire(listed.reference);
    } catch {
      continue; // a provider that does not answer now is asked again by the next run
    }
    // most answers agree with what we have, and paid, failed and refused attempts never change: nothing to lock
    if (!actionOn(listed, inquiry)) continue;
    try {
      found += await dataSource.transaction((manager) => reconcileOne(manager, deps, listed.id, inquiry));
    } catch (error) {
      unsettled.push(`${listed.reference}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  found += await checkBooks(dataSource, deps);
  if (unsettled.length) throw new Error(`reconciliation could not settle ${unsettled.length} attempt(s): ${unsettled.join("; ")}`);
  return found;
}

/** What an attempt in this state calls for on the provider's answer: settling it, a mismatch (its text), or nothing. */
function actionOn(attempt: PaymentAttempt, inquiry: Inquiry): "settle" | { mismatch: string } | null {
  const paidThere = inquiry.status === "paid";
  if (attempt.status === PaymentAttemptStatus.STARTED && paidThere) return "settle";
  if (attempt.status === PaymentAttemptStatus.PAID && (!paidThere || inquiry.amountPaisa !== attempt.amountPaisa)) {
    const there = `${inquiry.status}${inquiry.amountPaisa === null ? "" : ` for ${rupees(inquiry.amountPaisa)}`}`;
    return { mismatch: `paid here for ${rupees(attempt.amountPaisa)}; the provider says ${there}` };
  }
  if (attempt.status === PaymentAttemptStatus.FAILED && paidThere) return { mismatch: "failed here; the provider says paid" };
  return null;
}

/** A payment attempt read under its row lock in `manager`'s transaction (a callback or a run may be settling it). */
export const lockAttempt = (manager: EntityManager, attemptId: string): Promise<PaymentAttempt> =>
  manager
    .getRepository(PaymentAttempt)
    .createQueryBuilder("a")
    .setLock("pessimistic_write")
    .where("a.id = :attemptId", { attemptId })
    .getOneOrFail();

/** One attempt against its provider's answer, on the attempt as it is now (locked: a callback may have settled it meanwhile). */
async function reconcileOne(
  manager: EntityManager,
  deps: Parameters<typeof reconcile>[1],
  attemptId: string,
  inquiry: Inquiry,
): Promise<number> {
  const attempt = await lockAttempt(manager, attemptId);
  const action = actionOn(attempt, inquiry);
  if (action === "settle") await deps.settle(manager, attempt.id, inquiry);
  else if (action) return recordMismatch(manager, deps.bell, attempt.provider, attempt.reference, action.mismatch);
  return 0;
}

/**
 * For the providers whose books are here (the sandbox ones): their totals against the ledger's,
 * both read in one snapshot (a payment settled between the two reads would show as a mismatch).
 */
async function checkBooks(dataSource: DataSource, deps: Parameters<typeof reconcile>[1]): Promise<number> {
  const sandboxes = deps.offered.filter((name) => deps.providers[name]!.sandbox);
  const differences = await dataSource.transaction("REPEATABLE READ", async (manager) => {
    const found: Array<{ name: ProviderName; books: number; ledger: number }> = [];
    for (const name of sandboxes) {
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
      if (Number(books.kept) !== ledger) found.push({ name, books: Number(books.kept), ledger });
    }
    return found;
  });
  let found = 0;
  for (const { name, books, ledger } of differences) {
    const detail = `the provider's books keep ${rupees(books)}; the ledger ${rupees(ledger)}`;
    found += await dataSource.transaction((manager) => recordMismatch(manager, deps.bell, name, null, detail));
  }
  return found;
}
