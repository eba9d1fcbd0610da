import type { DataSource, EntityManager } from "typeorm";
import { z } from "zod";
import { said } from "../../platform/i18n/errors";
import {
  hasAtMostTwoDecimals,
  MAX_PRICE_PKR,
  payoutDestinationRule,
  payoutMethodOf,
  payoutReferenceRule,
  payoutRefusalRule,
} from "@unibazaar/rules";
import type { AuthUser } from "../../platform/auth/roles";
import { badInput, conflict, notFound } from "../../platform/shared/errors";
import { toPaisa } from "../../platform/shared/money";
import { pageInput, toPage, type Page } from "../../platform/shared/pagination";
import { isId, parseInput, ruleSaid } from "../../platform/shared/validation";
import { BALANCE_PATH, type PaymentNotices } from "../escrow";
import { accounts, MovementKind, type LedgerService } from "../ledger";
import { Payout, PayoutMethod, PayoutState } from "./entity";

const requestSchema = z.object({
  amount: z
    .number({ message: ruleSaid("payout.enterAmount") })
    .min(1, ruleSaid("payout.atLeast"))
    .max(MAX_PRICE_PKR, ruleSaid("payout.moreThanAnyBalance"))
    .refine(hasAtMostTwoDecimals, ruleSaid("payout.decimals")),
  destination: payoutDestinationRule,
});

const referenceSchema = z.object({ reference: payoutReferenceRule });
const reasonSchema = z.object({ reason: payoutRefusalRule });
const listSchema = pageInput(20).extend({ state: z.enum(PayoutState).nullish() });
type ListInput = { state?: PayoutState | null; page?: number | null; pageSize?: number | null };

const PAYOUT_NOT_FOUND = said("payout.notFound");

/**
 * Payouts from a seller's available balance: asking moves the amount off the balance at once (so it
 * cannot be asked twice), an admin marks it paid with the transfer's reference or refuses it with a
 * reason (the amount returns to the balance). Admins export the requested ones as CSV for a bulk transfer.
 */
