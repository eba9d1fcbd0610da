import { Client, type Pool } from "pg";
import type { Logger } from "pino";
import type { DataSource, Logger as QueryLogger } from "typeorm";
import { createDataSource, type Entities } from "./data-source";

/**
 * How a read of the catalogue is placed. `primary`: the caller must see its own write, so the read
 * stays on the primary. `recheck`: an answer from a replica that may predate the caller's own write
 * (a listing the caller sells, or none found: perhaps listed a moment ago) is read again on the primary.
 */
export type ReadOptions<T> = { primary?: boolean; recheck?: (answer: T) => boolean };

/** Where a read of the catalogue runs: `work` gets the data source to read from (a replica's or the primary's). */
export interface CatalogueReads {
  read<T>(work: (dataSource: DataSource) => Promise<T>, options?: ReadOptions<T>): Promise<T>;
}

/** Every read on the one database: the default, and what a service gets that no replica serves. */
export const onPrimary = (dataSource: DataSource): CatalogueReads => ({ read: (work) => work(dataSource) });

/** A replica as /ready and the admins see it: `lagMs` is null when unknown (not reached, or nothing replayed yet). */
export type ReplicaStatus = { name: string; state: "ok" | "lagging" | "unreachable"; lagMs: number | null };

/** How often each replica's lag is asked; a read between two checks trusts the last one. */
export const REPLICA_CHECK_INTERVAL_MS = 1_000;
/** A check that takes longer than this counts as the replica not answering. */
const CHECK_TIMEOUT_MS = 1_000;

/**
 * What a check asks a replica: whether it is current (not a standby, or it has replayed all the WAL
 * it received: an idle primary sends none), the WAL positions it has replayed and received (bytes),
 * and the age of the last commit it replayed (NULL when none since it started).
 */
const LAG_SQL = `SELECT NOT pg_is_in_recovery() OR pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() AS current,
  (pg_last_wal_replay_lsn() - '0/0'::pg_lsn)::text AS replayed, (pg_last_wal_receive_lsn() - '0/0'::pg_lsn)::text AS received,
  (extract(epoch FROM now() - pg_last_xact_replay_timestamp()) * 1000)::float8 AS commit_age_ms,
  current_setting('server_version_num')::int AS version`;
type LagRow = { current: boolean; replayed: string | null; received: string | null; commit_age_ms: number | null; version: number };

/** The WAL a replica had received by the time of each recent check. */
type Received = Array<{ at: number; lsn: bigint }>;

type Replica = ReplicaStatus & { url: string; dataSource?: DataSource; received: Received };

