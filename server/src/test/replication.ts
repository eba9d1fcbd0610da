import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { appendFile, chown, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Client } from "pg";
import { freePort } from "./redis";

const run = promisify(execFile);

/** The tools a primary and its standby are made with. */
const TOOLS = ["initdb", "pg_ctl", "pg_basebackup", "postgres"];

/**
 * The newest PostgreSQL server binaries installed the Debian way (/usr/lib/postgresql/<version>/bin,
 * from the `postgresql` package), or undefined when there are none.
 */
export function postgresBinaries(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  return readdirSync(root)
    .filter((version) => /^\d+$/.test(version))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => path.join(root, version, "bin"))
    .find((bin) => TOOLS.every((tool) => existsSync(path.join(bin, tool))));
}

export const NO_POSTGRES_BINARIES = "needs PostgreSQL's server binaries (Debian's `postgresql` package: apt-get install postgresql)";

export type ReplicatedPostgres = {
  /** The primary's database `unibazaar`, with pg_stat_statements. */
  primaryUrl: string;
  /** The same database on the hot standby. */
  standbyUrl: string;
  /** One statement on the primary or the standby, on a connection of its own. */
  sql: <T = Record<string, unknown>>(on: "primary" | "standby", text: string, values?: unknown[]) => Promise<T[]>;
  /** Waits until the standby has replayed everything the primary has written so far (30 s at most by default). */
  replayed: (timeoutMs?: number) => Promise<void>;
  stopStandby: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * A PostgreSQL primary and a hot standby streaming from it, made with PostgreSQL's own tools
 * (initdb, pg_ctl, pg_basebackup -R) in a temporary folder on free ports. As root the servers run
 * as the `postgres` user: PostgreSQL refuses to run as root. The primary loads pg_stat_statements,
 * so each server counts the statements it ran. `settings` (postgresql.conf lines) go to both servers.
 */
export async function startReplicatedPostgres(bin: string, settings: string[] = []): Promise<ReplicatedPostgres> {
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? await postgresUser() : undefined;
  const dir = await mkdtemp(path.join(tmpdir(), "unibazaar-replication-"));
  if (owner) await chown(dir, owner.uid, owner.gid);
  const tool = (name: string, args: string[]) =>
    run(path.join(bin, name), args, { ...owner, cwd: dir, env: { ...process.env, LC_ALL: "C.UTF-8" } });
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const primary = path.join(dir, "primary");
  const standby = path.join(dir, "standby");
  const serverSettings = (port: number) =>
    [`port = ${port}`, "listen_addresses = '127.0.0.1'", `unix_socket_directories = '${dir}'`, "fsync = off", ...settings, ""].join("\n");
  const started = new Set<string>();
  const stop = async (data: string) => {
    if (started.delete(data)) await tool("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  };
  const close = async () => {
    await stop(standby).catch(() => undefined);
    await stop(primary).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await tool("initdb", ["-D", primary, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"]);
    await appendFile(
      path.join(primary, "postgresql.conf"),
      `${serverSettings(primaryPort)}shared_preload_libraries = 'pg_stat_statements'\n`,
    );
    await tool("pg_ctl", ["-D", primary, "-l", path.join(dir, "primary.log"), "-w", "-t", "60", "start"]);
    started.add(primary);
    const server = `postgres://postgres@127.0.0.1:${primaryPort}`;
    await once(`${server}/postgres`, "CREATE DATABASE unibazaar");
    // on the primary: the standby copies the extension with everything else
    await once(`${server}/unibazaar`, "CREATE EXTENSION pg_stat_statements");
    await tool("pg_basebackup", [
      "-h",
      "127.0.0.1",
      "-p",
      String(primaryPort),
      "-U",
      "postgres",
      "-D",
      standby,
      "-R",
      "-X",
      "stream",
      "-c",
      "fast",
      "--no-sync",
    ]);
    // the copied settings name the primary's port: the standby's own, later in the file, win
    await appendFile(path.join(standby, "postgresql.conf"), serverSettings(standbyPort));
    await tool("pg_ctl", ["-D", standby, "-l", path.join(dir, "standby.log"), "-w", "-t", "60", "start"]);
    started.add(standby);
  } catch (error) {
    await close();
    throw error;
  }
  const urls = {
    primary: `postgres://postgres@127.0.0.1:${primaryPort}/unibazaar`,
    standby: `postgres://postgres@127.0.0.1:${standbyPort}/unibazaar`,
  };
  const sql: ReplicatedPostgres["sql"] = (on, text, values) => once(urls[on], text, values);
  return {
    primaryUrl: urls.primary,
    standbyUrl: urls.standby,
    sql,
    replayed: async (timeoutMs = 30_000) => {
      const [{ lsn }] = await sql<{ lsn: string }>("primary", "SELECT pg_current_wal_lsn()::text AS lsn");
      const until = Date.now() + timeoutMs;
      // polled here rather than with vitest's vi.waitFor: the capacity bench (bench/capacity.ts) runs this outside vitest
      for (;;) {
        const [{ done }] = await sql<{ done: boolean }>("standby", "SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done", [lsn]);
        if (done) return;
        if (Date.now() > until) throw new Error(`the standby has not replayed up to ${lsn}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    stopStandby: () => stop(standby),
    close,
  };
}

async function once<T>(url: string, text: string, values?: unknown[]): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run("id", ["-u", "postgres"]), run("id", ["-g", "postgres"])]);
  return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
}