export class PayoutsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly notices: PaymentNotices,
    /** Test money (sandbox payments) in a balance, and whether it may be paid out: never where payouts move real money. */
    private readonly testMoney: { payable: boolean; available(sellerId: string, manager: EntityManager): Promise<number> },
  ) {}

  /** What of a seller's balance is test money, counted from released sandbox payments. */
  testMoneyIn(sellerId: string): Promise<number> {
    return this.testMoney.available(sellerId, this.dataSource.manager);
  }

  /** Whether test money may be paid out here: never where payouts move real money. */
  get testMoneyPayable(): boolean {
    return this.testMoney.payable;
  }

  /** The caller asks to be paid `amount` (PKR) of their available balance to a wallet or IBAN. */
  async request(input: { amount: number; destination: string }, seller: AuthUser): Promise<Payout> {
    const v = parseInput(requestSchema, input);
    const amountPaisa = toPaisa(v.amount);
    return this.dataSource.transaction(async (manager) => {
      // one request at a time per seller: two racing requests cannot both spend the same balance
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [accounts.seller(seller.id)]);
      const balance = await this.ledger.balance(accounts.seller(seller.id), manager);
      const testMoney = this.testMoney.payable ? 0 : await this.testMoney.available(seller.id, manager);
      const available = balance - testMoney;
      if (testMoney > 0 && amountPaisa > available) {
        const message = said("payout.testMoney", { testPaisa: testMoney, availablePaisa: Math.max(available, 0) });
        throw badInput(message, { amount: message });
      }
      if (amountPaisa > available) {
        const message = said("payout.moreThanAvailable", { availablePaisa: Math.max(available, 0) });
        throw badInput(message, { amount: message });
      }
      const payout = await manager.save(
        manager.create(Payout, {
          sellerId: seller.id,
          amountPaisa,
          method: PayoutMethod[payoutMethodOf(v.destination)],
          destination: v.destination,
        }),
      );
      await this.ledger.post(manager, {
        key: `payout:${payout.id}`,
        kind: MovementKind.PAYOUT,
        sellerId: seller.id,
        payoutId: payout.id,
        entries: [
          { account: accounts.seller(seller.id), amountPaisa: -amountPaisa },
          { account: accounts.payoutsRequested, amountPaisa },
        ],
      });
      return payout;
    });
  }

  /** An admin marks a requested payout paid, with the transfer's reference. */
  async markPaid(payoutId: string, reference: string, admin: AuthUser): Promise<Payout> {
    const v = parseInput(referenceSchema, { reference });
    return this.decide(payoutId, admin, { state: PayoutState.PAID, reference: v.reference }, async (manager, payout) => {
      await this.ledger.post(manager, {
        key: `payout-paid:${payout.id}`,
        kind: MovementKind.PAYOUT,
        sellerId: payout.sellerId,
        payoutId: payout.id,
        entries: [
          { account: accounts.payoutsRequested, amountPaisa: -payout.amountPaisa },
          { account: accounts.payoutsPaid, amountPaisa: payout.amountPaisa },
        ],
      });
      const message = { key: "payout.sent" as const, params: { amountPaisa: payout.amountPaisa, reference: v.reference } };
      await this.notices.tell([payout.sellerId], message, BALANCE_PATH, manager);
    });
  }

  /** An admin refuses a requested payout with a reason; the amount returns to the seller's available balance. */
  async refuse(payoutId: string, reason: string, admin: AuthUser): Promise<Payout> {
    const v = parseInput(reasonSchema, { reason });
    return this.decide(payoutId, admin, { state: PayoutState.REFUSED, reason: v.reason }, async (manager, payout) => {
      await this.ledger.post(manager, {
        key: `payout-refused:${payout.id}`,
        kind: MovementKind.PAYOUT_RETURNED,
        sellerId: payout.sellerId,
        payoutId: payout.id,
        entries: [
          { account: accounts.payoutsRequested, amountPaisa: -payout.amountPaisa },
          { account: accounts.seller(payout.sellerId ?? "deleted"), amountPaisa: payout.amountPaisa },
        ],
      });
      const message = { key: "payout.refused" as const, params: { amountPaisa: payout.amountPaisa, reason: v.reason } };
      await this.notices.tell([payout.sellerId], message, BALANCE_PATH, manager);
    });
  }

  /** Moves a REQUESTED payout to its decision once (a conditional UPDATE: two admins at once, one wins). */
  private async decide(
    payoutId: string,
    admin: AuthUser,
    change: Pick<Payout, "state"> & Partial<Pick<Payout, "reference" | "reason">>,
    effect: (manager: EntityManager, payout: Payout) => Promise<void>,
  ): Promise<Payout> {
    if (!isId(payoutId)) throw notFound(PAYOUT_NOT_FOUND);
    return this.dataSource.transaction(async (manager) => {
      const { affected } = await manager
        .createQueryBuilder()
        .update(Payout)
        .set({ ...change, decidedById: admin.id, decidedAt: () => "now()" })
        .where("id = :id AND state = :requested", { id: payoutId, requested: PayoutState.REQUESTED })
        .execute();
      const payout = await manager.findOneBy(Payout, { id: payoutId });
      if (!payout) throw notFound(PAYOUT_NOT_FOUND);
      if (!affected) throw conflict(said("payout.alreadyDecided", { state: payout.state.toLowerCase() }));
      await effect(manager, payout);
      return payout;
    });
  }

  /** The caller's payouts, newest first. */
  mine(input: ListInput, seller: AuthUser): Promise<Page<Payout>> {
    return this.list(input, seller.id);
  }

  /** Every seller's payouts for the admins, oldest first within a state (the longest waiting on top). */
  all(input: ListInput): Promise<Page<Payout>> {
    return this.list(input);
  }

  private async list(input: ListInput, sellerId?: string): Promise<Page<Payout>> {
    const { state, page, pageSize } = parseInput(listSchema, {
      ...input,
      page: input.page ?? undefined,
      pageSize: input.pageSize ?? undefined,
    });
    const [items, total] = await this.dataSource.getRepository(Payout).findAndCount({
      where: { ...(sellerId ? { sellerId } : {}), ...(state ? { state } : {}) },
      order: { createdAt: sellerId ? "DESC" : "ASC", id: "ASC" },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    return toPage(items, total, page, pageSize);
  }

  /**
   * The requested payouts as CSV for a bank's or wallet's bulk transfer: one line each, oldest first,
   * amounts in PKR with 2 decimals. Fields are quoted, and a leading = + - @ is defused (spreadsheet formulas).
   */
  async requestedCsv(): Promise<string> {
    const rows: Array<{ id: string; username: string | null; method: string; destination: string; amountPaisa: string; createdAt: Date }> =
      await this.dataSource.query(
        `SELECT p.id, u.username, p.method, p.destination, p."amountPaisa", p."createdAt"
           FROM payouts p LEFT JOIN users u ON u.id = p."sellerId" WHERE p.state = $1 ORDER BY p."createdAt", p.id`,
        [PayoutState.REQUESTED],
      );
    const lines = [["payout_id", "seller", "method", "destination", "amount_pkr", "requested_at"]];
    for (const row of rows) {
      lines.push([
        row.id,
        row.username ?? "",
        row.method,
        row.destination,
        (Number(row.amountPaisa) / 100).toFixed(2),
        row.createdAt.toISOString(),
      ]);
    }
    return lines.map((line) => line.map(csvField).join(",")).join("\r\n") + "\r\n";
  }
}

function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}
