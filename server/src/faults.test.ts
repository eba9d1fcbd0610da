import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { Client } from "pg";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, demoLogins } from "./app/seed/seed";
import { orderInput, PLACE_ORDER } from "./modules/orders/testing";
import { POOL_CONNECTIONS } from "./platform/db/data-source";
import { lockWaiters } from "./test/harness";
import { boot, compileServer, embeddedPostgres, exitOf, gql, postgresProcessesFor, stop, type Running } from "./test/compiled-server";

/**
 * Faults on the compiled server and its own embedded PostgreSQL (never the machine's shared one):
 * SIGTERM under load and as a burst arrives, kill -9 and restart, a frozen database.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), "ub-faults-"));
const buyer = demoLogins.find((l) => l.role === "buyer")!;

// tsc on a loaded machine can take minutes
beforeAll(compileServer, 300_000);

afterAll(() => {
  for (const line of postgresProcessesFor(dataDir)) console.warn("left over:", line);
});

async function signIn(url: string) {
  const login = await gql(url, `mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`, {
    e: buyer.email,
    p: DEMO_PASSWORD,
  });
  const products = await gql(url, `{ products(pageSize: 1) { items { id } } }`);
  const productId = products.data.products.items[0].id as string;
  // a demo listing has a few units: these tests place dozens of orders for it
  const db = new Client({ connectionString: embeddedPostgres(dataDir).url });
  await db.connect();
  await db.query(`UPDATE products SET "quantityAvailable" = 1000 WHERE id = $1`, [productId]).finally(() => db.end());
  return { token: login.data.login.token as string, productId };
}

const myOrderCount = async (url: string, token: string) =>
  (await gql(url, `{ myOrders(pageSize: 1) { totalItems } }`, {}, token)).data.myOrders.totalItems as number;

const placeOrder = (url: string, token: string, productId: string, signal?: AbortSignal) =>
  gql(url, PLACE_ORDER, { input: orderInput([{ productId, quantity: 1 }]) }, token, signal);

/** The pids of this DATA_DIR's PostgreSQL: the postmaster and its children. */
function clusterPids(): number[] {
  const postmaster = embeddedPostgres(dataDir).pid;
  const children = execFileSync("ps", ["-o", "pid=", "--ppid", String(postmaster)], { encoding: "utf8" })
    .split(/\s+/)
    .filter(Boolean);
  return [postmaster, ...children.map(Number)];
}

/**
 * The server's open TCP connections on its port: those its process has accepted, and those the
 * kernel has established for it that it has not accepted yet.
 */
function connectionsOf(running: Running) {
  const port = new URL(running.url).port;
  const sockets = execFileSync("ss", ["-Htnp", "state", "established", `( sport = :${port} )`], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
  const accepted = sockets.filter((line) => line.includes(`pid=${running.child.pid},`)).length;
  return { accepted, notYetAccepted: sockets.length - accepted };
}

/** SIGCONT to each pid still there (a backend may have ended meanwhile). */
function thaw(pids: number[]) {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGCONT");
    } catch {
      // gone
    }
  }
}

