import path from "node:path";
import { Client } from "pg";
import type { DataSource, Logger } from "typeorm";
import type { AppConfig } from "../config";
import { createDataSource, DB_TIMEOUTS, type Entities } from "./data-source";
import { startEmbeddedPostgres } from "./embedded";

export type Database = { dataSource: DataSource; url: string; embedded: boolean; close: () => Promise<void> };

const EMBEDDED_DATABASE = "unibazaar";

/** Creates a database on the server behind `serverUrl` unless it already exists. */
export async function ensureDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) {
      const quoted = `"${name.replace(/"/g, '""')}"`;
      await client.query(`CREATE DATABASE ${quoted}`);
    }
  } finally {
    await client.end();
  }
}

/** PostgreSQL's version number (170000 for 17.0), asked once at boot. */
async function serverVersion(url: string): Promise<number> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: DB_TIMEOUTS.connectionTimeoutMillis });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version_num: string }>("SHOW server_version_num");
    return Number(rows[0].server_version_num);
  } finally {
    await client.end();
  }
}

/** Key of the advisory lock under which one process at a time changes the schema ("unibazaar" in ASCII). */
export const SCHEMA_LOCK_KEY = 0x756e6962617a6161n;

/**
 * Runs `work` while holding a PostgreSQL advisory lock, so processes that boot together on one
 * database change its schema one after the other (the migrations; the job queue's tables): the
 * first does the work, the others then find nothing left to do. The lock lives on a connection of
 * its own, outside the pool and free of the pool's lock and statement timeouts (a long migration
 * elsewhere is a normal wait here); it is released with that connection, even when this process dies.
 */
export async function alone<T>(url: string, work: () => Promise<T>): Promise<T> {
  const lock = new Client({ connectionString: url, connectionTimeoutMillis: DB_TIMEOUTS.connectionTimeoutMillis });
  await lock.connect();
  try {
    await lock.query("SELECT pg_advisory_lock($1)", [SCHEMA_LOCK_KEY.toString()]);
    return await work();
  } finally {
    await lock.end();
  }
}

/**
 * Connects to DATABASE_URL, or with none starts the embedded PostgreSQL in DATA_DIR; then brings
 * the schema up to date. The same path serves both, so development and production differ only in URL.
 */
export async function openDatabase(
  config: AppConfig,
  entities: Entities,
  log: (line: string) => void,
  queryLogger?: Logger,
): Promise<Database> {
  let url = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    log(`Starting embedded PostgreSQL in ${path.join(config.dataDir, "postgres")}`);
    const pg = await startEmbeddedPostgres(path.join(config.dataDir, "postgres"), { say: log });
    await ensureDatabase(pg.url("postgres"), EMBEDDED_DATABASE);
    url = pg.url(EMBEDDED_DATABASE);
    stopEmbedded = pg.stop;
  }
  let dataSource;
  try {
    dataSource = createDataSource(url, entities, queryLogger, { transactionTimeout: (await serverVersion(url)) >= 170000 });
    await dataSource.initialize();
    const migrating = dataSource;
    const applied = await alone(url, () => migrating.runMigrations({ transaction: "each" }));
    if (applied.length) log(`Applied migrations: ${applied.map((m) => m.name).join(", ")}`);
  } catch (error) {
    if (dataSource?.isInitialized) await dataSource.destroy();
    await stopEmbedded?.();
    throw error;
  }
  return {
    dataSource,
    url,
    embedded: Boolean(stopEmbedded),
    close: async () => {
      if (dataSource.isInitialized) await dataSource.destroy();
      await stopEmbedded?.();
    },
  };
}
