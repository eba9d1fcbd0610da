import "reflect-metadata";
import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import type { Logger as QueryLogger } from "typeorm";
import { expect, inject } from "vitest";
import { loadConfig } from "../platform/config";
import { TestClock } from "../platform/clock";
import { runningJob } from "../platform/jobs";
import { startServer, type RunningServer } from "../app/server";
import { withDatabase } from "./global-setup";

/** A fresh database copied from the migrated template: this test file's own data. */
export const createTestDatabase = () => createDatabase(inject("templateDatabase"));

/** A fresh database with no tables at all, as a new deployment finds it. */
export const createEmptyDatabase = () => createDatabase();

async function createDatabase(template?: string): Promise<string> {
  const serverUrl = inject("databaseServerUrl");
  const name = `ub_test_${randomBytes(6).toString("hex")}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
  await admin.end();
  return withDatabase(serverUrl, name);
}

/** Counts the SQL statements the app sends, so tests can pin the cost of an operation. */
export class QueryCounter implements QueryLogger {
  count = 0;
  readonly statements: string[] = [];
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

/** Starts the real app (HTTP, GraphQL, REST) on a free port over this file's own database. */
export async function startTestServer(options: { seed?: boolean; env?: Record<string, string> } = {}): Promise<TestServer> {
  const databaseUrl = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), "unibazaar-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    PORT: "0",
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString("hex"),
    ...(process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {}),
    ...options.env,
  });
  const queries = new QueryCounter();
  const clock = new TestClock();
  const server = await startServer(config, { seed: options.seed, queryLogger: queries, clock });

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

/** Waits until the job queues have nothing waiting or running (jobs run in the background, a moment after their change). */
export async function jobsSettled(server: Pick<RunningServer, "services">): Promise<void> {
  await expect
    .poll(async () => (await server.services.jobs.counts()).reduce((n, c) => n + c.queued + c.active, 0), {
      timeout: 20_000,
      interval: 100,
    })
    .toBe(0);
}
