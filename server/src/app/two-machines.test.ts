import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { compileServer, gql, startCompiled, stop, type Running } from "../test/compiled-server";
import { createEmptyDatabase } from "../test/harness";
import { NO_REDIS, answeringRedisUrl } from "../test/redis";
import { S3RVER_CREDENTIALS, startTestBucket, type TestBucket } from "../test/s3";
import { subscribeOverSocket } from "../test/websocket";

/**
 * Two app machines as an operator runs them: two compiled servers with nothing shared on local disk
 * (a DATA_DIR each), one PostgreSQL database that starts empty, one Redis and one S3-compatible
 * server, started at the same moment.
 */

beforeAll(compileServer, 180_000);

describe("two machines on one database, one Redis and one bucket", () => {
  let redisUrl: string | undefined;
  let bucket: TestBucket;
  let databaseUrl: string;
  const dataDirs = [mkdtempSync(path.join(tmpdir(), "ub-machine-a-")), mkdtempSync(path.join(tmpdir(), "ub-machine-b-"))];
  let a: Running;
  let b: Running;

  beforeAll(async () => {
    redisUrl = await answeringRedisUrl();
    if (!redisUrl) return;
    [bucket, databaseUrl] = await Promise.all([startTestBucket(), createEmptyDatabase()]);
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      PORT: "0",
      LOG_LEVEL: "warn",
      DEMO_DATA: "false",
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      JWT_SECRET: randomBytes(32).toString("hex"),
      ...bucket.env,
      ...S3RVER_CREDENTIALS,
    };
    [a, b] = await Promise.all(dataDirs.map((DATA_DIR) => startCompiled({ ...env, DATA_DIR })));
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map(stop));
    await bucket?.close();
  });

  /** A signed-in account made through `server`'s API. */
  async function account(server: Running, role: "USER" | "SELLER") {
    const username = `${role.toLowerCase()}_${randomBytes(4).toString("hex")}`;
    const email = `${username}@test.pk`;
    const password = "correct-horse-42";
    const input = {
      email,
      username,
      password,
      role,
      name: `Test ${role}`,
      contactNumber: "03001234567",
      ...(role === "SELLER" ? { sellerType: "INDIVIDUAL" } : {}),
    };
    const registered = await gql(server.url, `mutation ($input: RegisterInput!) { register(input: $input) { id } }`, { input });
    expect(registered.errors).toBeUndefined();
    const login = await gql(server.url, `mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`, {
      e: email,
      p: password,
    });
    return login.data.login.token as string;
  }
  const picture = (width: number) =>
    sharp({ create: { width, height: 200, channels: 3, background: { r: 90, g: 40, b: 160 } } })
      .png()
      .toBuffer();
  async function upload(server: Running, token: string, width: number): Promise<string> {
    const dataUrl = `data:image/png;base64,${(await picture(width)).toString("base64")}`;
    const res = await gql(server.url, `mutation ($d: String!) { uploadImage(dataUrl: $d) { url } }`, { d: dataUrl }, token);
    expect(res.errors).toBeUndefined();
    return new URL(res.data.uploadImage.url as string).pathname;
  }
  async function sql<T>(text: string, values: unknown[] = []): Promise<T[]> {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as T[];
    } finally {
      await client.end();
    }
  }

  it("both come up on the empty database, and report Redis", async (ctx) => {
    if (!redisUrl) return ctx.skip(NO_REDIS);
    for (const server of [a, b]) {
      const ready = await fetch(`${server.url}/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: "ready", database: "ok", redis: "ok", searchIndex: expect.any(String) });
    }
  });

  it("serves through B a picture uploaded through A, kept in the bucket and on neither disk", async (ctx) => {
    if (!redisUrl) return ctx.skip(NO_REDIS);
    const imagePath = await upload(a, await account(a, "SELLER"), 320);
    const fromA = await fetch(`${a.url}${imagePath}`);
    const fromB = await fetch(`${b.url}${imagePath}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get("content-type")).toBe("image/webp");
    expect(Buffer.from(await fromB.arrayBuffer()).equals(Buffer.from(await fromA.arrayBuffer()))).toBe(true);
    expect((await fetch(`${b.url}${imagePath.replace(/\.webp$/, "-w200.webp")}`)).status).toBe(200);
    for (const dir of dataDirs) expect(existsSync(path.join(dir, "uploads"))).toBe(false);
  });

  it("runs a scheduled job once per occurrence, not once per machine", { timeout: 150_000 }, async (ctx) => {
    if (!redisUrl) return ctx.skip(NO_REDIS);
    // an upload nobody used, two days old: the sweep's effect
    const stale = await upload(b, await account(b, "USER"), 330);
    const hash = stale.slice("/uploads/".length, "/uploads/".length + 64);
    await sql(`UPDATE images SET "createdAt" = now() - interval '2 days' WHERE hash = $1`, [hash]);
    // the hourly sweep's schedule made due every minute, for both machines' schedulers
    const [schedule] = await sql<{ cron: string }>(`SELECT cron FROM pgboss.schedule WHERE name = 'uploads.sweep'`);
    expect(schedule.cron).toBe("0 * * * *");
    await sql(`UPDATE pgboss.schedule SET cron = '* * * * *' WHERE name = 'uploads.sweep'`);
    try {
      await vi.waitFor(
        async () => expect(await sql(`SELECT 1 FROM pgboss.job WHERE name = 'uploads.sweep' AND state = 'completed'`)).not.toHaveLength(0),
        { timeout: 120_000, interval: 500 },
      );
    } finally {
      await sql(`UPDATE pgboss.schedule SET cron = '0 * * * *' WHERE name = 'uploads.sweep'`);
    }
    expect(await sql(`SELECT 1 FROM images WHERE hash = $1`, [hash])).toHaveLength(0);
    expect(await bucket.keys(`uploads/${hash}`)).toEqual([]);
    // one job per minute the schedule was due, whichever machine enqueued and ran it
    const jobs = await sql<{ minute: Date; jobs: number }>(
      `SELECT date_trunc('minute', created_on) AS minute, count(*)::int AS jobs FROM pgboss.job WHERE name = 'uploads.sweep' GROUP BY 1`,
    );
    expect(jobs.length).toBeGreaterThan(0);
    for (const minute of jobs) expect(minute.jobs).toBe(1);
    const [ran] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM job_effects e JOIN pgboss.job j ON j.id::text = e."jobId"::text WHERE j.name = 'uploads.sweep'`,
    );
    const [completed] = await sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'uploads.sweep' AND state = 'completed'`,
    );
    expect(ran.n).toBe(completed.n);
  });

  it("delivers to a subscriber on B the notification of a message sent through A", async (ctx) => {
    if (!redisUrl) return ctx.skip(NO_REDIS);
    const [sellerToken, buyerToken] = await Promise.all([account(a, "SELLER"), account(a, "USER")]);
    const image = await upload(a, sellerToken, 340);
    const product = await gql(
      a.url,
      `mutation ($input: ProductInput!) { createProduct(input: $input) { id } }`,
      { input: { name: "Desk lamp", category: "furniture", color: "black", price: 900, description: "LED desk lamp, works well.", image } },
      sellerToken,
    );
    expect(product.errors).toBeUndefined();
    const conversation = await gql(
      a.url,
      `mutation ($p: ID!) { startConversation(productId: $p) { id } }`,
      { p: product.data.createProduct.id },
      buyerToken,
    );
    const conversationId: string = conversation.data.startConversation.id;

    type Added = { notificationAdded: { notification: { kind: string; text: string; link: string } } };
    const onB = subscribeOverSocket<Added>(
      b,
      sellerToken,
      `subscription { notificationAdded { notification { kind text link } } }`,
      () => false,
    );
    // no acknowledgement says the subscription listens: messages go through A until one arrives on B
    let sent = 0;
    await onB.ready(() =>
      gql(
        a.url,
        `mutation ($c: ID!, $b: String!) { sendMessage(conversationId: $c, body: $b) { id } }`,
        { c: conversationId, b: `Is it still available? (${++sent})` },
        buyerToken,
      ),
    );
    await gql(
      a.url,
      `mutation ($c: ID!, $b: String!) { sendMessage(conversationId: $c, body: $b) { id } }`,
      { c: conversationId, b: "Can you do Rs 800?" },
      buyerToken,
    );
    // the probes' own notifications may still be on their way: the last message's comes after them
    let last: Added["notificationAdded"]["notification"] | undefined;
    do {
      const result = await onB.next();
      if (result.done) throw new Error("the subscription on B ended");
      last = result.value.data?.notificationAdded.notification;
    } while (!last?.text.endsWith("Can you do Rs 800?"));
    expect(last).toMatchObject({ kind: "NEW_MESSAGE", link: `/messages/${conversationId}` });
    await onB.close();
  });
});

describe("three machines started at the same moment on an empty database with demo data", () => {
  const servers: Running[] = [];
  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = await createEmptyDatabase();
  });
  afterAll(async () => {
    await Promise.all(servers.map(stop));
  });

  it("all three come up ready, and the demo data is loaded once", { timeout: 240_000 }, async () => {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      PORT: "0",
      LOG_LEVEL: "warn",
      DEMO_DATA: "true",
      DATABASE_URL: databaseUrl,
      JWT_SECRET: randomBytes(32).toString("hex"),
    };
    const started = await Promise.allSettled(
      ["a", "b", "c"].map((name) => startCompiled({ ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), `ub-demo-${name}-`)) })),
    );
    for (const result of started) if (result.status === "fulfilled") servers.push(result.value);
    // a failure names the instance's own output (today's bug: duplicate key users_email_lower_key)
    expect(started.map((result) => (result.status === "fulfilled" ? "up" : String(result.reason)))).toEqual(["up", "up", "up"]);
    for (const server of servers) expect((await fetch(`${server.url}/ready`)).status).toBe(200);
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE email = 'admin@unibazaar.pk'`);
      expect(rows[0].n).toBe(1);
    } finally {
      await client.end();
    }
  });
});