describe("faults on the embedded database", () => {
  let placedBeforeShutdown = 0;
  let token = "";

  it("SIGTERM with 40 checkouts in flight answers all 40, exits 0 and leaves no PostgreSQL", async () => {
    const running = await boot(dataDir);
    const signedIn = await signIn(running.url);
    token = signedIn.token;
    const before = await myOrderCount(running.url, token);

    // hold the checkouts inside the server: the shop's products are locked until the signal is sent
    const db = new Client({ connectionString: embeddedPostgres(dataDir).url });
    await db.connect();
    await db.query("BEGIN");
    await db.query("LOCK TABLE products IN ACCESS EXCLUSIVE MODE");
    const checkouts = Array.from({ length: 40 }, () => placeOrder(running.url, token, signedIn.productId));
    // every pool connection waits on the lock (the other checkouts wait for a connection)
    const watcher = new Client({ connectionString: embeddedPostgres(dataDir).url });
    await watcher.connect();
    await expect.poll(() => lockWaiters(watcher), { timeout: 20_000, interval: 100 }).toBe(POOL_CONNECTIONS);
    await watcher.end();
    // the signal must find all 40 inside the server: a connection the kernel holds for it but the
    // server has not accepted yet is refused once it stops listening
    await expect.poll(() => connectionsOf(running), { timeout: 20_000, interval: 50 }).toEqual({ accepted: 40, notYetAccepted: 0 });
    const exited = exitOf(running, () => running.child.kill("SIGTERM"));
    await expect.poll(running.output, { timeout: 20_000, interval: 50 }).toMatch(/SIGTERM received/);
    await db.query("COMMIT");
    await db.end();
    const answers = await Promise.allSettled(checkouts);
    expect(answers.filter((a) => a.status === "rejected")).toEqual([]);
    const placed = answers.filter((a) => a.status === "fulfilled" && a.value.data?.placeOrder);
    expect(placed).toHaveLength(40);
    expect(await exited).toBe(0);
    expect(postgresProcessesFor(dataDir)).toEqual([]);
    placedBeforeShutdown = before + 40;
  }, 180_000);

  it("after kill -9 of the server, a start on the same DATA_DIR comes up with every order kept", async () => {
    const crashed = await boot(dataDir);
    const kept = await myOrderCount(crashed.url, token).finally(() => exitOf(crashed, () => crashed.child.kill("SIGKILL")));
    expect(kept).toBe(placedBeforeShutdown);

    const restarted = await boot(dataDir);
    try {
      expect((await fetch(`${restarted.url}/ready`)).status).toBe(200);
      // the superuser's password is the one generated into DATA_DIR, readable by its owner only
      const { url } = embeddedPostgres(dataDir);
      await expect(new Client({ connectionString: url.replace(/:[0-9a-f]{64}@/, ":postgres@") }).connect()).rejects.toThrow(/password/);
      expect(statSync(path.join(dataDir, "postgres.password")).mode & 0o077).toBe(0);
      expect(await myOrderCount(restarted.url, token)).toBe(placedBeforeShutdown);
      // the app's own cluster stays crash safe (only the test run's is not)
      const db = new Client({ connectionString: url });
      await db.connect();
      const settings = await db
        .query<{ name: string; setting: string }>(
          "SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'full_page_writes', 'synchronous_commit') ORDER BY name",
        )
        .finally(() => db.end());
      expect(settings.rows).toEqual([
        { name: "fsync", setting: "on" },
        { name: "full_page_writes", setting: "on" },
        { name: "synchronous_commit", setting: "on" },
      ]);
    } finally {
      expect(await stop(restarted)).toBe(0);
    }
    expect(postgresProcessesFor(dataDir)).toEqual([]);
  }, 180_000);

  it("refuses a second server on the same DATA_DIR with one clear line, and leaves the first one running", async () => {
    const first = await boot(dataDir);
    try {
      const second = await boot(dataDir).catch((error: Error) => error.message);
      expect(second).toMatch(/exited with 1 before it was ready/);
      expect(second).toMatch(
        new RegExp(`UniBazaar failed to start: another server \\(pid ${first.child.pid}\\) already runs on ${dataDir}`),
      );
      expect((await fetch(`${first.url}/ready`)).status).toBe(200);
    } finally {
      expect(await stop(first)).toBe(0);
    }
  }, 180_000);

  it("gives a cluster made with the old fixed password 'postgres' a generated one on its next start", async () => {
    const running = await boot(dataDir);
    const db = new Client({ connectionString: embeddedPostgres(dataDir).url });
    await db.connect();
    await db.query(`ALTER ROLE postgres PASSWORD 'postgres'`);
    await db.end();
    expect(await stop(running)).toBe(0);
    rmSync(path.join(dataDir, "postgres.password"));

    const upgraded = await boot(dataDir);
    try {
      const { url } = embeddedPostgres(dataDir);
      expect(url).toMatch(/:[0-9a-f]{64}@/);
      await expect(new Client({ connectionString: url.replace(/:[0-9a-f]{64}@/, ":postgres@") }).connect()).rejects.toThrow(/password/);
      expect((await fetch(`${upgraded.url}/ready`)).status).toBe(200);
    } finally {
      expect(await stop(upgraded)).toBe(0);
    }
  }, 180_000);

  it("with the database frozen, /ready answers 503 instead of hanging and no checkout commits after its client gave up", async () => {
    const running: Running = await boot(dataDir);
    let pids: number[] = [];
    try {
      const { token, productId } = await signIn(running.url);
      const before = await myOrderCount(running.url, token);
      pids = clusterPids(); // now, with every backend the pool has opened

      for (const pid of pids) process.kill(pid, "SIGSTOP");
      const gaveUp = Array.from({ length: 5 }, () => placeOrder(running.url, token, productId, AbortSignal.timeout(3_000)));
      // /ready answers from the background check, which a frozen database stops answering: it turns 503
      await expect.poll(async () => (await fetch(`${running.url}/ready`)).status, { timeout: 10_000, interval: 100 }).toBe(503);
      const ready = await fetch(`${running.url}/ready`);
      expect({ status: ready.status, body: await ready.json() }).toEqual({ status: 503, body: { status: "database unreachable" } });
      expect((await Promise.allSettled(gaveUp)).every((a) => a.status === "rejected")).toBe(true);

      // thawed as soon as every client has given up, long before the server's own timeouts (12 s):
      // the checkouts resume and must roll back instead of committing
      thaw(pids);

      await expect.poll(async () => (await fetch(`${running.url}/ready`)).status, { timeout: 20_000, interval: 250 }).toBe(200);
      // the abandoned checkouts are over once none of the server's connections runs a statement or holds a transaction
      const watcher = new Client({ connectionString: embeddedPostgres(dataDir).url });
      await watcher.connect();
      const busyServerBackends = async () =>
        (
          await watcher.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity
             WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid() AND state <> 'idle'`,
          )
        ).rows[0].n as number;
      await expect
        .poll(busyServerBackends, { timeout: 30_000, interval: 100 })
        .toBe(0)
        .finally(() => watcher.end());
      expect(await myOrderCount(running.url, token)).toBe(before);
      // and the database is usable again
      expect((await placeOrder(running.url, token, productId)).data?.placeOrder).toBeTruthy();
    } finally {
      thaw(pids);
      expect(await stop(running)).toBe(0);
    }
  }, 180_000);

  it("SIGTERM as a burst of 40 checkouts arrives: /ready turns 503, all 40 are answered, none is reset", async () => {
    // the delay is the window in which the burst must arrive: wide enough for a loaded machine
    const running = await boot(dataDir, { SHUTDOWN_DELAY_MS: "10000" });
    const { token, productId } = await signIn(running.url);
    const before = await myOrderCount(running.url, token);
    const exited = exitOf(running, () => running.child.kill("SIGTERM"));
    await expect.poll(running.output, { timeout: 20_000, interval: 50 }).toMatch(/SIGTERM received/);
    // sent once the server is stopping: connecting and being read while it stops
    const checkouts = Array.from({ length: 40 }, () => placeOrder(running.url, token, productId));
    expect((await fetch(`${running.url}/ready`)).status).toBe(503);
    const answers = await Promise.allSettled(checkouts);
    expect(answers.filter((a) => a.status === "rejected").map((a) => String(a.reason?.cause))).toEqual([]);
    expect(answers.filter((a) => a.status === "fulfilled" && a.value.data?.placeOrder)).toHaveLength(40);
    expect(await exited).toBe(0);

    const restarted = await boot(dataDir);
    try {
      expect(await myOrderCount(restarted.url, token)).toBe(before + 40);
    } finally {
      expect(await stop(restarted)).toBe(0);
    }
  }, 180_000);
});