/** A replica's name in logs and status: host, port and database, never its password. */
export function replicaName(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || "5432"}${u.pathname}`;
}

/**
 * The catalogue's reads spread over PostgreSQL read replicas (DATABASE_REPLICA_URLS), round robin
 * over those that answer and are at most `maxLagMs` behind; with none such, on the primary. Each
 * replica's lag is checked every REPLICA_CHECK_INTERVAL_MS in the background (one small statement),
 * never on a request's path. A read that fails on a replica is run again on the primary, so a
 * replica going away costs no request; a connection failure also takes the replica out until its
 * next check answers. Each replica has a data source of its own (the same entities, no migrations:
 * a standby copies the primary's schema), so the catalogue's query builders and prepared statements
 * run on it unchanged.
 */
export class ReadReplicas implements CatalogueReads {
  private readonly replicas: Replica[];
  private next = 0;
  private timer?: NodeJS.Timeout;
  private checking?: Promise<void>;
  private closed = false;

  constructor(
    private readonly primary: DataSource,
    urls: readonly string[],
    private readonly options: { maxLagMs: number; logger?: Logger },
  ) {
    this.replicas = urls.map((url) => ({ url, name: replicaName(url), state: "unreachable", lagMs: null, received: [] }));
  }

  /** Checks every replica once (so the first requests already use them), then keeps checking. */
  async start(): Promise<void> {
    if (!this.replicas.length || this.timer || this.closed) return;
    await this.checkAll();
    const tick = () => {
      this.checking = this.checkAll().finally(() => {
        if (!this.closed) this.timer = setTimeout(tick, REPLICA_CHECK_INTERVAL_MS).unref();
      });
    };
    this.timer = setTimeout(tick, REPLICA_CHECK_INTERVAL_MS).unref();
  }

  async read<T>(work: (dataSource: DataSource) => Promise<T>, options: ReadOptions<T> = {}): Promise<T> {
    const replica = options.primary ? undefined : this.pick();
    if (!replica?.dataSource) return this.onPrimary(work);
    let answer: T;
    try {
      answer = await work(replica.dataSource);
    } catch (error) {
      // the read is the same on the primary: the request is answered from there
      if (isConnectionFailure(error) && replica.state === "ok") {
        replica.state = "unreachable";
        replica.lagMs = null;
        this.options.logger?.warn({ err: error, replica: replica.name }, "a read replica failed; its reads go to the primary");
      }
      return this.onPrimary(work);
    }
    return options.recheck?.(answer) ? this.onPrimary(work) : answer;
  }

  /**
   * `work` on the primary, tried once more when it fails with a lost connection: a read on the
   * primary can share a load with one that began on a replica (the catalogue cache runs concurrent
   * misses of one answer once), and fail when that replica goes away.
   */
  private async onPrimary<T>(work: (dataSource: DataSource) => Promise<T>): Promise<T> {
    if (!this.replicas.length) return work(this.primary);
    try {
      return await work(this.primary);
    } catch (error) {
      if (!isConnectionFailure(error)) throw error;
      return work(this.primary);
    }
  }

  /** Each replica's state and lag as last checked. */
  status(): ReplicaStatus[] {
    return this.replicas.map(({ name, state, lagMs }) => ({ name, state, lagMs }));
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.checking;
    await Promise.all(this.replicas.flatMap((r) => (r.dataSource?.isInitialized ? [r.dataSource.destroy()] : [])));
  }

  private pick(): Replica | undefined {
    for (let i = 0; i < this.replicas.length; i++) {
      const replica = this.replicas[(this.next + i) % this.replicas.length];
      if (replica.state === "ok") {
        this.next = (this.next + i + 1) % this.replicas.length;
        return replica;
      }
    }
    return undefined;
  }

  private async checkAll(): Promise<void> {
    await Promise.all(this.replicas.map((replica) => this.check(replica)));
  }

  private async check(replica: Replica): Promise<void> {
    const was = replica.state;
    try {
      const { lagMs, version } = await this.lagOf(replica);
      replica.lagMs = lagMs === null ? null : Math.max(0, Math.round(lagMs));
      replica.state = lagMs !== null && lagMs <= this.options.maxLagMs ? "ok" : "lagging";
      if (replica.state === "ok" && !replica.dataSource) replica.dataSource = await this.connect(replica.url, version);
    } catch (error) {
      replica.state = "unreachable";
      replica.lagMs = null;
      if (was !== "unreachable") this.options.logger?.warn({ err: error, replica: replica.name }, "a read replica does not answer");
    }
    if (replica.state !== was && replica.state !== "unreachable")
      this.options.logger?.info({ replica: replica.name, lagMs: replica.lagMs }, `read replica ${replica.state}`);
  }

  /**
   * How far behind the primary the replica's data is, in ms (null when unknown): 0 when it is
   * current; else the least of two upper bounds: the age of the last commit it replayed (too high
   * when a write follows a quiet spell), and the time since the newest earlier check whose received
   * WAL it has replayed by now (it had everything the primary had sent by then).
   */
  private async lagOf(replica: Replica): Promise<{ lagMs: number | null; version: number }> {
    const at = Date.now();
    const row = await this.ask(replica);
    if (row.received !== null) {
      replica.received.push({ at, lsn: BigInt(row.received) });
      // checks older than the bound cannot bring the lag under it
      if (replica.received.length > this.options.maxLagMs / REPLICA_CHECK_INTERVAL_MS + 2) replica.received.shift();
    }
    if (row.current) return { lagMs: 0, version: row.version };
    const replayed = row.replayed === null ? null : BigInt(row.replayed);
    const caughtUp = replayed === null ? undefined : replica.received.findLast((check) => check.lsn <= replayed);
    const bounds = [row.commit_age_ms, caughtUp ? Date.now() - caughtUp.at : null].filter((b): b is number => b !== null);
    return { lagMs: bounds.length ? Math.min(...bounds) : null, version: row.version };
  }

  /** The check's statement, on the replica's own pool once it has one (an idle connection), else on a connection of its own. */
  private async ask(replica: Replica): Promise<LagRow> {
    const query = { text: LAG_SQL, query_timeout: CHECK_TIMEOUT_MS };
    if (replica.dataSource) {
      const pool = (replica.dataSource.driver as unknown as { master: Pool }).master;
      return (await pool.query<LagRow>(query)).rows[0];
    }
    const client = new Client({ connectionString: replica.url, connectionTimeoutMillis: CHECK_TIMEOUT_MS });
    // a connection refused later (the replica stopping) is an error event, not a crash
    client.on("error", () => undefined);
    try {
      await client.connect();
      return (await client.query<LagRow>(query)).rows[0];
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  private async connect(url: string, version: number): Promise<DataSource> {
    const dataSource = createDataSource(
      url,
      this.primary.options.entities as Entities,
      this.primary.options.logger as QueryLogger | undefined,
      {
        transactionTimeout: version >= 170000,
        readOnly: true,
      },
    );
    return dataSource.initialize();
  }
}

/**
 * Whether an error says the server cannot serve (refused, reset or lost connection, shutting down,
 * starting, too many clients) rather than that this one statement failed there (a recovery
 * conflict with replay, a timeout, bad input): only the first takes a replica out before its next check.
 */
function isConnectionFailure(error: unknown): boolean {
  const cause = ((error as { driverError?: unknown } | null)?.driverError ?? error) as { code?: unknown; message?: unknown } | null;
  const code = typeof cause?.code === "string" ? cause.code : "";
  if (/^(08|53|57P)/.test(code) || /^E(CONNREFUSED|CONNRESET|PIPE|TIMEDOUT|HOSTUNREACH|NETUNREACH|NOTFOUND|AI_AGAIN)$/.test(code))
    return true;
  return /connection terminated|connection error|timeout exceeded when trying to connect/i.test(
    typeof cause?.message === "string" ? cause.message : "",
  );
}
