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
 * How far behind the primary the replica's data is, in ms: 0 when it has replayed all the WAL it
 * received (an idle primary sends none, so the last replayed commit's age says nothing then), else
 * the age of the last commit it replayed. NULL when it has replayed none since it started.
 * A server that is not a standby is never behind.
 */
const LAG_SQL = `SELECT CASE WHEN NOT pg_is_in_recovery() OR pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0
  ELSE extract(epoch FROM now() - pg_last_xact_replay_timestamp()) * 1000 END::float8 AS lag_ms,
  current_setting('server_version_num')::int AS version`;

type Replica = ReplicaStatus & { url: string; dataSource?: DataSource };

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
    this.replicas = urls.map((url) => ({ url, name: replicaName(url), state: "unreachable", lagMs: null }));
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
    if (!replica?.dataSource) return work(this.primary);
    let answer: T;
    try {
      answer = await work(replica.dataSource);
    } catch (error) {
      // the read is the same on the primary: the request is answered from there
      if (isConnectionFailure(error) && replica.state === "ok") {
        replica.state = "unreachable";
        this.options.logger?.warn({ err: error, replica: replica.name }, "a read replica failed; its reads go to the primary");
      }
      return work(this.primary);
    }
    return options.recheck?.(answer) ? work(this.primary) : answer;
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
      replica.lagMs = lagMs === null ? null : Math.round(lagMs);
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

  /** The lag asked on the replica's own pool once it has one (an idle connection), else on a connection of its own. */
  private async lagOf(replica: Replica): Promise<{ lagMs: number | null; version: number }> {
    const query = { text: LAG_SQL, query_timeout: CHECK_TIMEOUT_MS };
    type Row = { lag_ms: number | null; version: number };
    if (replica.dataSource) {
      const pool = (replica.dataSource.driver as unknown as { master: Pool }).master;
      const [row] = (await pool.query<Row>(query)).rows;
      return { lagMs: row.lag_ms, version: row.version };
    }
    const client = new Client({ connectionString: replica.url, connectionTimeoutMillis: CHECK_TIMEOUT_MS });
    // a connection refused later (the replica stopping) is an error event, not a crash
    client.on("error", () => undefined);
    try {
      await client.connect();
      const [row] = (await client.query<Row>(query)).rows;
      return { lagMs: row.lag_ms, version: row.version };
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
 * Whether a replica's error says it cannot serve (refused or lost connection, shutting down,
 * starting, too many clients) rather than that this one statement failed there (a recovery
 * conflict with replay, a timeout): only the first takes the replica out before its next check.
 */
function isConnectionFailure(error: unknown): boolean {
  const cause = (error as { driverError?: unknown }).driverError ?? error;
  const code = (cause as { code?: unknown } | null)?.code;
  if (typeof code !== "string" || !/^[0-9A-Z]{5}$/.test(code)) return true;
  return /^(08|53|57P)/.test(code);
}
