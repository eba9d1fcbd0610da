import { AsyncLocalStorage } from "node:async_hooks";
import PgBoss from "pg-boss";
import type { Logger } from "pino";
import type { DataSource, EntityManager } from "typeorm";
import { alone } from "./db/database";
import { whenCommitted } from "./events";

/**
 * The jobs, by name: each feature adds its own by declaration merging
 * (`declare module "../../platform/jobs" { interface JobPayloads { "saved.price-dropped": { productId: string } } }`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- completed by declaration merging
export interface JobPayloads {}

export type JobName = Extract<keyof JobPayloads, string>;

/**
 * The id of the job whose work is running in this async context (statements a job sends are not a
 * request's), kept only once `trackRunningJobs()` was called, as the tests' statement counter does:
 * on Node 20 an AsyncLocalStorage in use hooks every promise of the process, which cost uncached
 * pages 8 to 10 % of their throughput from the first job on.
 */
export const runningJob = new AsyncLocalStorage<string>();
let trackingRunningJobs = false;
export function trackRunningJobs(): void {
  trackingRunningJobs = true;
}

/**
 * A job's work, in one transaction with the mark that it was done: its effect happens once. A job
 * defined with `ownTransactions` is given the data source's manager instead, outside any transaction.
 */
export type JobHandler<K extends JobName> = (payload: JobPayloads[K], manager: EntityManager) => Promise<void>;

export type JobDefinition = {
  /** A cron line (UTC): the queue enqueues one job per occurrence for the whole cluster. */
  cron?: string;
  /** Tries after the first failure, each later than the last (exponential backoff from `retryDelaySeconds`). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /**
   * The work opens its own short transactions, because it waits on other servers between them (no
   * transaction may outlast TRANSACTION_TIMEOUT_MS, nor hold locks while it waits). It runs in no
   * transaction of the queue's and is marked done after it: a run cut short is run again whole,
   * and two runs may overlap (a retry of one that outlived `timeoutSeconds`), so each of its
   * transactions must be safe to do twice.
   */
  ownTransactions?: boolean;
};

/** Jobs one worker takes per fetch (pg-boss fetches, then waits out the polling interval unless woken). */
const JOB_BATCH = 50;

/**
 * How often each queue's worker looks for jobs it was not woken for: those another process
 * enqueued, retries falling due, cron occurrences. A job enqueued here wakes this process's worker
 * as its transaction commits, so it does not wait for the poll. Every poll is a statement planned
 * anew (about 1 ms of PostgreSQL's time), per queue and process: at 0.5 s, the 17 queues of one
 * idle process sent 34 a second.
 */
const POLL_SECONDS = 2;

/** Where the queue's tables live (pg-boss creates and upgrades the schema under its own advisory lock). */
export const JOB_SCHEMA = "pgboss";

export type JobCounts = { name: string; queued: number; active: number; failed: number; completed: number };
export type FailedJob = { id: string; name: string; failedAt: Date; attempts: number; error: string };

