import { mkdtempSync } from "node:fs";
import { connect, createServer, type AddressInfo, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DataSource } from "typeorm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, startTestServer, type TestServer } from "../test/harness";
import { createDataSource } from "./db/data-source";
import { HealthMonitor, STALE_AFTER_MS } from "./health";
import { JobQueue } from "./jobs";
import { createStorage } from "./storage";

/**
 * A TCP proxy to the test PostgreSQL that can take the database away: `down()` resets every
 * connection and each new one at once (a database that is down), `freeze()` holds everything and
 * answers nothing (a frozen one), `up()` passes again. `attempts` counts connections made while down.
 */
async function databaseProxy(target: string) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  let mode: "up" | "down" | "frozen" = "up";
  let attempts = 0;
  const server = createServer((client) => {
    if (mode === "down") {
      attempts++;
      return client.destroy();
    }
    const upstream = connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => undefined);
      socket.on("close", () => sockets.delete(socket));
    }
    client.on("data", (chunk: Buffer) => mode === "up" && upstream.write(chunk));
    upstream.on("data", (chunk: Buffer) => mode === "up" && client.write(chunk));
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const proxied = new URL(target);
  proxied.host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const cut = () => sockets.forEach((socket) => socket.destroy());
  return {
    url: proxied.toString(),
    attempts: () => attempts,
    down: () => {
      mode = "down";
      cut();
    },
    freeze: () => (mode = "frozen"),
    up: () => (mode = "up"),
    close: () => {
      cut();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe("the readiness the monitor keeps", () => {
  let proxy: Awaited<ReturnType<typeof databaseProxy>>;
  let dataSource: DataSource;
  let monitor: HealthMonitor;
  let now = 1_000_000;

  beforeAll(async () => {
    const url = await createTestDatabase();
    proxy = await databaseProxy(url);
    dataSource = createDataSource(proxy.url, []);
    await dataSource.initialize();
    const jobs = new JobQueue(dataSource, proxy.url, { timeoutSeconds: 30 });
    const storage = createStorage(undefined, mkdtempSync(path.join(tmpdir(), "ub-health-")));
    monitor = new HealthMonitor(dataSource, { jobs, storage, now: () => now });
    await monitor.start();
  });
  afterAll(async () => {
    monitor?.stop();
    await proxy?.close();
    await dataSource?.destroy();
  });

  it("turns unreachable once the database has not answered for its budget, and ready when it answers again", async () => {
    expect(monitor.readiness()).toEqual({ status: "ready", database: "ok" });
    proxy.down();
    // within the budget the last answer stands, whatever the database does meanwhile
    now += STALE_AFTER_MS;
    expect(monitor.readiness().status).toBe("ready");
    now += 1;
    expect(monitor.readiness()).toEqual({ status: "database unreachable" });
    // the background checks go on and fail (every connection is reset): none counts as an answer
    const attempts = proxy.attempts();
    await expect.poll(() => proxy.attempts(), { timeout: 15_000 }).toBeGreaterThan(attempts + 1);
    expect(monitor.readiness()).toEqual({ status: "database unreachable" });

    proxy.up();
    await expect.poll(() => monitor.readiness(), { timeout: 15_000 }).toEqual({ status: "ready", database: "ok" });
  });

  it("turns unreachable past its budget while a check still waits on a frozen database", async () => {
    expect(monitor.readiness().status).toBe("ready");
    proxy.freeze();
    now += STALE_AFTER_MS + 1;
    expect(monitor.readiness()).toEqual({ status: "database unreachable" });
    proxy.up();
    await expect.poll(() => monitor.readiness(), { timeout: 15_000 }).toEqual({ status: "ready", database: "ok" });
  });
});

describe("/ready with the database down", () => {
  let proxy: Awaited<ReturnType<typeof databaseProxy>>;
  let server: TestServer;
  beforeAll(async () => {
    proxy = await databaseProxy(await createTestDatabase());
    server = await startTestServer({ env: { DATABASE_URL: proxy.url } });
  });
  afterAll(async () => {
    proxy?.up();
    await server?.close();
    await proxy?.close();
  });

  it("answers 503 once the background check has had no answer for its budget, and 200 once the database is back", async () => {
    const ready = async () => {
      const res = await fetch(`${server.url}/ready`);
      return { status: res.status, body: await res.json() };
    };
    expect(await ready()).toEqual({ status: 200, body: { status: "ready", database: "ok", searchIndex: expect.any(String) } });
    proxy.down();
    await expect.poll(ready, { timeout: 15_000 }).toEqual({ status: 503, body: { status: "database unreachable" } });
    const answers = await Promise.all(Array.from({ length: 20 }, ready));
    expect(answers.every((answer) => answer.status === 503)).toBe(true);
    proxy.up();
    await expect
      .poll(ready, { timeout: 15_000 })
      .toEqual({ status: 200, body: { status: "ready", database: "ok", searchIndex: expect.any(String) } });
  });
});
