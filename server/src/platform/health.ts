import type { Pool } from "pg";
import type { DataSource } from "typeorm";
import type { ReplicaStatus } from "./db/replicas";
import type { JobQueue } from "./jobs";
import type { RedisCircuit } from "./redis";
import type { ObjectStorage } from "./storage";

/** How often the database is asked `SELECT 1` in the background; /ready answers from the last answer. */
export const HEALTH_CHECK_INTERVAL_MS = 1_000;
/** A database check unanswered by then counts as the database unreachable. */
const DATABASE_CHECK_TIMEOUT_MS = 1_500;
/**
 * The last good check may be at most this old for /ready to say ready: a check that hangs (a frozen
 * database) does not keep an old "ok" alive.
 */
export const STALE_AFTER_MS = HEALTH_CHECK_INTERVAL_MS + DATABASE_CHECK_TIMEOUT_MS;

/** What /ready says: `ready`; `degraded` (serving, Redis not answering); or not ready (503). */
export type Readiness =
  | {
      status: "ready" | "degraded";
      database: "ok";
      redis?: "ok" | "unavailable";
      replicas?: ReplicaStatus[];
      /** The search index (SEARCH_INDEX=memory): searches go to the database until it is `ready`. */
      searchIndex?: "loading" | "ready" | "failed" | "off";
    }
  | { status: "database unreachable" };

/** The admins' detailed report: each dependency checked now, and the job queues. */
export type SystemStatus = {
  database: "ok" | "unreachable";
  /** null without REDIS_URL. */
  redis: "ok" | "unavailable" | null;
  /** null when pictures are on this machine's disk (no bucket). */
  storage: "ok" | "unreachable" | null;
  queuedJobs: number | null;
  failedJobs: number | null;
  /** Each read replica (DATABASE_REPLICA_URLS) as last checked; empty without. */
  replicas: ReplicaStatus[];
};

/**
 * Keeps the state /ready answers from, up to date in the background: the last database check
 * (one `SELECT 1` a second on a pool connection) and the circuit around Redis (which asks Redis
 * itself). /ready then costs no query, whatever the load, and a probe's timeout is never reached;
 * the detailed report with the bucket and the job queues is the admins' (`report`).
 */
export class HealthMonitor {
  private lastDatabaseOk = 0;
  private timer?: NodeJS.Timeout;
  private checking = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly deps: {
      redis?: RedisCircuit;
      storage: ObjectStorage;
      jobs: JobQueue;
      replicas?: { status(): ReplicaStatus[] };
      searchIndex?: { status(): "loading" | "ready" | "failed" | "off" };
      /** The time in ms (tests move it past the staleness budget without waiting). */
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /** Checks once (so the first probe already has an answer), then every HEALTH_CHECK_INTERVAL_MS. */
  async start(): Promise<void> {
    if (this.timer) return;
    await this.check();
    this.timer = setInterval(() => void this.check(), HEALTH_CHECK_INTERVAL_MS).unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** The state as last checked: no I/O (and synchronous, so it cannot wait on any). */
  readiness(): Readiness {
    if (this.now() - this.lastDatabaseOk > STALE_AFTER_MS) return { status: "database unreachable" };
    // a lagging or unreachable replica only sends its reads to the primary: named, never a 503
    const replicas = this.deps.replicas?.status() ?? [];
    const named = {
      ...(replicas.length ? { replicas } : {}),
      ...(this.deps.searchIndex ? { searchIndex: this.deps.searchIndex.status() } : {}),
    };
    const redis = this.deps.redis;
    if (!redis) return { status: "ready", database: "ok", ...named };
    return redis.isOpen
      ? { status: "degraded", database: "ok", redis: "unavailable", ...named }
      : { status: "ready", database: "ok", redis: "ok", ...named };
  }

  /** Every dependency asked now (each bounded), and the job queues' totals. */
  async report(): Promise<SystemStatus> {
    const [database, redis, storage, jobs] = await Promise.all([
      this.databaseAnswers(),
      this.deps.redis ? this.deps.redis.check() : undefined,
      this.deps.storage.reachable(),
      this.deps.jobs.counts().then(
        (counts) => counts.reduce((sum, c) => ({ queued: sum.queued + c.queued, failed: sum.failed + c.failed }), { queued: 0, failed: 0 }),
        () => undefined,
      ),
    ]);
    return {
      database: database ? "ok" : "unreachable",
      redis: redis === undefined ? null : redis ? "ok" : "unavailable",
      storage: storage === undefined ? null : storage ? "ok" : "unreachable",
      queuedJobs: jobs?.queued ?? null,
      failedJobs: jobs?.failed ?? null,
      replicas: this.deps.replicas?.status() ?? [],
    };
  }

  private async check(): Promise<void> {
    // a check still waiting on a frozen database is not joined by another
    if (this.checking) return;
    this.checking = true;
    try {
      // while the circuit is open it asks Redis itself (its probe): no second PING waiting on a hung Redis
      const redis = this.deps.redis;
      const [database] = await Promise.all([this.databaseAnswers(), redis && !redis.isOpen ? redis.check() : undefined]);
      if (database) this.lastDatabaseOk = this.now();
    } finally {
      this.checking = false;
    }
  }

  private async databaseAnswers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const tooSlow = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), DATABASE_CHECK_TIMEOUT_MS);
    });
    try {
      // straight on the pool, past TypeORM's logger: a probe is no request's work (query counts leave it out)
      const pool = (this.dataSource.driver as unknown as { master: Pool }).master;
      return await Promise.race([pool.query("SELECT 1").then(() => true), tooSlow]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
