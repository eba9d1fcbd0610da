import "reflect-metadata";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import PgBoss from "pg-boss";
import { JOB_SCHEMA } from "../platform/jobs";
import type { TestProject } from "vitest/node";
import { createDataSource } from "../platform/db/data-source";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../platform/db/embedded";

// one template per run, so two runs (two checkouts) can share one PostgreSQL server
export const TEMPLATE_DATABASE = `unibazaar_test_template_${process.pid}`;
// and the databases the run's test files make, named after the run so its teardown finds them all
const RUN_DATABASE_PREFIX = `ub_test_${process.pid}_`;

/**
 * Where a run keeps its demo data once loaded (made by the first test file that asks for a seeded
 * server, see test/harness.ts): a database cloned from the template, and the DATA_DIR its pictures went to.
 */
export const seededTemplate = (template: string) => ({
  database: `${template}_seeded`,
  dir: path.join(tmpdir(), `unibazaar-seeded-${template}`),
});

declare module "vitest" {
  export interface ProvidedContext {
    databaseServerUrl: string;
    templateDatabase: string;
    /** Every database a test file makes is named with it (test/harness.ts). */
    testDatabasePrefix: string;
  }
}

/**
 * Once per test run: a PostgreSQL server (DATABASE_URL when set, else an embedded one) and a
 * template database with every migration applied. Each test file then gets its own copy of the
 * template, so files never see each other's data.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let serverUrl: string;
  const dir = path.resolve(".test-data", `pg-${process.pid}`);
  if (process.env.DATABASE_URL) {
    serverUrl = process.env.DATABASE_URL;
  } else {
    // thrown away at the run's end: durability would only slow every commit and every copy of the template
    // (the orders and payment files: 46 s against a PostgreSQL with fsync and synchronous commits, 38 without)
    embedded = await startEmbeddedPostgres(dir, {
      persistent: false,
      crashSafe: false,
      onLog: (m) => process.env.DEBUG_PG && console.log(m),
    });
    serverUrl = embedded.url("postgres");
  }

  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${TEMPLATE_DATABASE}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${TEMPLATE_DATABASE}"`);
  await admin.end();

  // migrations alone build the schema: no entity classes (and none of the code they import) here
  const template = createDataSource(withDatabase(serverUrl, TEMPLATE_DATABASE), []);
  await template.initialize();
  await template.runMigrations({ transaction: "all" });
  await template.destroy();
  // the job queue's schema too, as pg-boss would create it at a server's first start
  const queue = new Client({ connectionString: withDatabase(serverUrl, TEMPLATE_DATABASE) });
  await queue.connect();
  await queue.query(PgBoss.getConstructionPlans(JOB_SCHEMA));
  await queue.end();

  project.provide("databaseServerUrl", serverUrl);
  project.provide("templateDatabase", TEMPLATE_DATABASE);
  project.provide("testDatabasePrefix", RUN_DATABASE_PREFIX);

  const seeded = seededTemplate(TEMPLATE_DATABASE);
  return async () => {
    if (!embedded) {
      const cleanup = new Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${seeded.database}" WITH (FORCE)`);
      await cleanup.query(`DROP DATABASE IF EXISTS "${TEMPLATE_DATABASE}" WITH (FORCE)`);
      await cleanup.end();
      // a shared server (CI's) would otherwise keep every file's copy: a run's worth is gigabytes
      await dropDatabasesNamed(serverUrl, RUN_DATABASE_PREFIX);
    }
    await rm(seeded.dir, { recursive: true, force: true });
    await embedded?.stop();
    await rm(dir, { recursive: true, force: true });
  };
}

/** Drops every database on the server whose name starts with `prefix`; answers their names. */
export async function dropDatabasesNamed(serverUrl: string, prefix: string): Promise<string[]> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE starts_with(datname, $1)`, [prefix]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    return rows.map((row) => row.datname);
  } finally {
    await admin.end();
  }
}

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