/**
 * Durable jobs in PostgreSQL (pg-boss): work that can fail, take time or must happen later.
 * `enqueue` writes the job through the caller's transaction (an outbox: the job exists if and only
 * if the change committed). Every process works the queues; a job runs at least once, retried with
 * backoff, and one whose process died is retried after `timeoutSeconds`. Each run records the job's
 * id in `job_effects` in the transaction of its effect, so a second run of a finished job does nothing.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  // handlers are stored by name; the payload types meet again in define's signature
  private readonly definitions = new Map<
    string,
    { handler: (payload: never, manager: EntityManager) => Promise<void>; definition: JobDefinition }
  >();
  private started = false;
  /** This process's worker of each queue, by queue name (pg-boss's worker ids). */
  private readonly workers = new Map<string, string>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly url: string,
    private readonly options: { timeoutSeconds: number; logger?: Logger; pollSeconds?: number },
  ) {
    this.boss = new PgBoss({
      connectionString: url,
      schema: JOB_SCHEMA,
      max: 3,
      // how often one process (whichever takes the turn) looks for jobs whose worker died
      maintenanceIntervalSeconds: Math.min(120, Math.max(1, options.timeoutSeconds)),
      expireInSeconds: options.timeoutSeconds,
    });
    this.boss.on("error", (error) => options.logger?.error({ err: error }, "job queue error"));
  }

  /** Says what a job does; called by the composition before `start`. */
  define<K extends JobName>(name: K, handler: JobHandler<K>, definition: JobDefinition = {}): void {
    this.definitions.set(name, { handler, definition });
  }

  /** Adds a job in the caller's transaction; `key` makes a second enqueue with the same key a no-op while the first waits. */
  async enqueue<K extends JobName>(
    manager: EntityManager,
    name: K,
    payload: JobPayloads[K],
    options: { key?: string } = {},
  ): Promise<void> {
    const db = { executeSql: async (text: string, values: unknown[]) => ({ rows: await manager.query<unknown[]>(text, values) }) };
    await this.boss.send(name, payload, { db, ...(options.key ? { singletonKey: options.key } : {}) });
    await whenCommitted(manager, () => this.wake(name));
  }

  /** Has this process's worker of `name` look for jobs now instead of at its next poll. */
  private wake(name: string): void {
    const worker = this.workers.get(name);
    if (worker) this.boss.notifyWorker(worker);
  }

  /** Creates the queues and the schedules, then works the queues in this process. */
  async start(): Promise<void> {
    // processes booting together would deadlock creating the same queues' tables
    await alone(this.url, async () => {
      await this.boss.start();
      this.started = true;
      for (const [name, { definition }] of this.definitions) {
        await this.boss.createQueue(name, {
          name,
          retryLimit: definition.retryLimit ?? 5,
          retryDelay: definition.retryDelaySeconds ?? 5,
          retryBackoff: true,
          expireInSeconds: this.options.timeoutSeconds,
        });
        if (definition.cron) await this.boss.schedule(name, definition.cron, {}, { tz: "UTC" });
      }
    });
    for (const [name, { handler, definition }] of this.definitions) {
      // up to JOB_BATCH jobs per fetch, each in its own transaction (an ownTransactions job opens its
      // own); a failure fails the batch, whose jobs already done are no-ops when retried (job_effects)
      const worker = await this.boss.work(
        name,
        { pollingIntervalSeconds: this.options.pollSeconds ?? POLL_SECONDS, batchSize: JOB_BATCH },
        async (batch) => {
          let failure: Error | undefined;
          for (const job of batch) {
            const work = (manager: EntityManager) => handler(job.data as never, manager);
            const run = definition.ownTransactions ? this.runAlone(job.id, work) : this.runOnce(job.id, work);
            await run.catch((error: unknown) => {
              failure ??= error instanceof Error ? error : new Error(String(error));
            });
          }
          // a full batch most likely leaves more waiting: fetch again at once, not at the next poll
          if (batch.length === JOB_BATCH) this.wake(name);
          if (failure) throw failure;
        },
      );
      this.workers.set(name, worker);
    }
  }

  private async runOnce(jobId: string, work: (manager: EntityManager) => Promise<void>): Promise<void> {
    const once = () =>
      this.dataSource.transaction(async (manager) => {
        const done: unknown[] = await manager.query(
          `INSERT INTO job_effects ("jobId") VALUES ($1) ON CONFLICT DO NOTHING RETURNING "jobId"`,
          [jobId],
        );
        // a run of this job already committed its effect (its process died before the queue heard)
        if (!done.length) return;
        await work(manager);
      });
    await (trackingRunningJobs ? runningJob.run(jobId, once) : once());
  }

  /** A job that opens its own transactions (`ownTransactions`): skipped when marked done, marked done after its work. */
  private async runAlone(jobId: string, work: (manager: EntityManager) => Promise<void>): Promise<void> {
    const once = async () => {
      const done: unknown[] = await this.dataSource.query(`SELECT 1 FROM job_effects WHERE "jobId" = $1`, [jobId]);
      if (done.length) return;
      await work(this.dataSource.manager);
      await this.dataSource.query(`INSERT INTO job_effects ("jobId") VALUES ($1) ON CONFLICT DO NOTHING`, [jobId]);
    };
    await (trackingRunningJobs ? runningJob.run(jobId, once) : once());
  }

  /** Per job name: waiting (created or retry), running, failed and completed jobs. */
  async counts(): Promise<JobCounts[]> {
    const rows: Array<{ name: string; state: string; n: number }> = await this.dataSource.query(
      `SELECT name, state::text, count(*)::int AS n FROM ${JOB_SCHEMA}.job GROUP BY name, state ORDER BY name`,
    );
    const byName = new Map<string, JobCounts>();
    for (const name of this.definitions.keys()) byName.set(name, { name, queued: 0, active: 0, failed: 0, completed: 0 });
    for (const { name, state, n } of rows) {
      const counts = byName.get(name) ?? { name, queued: 0, active: 0, failed: 0, completed: 0 };
      byName.set(name, counts);
      if (state === "created" || state === "retry") counts.queued += n;
      else if (state === "active") counts.active += n;
      else if (state === "failed") counts.failed += n;
      else if (state === "completed") counts.completed += n;
    }
    return [...byName.values()];
  }

  /** The latest failed jobs (retries used up), newest first. */
  async failures(limit: number): Promise<FailedJob[]> {
    const rows: Array<{ id: string; name: string; completed_on: Date; retry_count: number; output: unknown }> = await this.dataSource.query(
      `SELECT id::text, name, completed_on, retry_count, output FROM ${JOB_SCHEMA}.job WHERE state = 'failed' ORDER BY completed_on DESC LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      failedAt: row.completed_on,
      attempts: row.retry_count + 1,
      error: errorText(row.output),
    }));
  }

  /** Stops taking jobs, lets running ones finish (bounded), closes the queue's connections. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }
}

function errorText(output: unknown): string {
  const value = (output as { message?: unknown; value?: { message?: unknown } } | null) ?? {};
  const message = value.message ?? value.value?.message;
  return typeof message === "string" ? message.slice(0, 500) : JSON.stringify(output ?? null).slice(0, 500);
}
