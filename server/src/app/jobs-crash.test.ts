import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, demoLogins } from "./seed/seed";
import { createTestDatabase, lockWaiters } from "../test/harness";
import { compileServer, exitOf, gql, startCompiled, stop, type Running } from "../test/compiled-server";

/**
 * Jobs survive their process: the compiled server is killed with -9 while a job is half done (its
 * transaction waits on a lock the test holds); a server started again retries the job, and its
 * effect (the saved-item alert) is written once.
 */
beforeAll(compileServer, 180_000);

const login = async (url: string, role: string) => {
  const who = demoLogins.find((l) => l.role === role)!;
  const res = await gql(url, `mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`, {
    e: who.email,
    p: DEMO_PASSWORD,
  });
  return res.data.login.token as string;
};

describe("a job whose process is killed with -9", () => {
  let databaseUrl: string;
  let db: Client;
  const running: Running[] = [];
  const env = () => ({
    ...process.env,
    NODE_ENV: "development",
    PORT: "0",
    LOG_LEVEL: "warn",
    DATABASE_URL: databaseUrl,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "ub-jobs-")),
    JWT_SECRET: "j".repeat(40),
    DEMO_DATA: "true",
    JOB_TIMEOUT_SECONDS: "2",
  });

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await Promise.all(running.filter((r) => r.child.exitCode === null && r.child.signalCode === null).map(stop));
  });

  it("is tried again after a restart, and its effect happens once", async () => {
    const first = await startCompiled(env());
    running.push(first);
    const [buyer, seller] = [await login(first.url, "buyer"), await login(first.url, "seller")];
    const products = await gql(first.url, `{ myProducts(pageSize: 1) { items { id price } } }`, {}, seller);
    const { id, price } = products.data.myProducts.items[0] as { id: string; price: number };
    expect((await gql(first.url, `mutation ($id: ID!) { saveProduct(productId: $id) }`, { id }, buyer)).errors).toBeUndefined();
    const buyerId = ((await gql(first.url, `{ me { id } }`, {}, buyer)).data.me as { id: string }).id;

    // the alert job will wait on this lock, half done, inside its transaction
    const holder = new Client({ connectionString: databaseUrl });
    await holder.connect();
    await holder.query("BEGIN");
    await holder.query("LOCK TABLE notifications IN ACCESS EXCLUSIVE MODE");
    const cheaper = `mutation ($id: ID!, $input: ProductUpdateInput!) { updateProduct(id: $id, input: $input) { id } }`;
    expect((await gql(first.url, cheaper, { id, input: { price: Math.floor(price / 2) } }, seller)).errors).toBeUndefined();
    await expect.poll(() => lockWaiters(db), { timeout: 20_000, interval: 100 }).toBe(1);

    await exitOf(first, () => first.child.kill("SIGKILL"));
    await holder.query("COMMIT");
    await holder.end();
    const jobState = async () =>
      (await db.query<{ state: string }>(`SELECT state::text FROM pgboss.job WHERE name = 'saved.price-dropped'`)).rows.map((r) => r.state);
    expect(await jobState()).toEqual(["active"]);

    const second = await startCompiled(env());
    running.push(second);
    await expect.poll(jobState, { timeout: 60_000, interval: 250 }).toEqual(["completed"]);
    const alerts = await db.query<{ message: string }>(
      `SELECT message FROM notifications WHERE "recipientId" = $1 AND kind = 'SAVED_ITEM'`,
      [buyerId],
    );
    expect(alerts.rows.map((r) => r.message)).toEqual(["saved.priceDrop"]);
    expect(await stop(second)).toBe(0);
  }, 180_000);
});
