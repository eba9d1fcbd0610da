import "reflect-metadata";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Client } from "pg";
import type { Logger as QueryLogger } from "typeorm";
import { expect, inject } from "vitest";
import { loadConfig } from "../platform/config";
import { TestClock } from "../platform/clock";
import { runningJob, trackRunningJobs, type JobName, type JobPayloads } from "../platform/jobs";
import { startServer, type RunningServer } from "../app/server";
import { seededTemplate, withDatabase } from "./global-setup";

/** A fresh database copied from the migrated template: this test file's own data. */
export const createTestDatabase = () => createDatabase(inject("templateDatabase"));

/** A fresh database with no tables at all, as a new deployment finds it. */
export const createEmptyDatabase = () => createDatabase();

async function createDatabase(
  template?: string,
  name = `${inject("testDatabasePrefix")}${randomBytes(6).toString("hex")}`,
): Promise<string> {
  const serverUrl = inject("databaseServerUrl");
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  // a file copy, not PostgreSQL's default WAL_LOG (every page of the template through the WAL): a 14 MB
  // template copied in 100-160 against 260-290 ms (without and with fsync)
  await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}" STRATEGY FILE_COPY` : ""}`);
  await admin.end();
  return withDatabase(serverUrl, name);
}

/** Counts the SQL statements the app sends, so tests can pin the cost of an operation. */
export class QueryCounter implements QueryLogger {
  count = 0;
  readonly statements: string[] = [];
  constructor() {
    // to leave out the statements of jobs that run meanwhile
    trackRunningJobs();
  }
  logQuery(query: string) {
    // transaction bookkeeping is not work the operation asked for
    if (/^(START TRANSACTION|BEGIN|COMMIT|ROLLBACK)/i.test(query)) return;
    // nor is a scheduled job that happens to run meanwhile (several run every minute)
    if (runningJob.getStore()) return;
    this.count++;
    this.statements.push(query);
  }
  logQueryError() {}
  logQuerySlow() {}
  logSchemaBuild() {}
  logMigration() {}
  log() {}
  /** Runs `fn` and returns how many statements it sent. */
  async measure<T>(fn: () => Promise<T>): Promise<{ result: T; queries: number; statements: string[] }> {
    const before = this.count;
    const start = this.statements.length;
    const result = await fn();
    return { result, queries: this.count - before, statements: this.statements.slice(start) };
  }
}

export type GraphQLResult<T = any> = {
  data?: T;
  errors?: Array<{ message: string; extensions?: { code?: string; fields?: Record<string, string> } }>;
};
/** The data of a GraphQL request that must succeed: an answer with errors fails the test with them. */
export async function dataOf(server: Pick<TestServer, "gql">, query: string, variables: Record<string, unknown> = {}, token?: string) {
  const res = await server.gql(query, variables, token);
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data;
}

/** The `extensions.code` of a GraphQL answer's first error (undefined when it has none). */
export const codeOf = (res: GraphQLResult) => res.errors?.[0]?.extensions?.code;

export type RestResult<T = any> = { status: number; body: T; headers: Headers };

export type TestServer = RunningServer & {
  /** The clock the services read: `clock.advance(ms)` moves deadlines' time without sleeping. */
  clock: TestClock;
  queries: QueryCounter;
  gql: <T = any>(query: string, variables?: Record<string, unknown>, token?: string) => Promise<GraphQLResult<T>>;
  api: <T = any>(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; cookie?: string; headers?: Record<string, string> },
  ) => Promise<RestResult<T>>;
};

/** The address of a test server's database, for a second server on it or a connection of the test's own (outside the app's pool). */
export const databaseOf = (server: Pick<TestServer, "dataSource">) => String((server.dataSource.options as { url?: string }).url);

/**
 * How many client connections to the database `watcher` is on wait on a lock: how a test knows the
 * app's statements have reached a lock it holds. Asked on a connection outside the locking
 * transaction, which would keep its first snapshot of pg_stat_activity.
 */
