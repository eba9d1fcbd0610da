import type { DataSource, EntityManager } from "typeorm";
import { pageInput, toPage, type Page } from "../../platform/shared/pagination";
import { parseInput } from "../../platform/shared/validation";
import { accounts, HELD_PREFIX } from "./accounts";
import { LedgerEntry, LedgerMovement, type MovementKind } from "./entity";

export type Movement = {
  /** Makes the movement happen once: "release:<orderId>", "payout:<payoutId>", ... */
  key: string;
  kind: MovementKind;
  orderId?: string | null;
  sellerId?: string | null;
  payoutId?: string | null;
  /** Signed amounts in paisa that sum to zero; zero amounts are left out. */
  entries: Array<{ account: string; amountPaisa: number }>;
};

export type SellerBalance = {
  /** Paid by buyers and held until their handovers (or a dispute's decision). */
  pendingPaisa: number;
  /** Released to the seller, less fees and payouts asked for: what they may ask to be paid out. */
  availablePaisa: number;
};

/** One entry that touches a seller: on one of their orders' held payments or on their balance. */
export type SellerEntryView = {
  id: string;
  kind: MovementKind;
  /** "PENDING" for an order's held payment, "AVAILABLE" for the seller's balance. */
  balance: "PENDING" | "AVAILABLE";
  amountPaisa: number;
  orderId: string | null;
  orderNumber: number | null;
  payoutId: string | null;
  createdAt: Date;
};

const pageSchema = pageInput(20);

/**
 * The double-entry ledger in integer paisa: every balance is derived from it. Append-only (the
 * database refuses UPDATE and DELETE), each movement balanced (checked at commit) and keyed, so
 * a movement posted twice (a retried job, two racing reactions) happens once.
 */
export class LedgerService {
  constructor(private readonly dataSource: DataSource) {}

  /** Posts a movement in the caller's transaction; false when a movement with its key exists already. */
  async post(manager: EntityManager, movement: Movement): Promise<boolean> {
    const entries = movement.entries.filter((entry) => entry.amountPaisa !== 0);
    const sum = entries.reduce((total, entry) => total + entry.amountPaisa, 0);
    if (sum !== 0 || entries.some((entry) => !Number.isSafeInteger(entry.amountPaisa))) {
      throw new Error(`ledger movement ${movement.key} does not balance`);
    }
    const inserted: Array<{ id: string }> = await manager.query(
      `INSERT INTO ledger_movements (key, kind, "orderId", "sellerId", "payoutId") VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (key) DO NOTHING RETURNING id`,
      [movement.key, movement.kind, movement.orderId ?? null, movement.sellerId ?? null, movement.payoutId ?? null],
    );
    if (!inserted.length) return false;
    await manager.insert(
      LedgerEntry,
      entries.map((entry) => ({ movementId: inserted[0].id, ...entry })),
    );
    return true;
  }

  /** One account's balance, in the caller's transaction (or outside any). */
  async balance(account: string, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [{ total }]: Array<{ total: string }> = await manager.query(
      `SELECT COALESCE(sum("amountPaisa"), 0) AS total FROM ledger_entries WHERE account = $1`,
      [account],
    );
    return Number(total);
  }

  /** A seller's pending and available balance. */
  async sellerBalance(sellerId: string, manager: EntityManager = this.dataSource.manager): Promise<SellerBalance> {
    const [row]: Array<{ pending: string; available: string }> = await manager.query(
      `SELECT
         COALESCE((SELECT sum(e."amountPaisa") FROM ledger_entries e JOIN ledger_movements m ON m.id = e."movementId"
                    WHERE m."sellerId" = $1 AND e.account LIKE '${HELD_PREFIX}%'), 0) AS pending,
         COALESCE((SELECT sum("amountPaisa") FROM ledger_entries WHERE account = $2), 0) AS available`,
      [sellerId, accounts.seller(sellerId)],
    );
    return { pendingPaisa: Number(row.pending), availablePaisa: Number(row.available) };
  }

  /** Every entry on a seller's held payments and balance, newest first. */
  async sellerEntries(sellerId: string, input: { page?: number | null; pageSize?: number | null }): Promise<Page<SellerEntryView>> {
    const { page, pageSize } = parseInput(pageSchema, { page: input.page ?? undefined, pageSize: input.pageSize ?? undefined });
    const where = `m."sellerId" = $1 AND (e.account = $2 OR e.account LIKE '${HELD_PREFIX}%')`;
    const rows: Array<SellerEntryView & { amountPaisa: string }> = await this.dataSource.query(
      `SELECT e.id, m.kind, CASE WHEN e.account = $2 THEN 'AVAILABLE' ELSE 'PENDING' END AS balance, e."amountPaisa",
              m."orderId", o."orderNumber", m."payoutId", m."createdAt"
         FROM ledger_entries e JOIN ledger_movements m ON m.id = e."movementId" LEFT JOIN orders o ON o.id = m."orderId"
        WHERE ${where} ORDER BY m."createdAt" DESC, m.id, e.account = $2 DESC, e.id LIMIT $3 OFFSET $4`,
      [sellerId, accounts.seller(sellerId), pageSize, (page - 1) * pageSize],
    );
    const [{ n }]: Array<{ n: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM ledger_entries e JOIN ledger_movements m ON m.id = e."movementId" WHERE ${where}`,
      [sellerId, accounts.seller(sellerId)],
    );
    const items = rows.map((row) => ({ ...row, amountPaisa: Number(row.amountPaisa) }));
    return toPage(items, n, page, pageSize);
  }

  /** The movements of one order with their entries, oldest first (admins and tests read them). */
  orderMovements(orderId: string, manager: EntityManager = this.dataSource.manager): Promise<LedgerMovement[]> {
    return manager.find(LedgerMovement, { where: { orderId }, relations: { entries: true }, order: { createdAt: "ASC" } });
  }
}
