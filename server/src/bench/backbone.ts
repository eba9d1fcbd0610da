import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { performance } from "node:perf_hooks";
import { loadConfig } from "../platform/config";
import { ensureDatabase } from "../platform/db/database";
import { Role, type AuthUser } from "../platform/auth/roles";
import { startServer } from "../app/server";

/**
 * `node dist-bench/bench/backbone.js` (DATABASE_URL set): the service-level cost of the two order
 * writes that publish domain events, `placeOrder` and `updateOrderStatus` (the buyer cancels, which
 * gives the units back), sequentially for BENCH_SECONDS each, p50 and p99; then, where the app has
 * a job queue, how many jobs a second one process works and how many statements it sends idle.
 * Run on two checkouts to compare.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const summary = (name: string, ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return `${name}: n=${sorted.length} p50=${percentile(sorted, 50).toFixed(2)} ms p99=${percentile(sorted, 99).toFixed(2)} ms`;
};

async function main() {
  const serverUrl = process.env.DATABASE_URL!;
  const name = `ub_bench_backbone_${process.pid}`;
  await ensureDatabase(serverUrl, name);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const config = loadConfig({
    NODE_ENV: "test",
    PORT: "0",
    DATABASE_URL: url.toString(),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "ub-bench-backbone-")),
    JWT_SECRET: randomBytes(32).toString("hex"),
    DEMO_DATA: "true",
  });
  const server = await startServer(config, { seed: true });
  try {
    const db = server.dataSource;
    const [buyer]: AuthUser[] = await db.query(`SELECT id, role, email, username FROM users WHERE email = 'fatima@student.pk'`);
    const [product]: Array<{ id: string }> = await db.query(`SELECT id FROM products WHERE "deletedAt" IS NULL ORDER BY name LIMIT 1`);
    await db.query(`UPDATE products SET "quantityAvailable" = 1000000 WHERE id = $1`, [product.id]);
    const input = () => ({
      lines: [{ productId: product.id, quantity: 1 }],
      contactNumber: "03001234567",
      shipping: { address: "House 12, Street 4, G-9/3", city: "Islamabad", postalCode: "44000", country: "Pakistan" },
    });
    const asBuyer = { ...buyer, role: Role.USER };

    const placed: number[] = [];
    const orderIds: string[] = [];
    for (const end = performance.now() + SECONDS * 1000; performance.now() < end;) {
      const started = performance.now();
      const session = await server.services.orders.checkouts.placeOrder(input(), asBuyer);
      placed.push(performance.now() - started);
      const [{ id }]: Array<{ id: string }> = await db.query(`SELECT id FROM orders WHERE "checkoutSessionId" = $1`, [session.id]);
      orderIds.push(id);
    }
    console.log(summary("placeOrder", placed));

    const updated: number[] = [];
    for (const end = performance.now() + SECONDS * 1000; performance.now() < end && orderIds.length;) {
      const orderId = orderIds.pop()!;
      const started = performance.now();
      await server.services.orders.updateOrderStatus(orderId, "cancelled", asBuyer);
      updated.push(performance.now() - started);
    }
    console.log(summary("updateOrderStatus (cancel)", updated));

    if ("jobs" in server.services) {
      const jobs = server.services.jobs;
      const count = 2000;
      await db.transaction(async (manager) => {
        for (let i = 0; i < count; i++) await jobs.enqueue(manager, "saved.sold-out", { productIds: [], buyerId: null });
      });
      const started = performance.now();
      const pending = async () => (await jobs.counts()).reduce((n, c) => n + c.queued + c.active, 0);
      while ((await pending()) > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      console.log(
        `jobs: ${count} in ${((performance.now() - started) / 1000).toFixed(1)} s = ${Math.round(count / ((performance.now() - started) / 1000))} jobs/s (one process)`,
      );
      // what the queues' polls cost an idle process: its transactions a second (each poll is one)
      const committed = async () =>
        Number((await db.query(`SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()`))[0].xact_commit);
      // PostgreSQL counts a backend's transactions when it reports them, within 10 s of going idle
      await new Promise((resolve) => setTimeout(resolve, 12_000));
      const before = await committed();
      await new Promise((resolve) => setTimeout(resolve, 20_000));
      console.log(`idle: ${((await committed()) - before - 1) / 20} statements a second (one process)`);
    }
  } finally {
    await server.close();
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => admin.end());
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