export async function lockWaiters(watcher: Pick<Client, "query">): Promise<number> {
  const { rows } = await watcher.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE wait_event_type = 'Lock' AND backend_type = 'client backend' AND datname = current_database()`,
  );
  return rows[0].n;
}

/**
 * Ends the sessions of the app's transactions open for at least `ms` in `server`'s database, as
 * PostgreSQL 17+ does to one open past TRANSACTION_TIMEOUT_MS (`transaction_timeout`): here at once,
 * while the app waits on another server, since the tests' PostgreSQL may not have the setting.
 * Answers how many it ended.
 */
export async function endOpenTransactions(server: Pick<TestServer, "dataSource">, ms = 200): Promise<number> {
  const [{ n }] = await server.dataSource.query<Array<{ n: number }>>(
    `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start < now() - make_interval(secs => $1 / 1000.0)`,
    [ms],
  );
  return n;
}

/**
 * Starts the real app (HTTP, GraphQL, REST) on a free port over this file's own database; with
 * `seed`, a copy of the demo data (database and pictures) loaded once per run.
 */
export async function startTestServer(options: { seed?: boolean; env?: Record<string, string> } = {}): Promise<TestServer> {
  const demo = options.seed ? await demoData() : undefined;
  const databaseUrl = await createDatabase(demo?.database ?? inject("templateDatabase"));
  const dataDir = options.env?.DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), "unibazaar-test-")));
  if (demo) await cp(demo.dataDir, dataDir, { recursive: true });
  const config = loadConfig({
    ...testEnv(databaseUrl, dataDir, demo?.jwtSecret ?? randomBytes(32).toString("hex")),
    ...options.env,
  });
  const queries = new QueryCounter();
  const clock = new TestClock();
  const server = await startServer(config, { queryLogger: queries, clock });

  const gql: TestServer["gql"] = async (query, variables, token) => {
    const response = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as GraphQLResult;
  };

  const api: TestServer["api"] = async (method, urlPath, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.body !== undefined) headers["content-type"] ??= "application/json";
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.cookie) headers.cookie = opts.cookie;
    const response = await fetch(`${server.url}${urlPath}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: body as any, headers: response.headers };
  };

  return Object.assign(server, { clock, queries, gql, api });
}

const testEnv = (databaseUrl: string, dataDir: string, jwtSecret: string) => ({
  NODE_ENV: "test",
  PORT: "0",
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  JWT_SECRET: jwtSecret,
  ...(process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {}),
});

/**
 * The demo data, loaded once per run and copied for each seeded server: loading it draws and
 * resizes every listing's pictures, which cost each e2e file 10-30 s. The first file to ask loads
 * it into a database of its own (and a DATA_DIR for the pictures); the others wait for its answer.
 * The same JWT secret goes with the copies, as the data was written under it.
 */
async function demoData(): Promise<{ database: string; dataDir: string; jwtSecret: string }> {
  const template = inject("templateDatabase");
  const { database, dir } = seededTemplate(template);
  const dataDir = path.join(dir, "data");
  const answer = path.join(dir, "seeded.json");
  try {
    await mkdir(dir);
  } catch {
    while (!existsSync(answer)) await sleep(100);
    const { jwtSecret, error } = JSON.parse(await readFile(answer, "utf8")) as { jwtSecret?: string; error?: string };
    if (!jwtSecret) throw new Error(`the demo data failed to load in another test file: ${error}`);
    return { database, dataDir, jwtSecret };
  }
  const jwtSecret = randomBytes(32).toString("hex");
  // written aside and renamed into place: a waiting file that found the answer half written (created,
  // not yet filled, while the writer's thread pool was busy) read it empty and failed every e2e file
  const answerWith = async (value: { jwtSecret: string } | { error: string }) => {
    await writeFile(`${answer}.part`, JSON.stringify(value));
    await rename(`${answer}.part`, answer);
  };
  try {
    const server = await startServer(loadConfig(testEnv(await createDatabase(template, database), dataDir, jwtSecret)), { seed: true });
    await server.close();
    await answerWith({ jwtSecret });
  } catch (error) {
    await answerWith({ error: String(error) });
    throw error;
  }
  return { database, dataDir, jwtSecret };
}

/** Waits until the job queues have nothing waiting or running (jobs run in the background, a moment after their change). */
export async function jobsSettled(server: Pick<RunningServer, "services">): Promise<void> {
  await expect
    .poll(async () => (await server.services.jobs.counts()).reduce((n, c) => n + c.queued + c.active, 0), {
      timeout: 20_000,
      interval: 100,
    })
    .toBe(0);
}

/** The jobs that take no payload: the scheduled ones. */
type ScheduledJob = { [K in JobName]: object extends JobPayloads[K] ? K : never }[JobName];

/** Runs a scheduled job now, as its schedule would, and waits until the queues have settled. */
export async function runScheduledJob(server: TestServer, name: ScheduledJob): Promise<void> {
  await server.services.jobs.enqueue(server.dataSource.manager, name, {});
  await jobsSettled(server);
}

/** Runs `check` with the services' clock moved `ms` ahead, then moves it back. */
export async function withClockAhead(server: TestServer, ms: number, check: () => Promise<void>): Promise<void> {
  server.clock.advance(ms);
  try {
    await check();
  } finally {
    server.clock.advance(-ms);
  }
}
