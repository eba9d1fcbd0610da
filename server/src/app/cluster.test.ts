import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, demoLogins } from "./seed/seed";
import { createTestDatabase } from "../test/harness";
import { NO_REDIS, answeringRedisUrl } from "../test/redis";
import { compileServer, startCompiled, stop, type Running } from "../test/compiled-server";

/**
 * Several server processes: nothing a request relies on may live in one process's memory. The
 * compiled server runs as real processes, as `npm start` runs it.
 */

/** Starts `node server/dist/main.js` with this environment on top of ours (undefined unsets a variable). */
function run(overrides: Record<string, string | undefined>, ready: RegExp): Promise<Running> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: "0" };
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return startCompiled(env, ready);
}

async function gql(url: string, query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: any; errors?: Array<{ extensions?: { code?: string } }> };
}

const LOGIN = `mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`;

beforeAll(compileServer, 180_000);

describe("two server processes on one PostgreSQL", () => {
  let a: Running;
  let b: Running;
  let redisUrl: string | undefined;

  beforeAll(async () => {
    redisUrl = await answeringRedisUrl();
    const env = {
      NODE_ENV: "test",
      DATABASE_URL: await createTestDatabase(),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "ub-two-")),
      JWT_SECRET: randomBytes(32).toString("hex"),
      DEMO_DATA: "false",
      WEB_CONCURRENCY: "1",
      REDIS_URL: redisUrl,
    };
    const ready = /UniBazaar is running at (http:\/\/\S+)/;
    [a, b] = await Promise.all([run(env, ready), run(env, ready)]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([a && stop(a), b && stop(b)]);
  });

  it("counts sign-in failures together: the limit reached on one process holds on the other", async () => {
    const email = `limit-${randomBytes(4).toString("hex")}@test.pk`;
    const from = { "x-forwarded-for": `10.9.${Math.floor(Math.random() * 250)}.7` };
    const codes: Array<string | undefined> = [];
    for (const url of [a.url, b.url, a.url, b.url, a.url, b.url, a.url]) {
      codes.push((await gql(url, LOGIN, { e: email, p: "wrong-password-1" }, from)).errors?.[0]?.extensions?.code);
    }
    // five failures for one e-mail from one address, wherever they landed; then refused on both
    expect(codes.slice(0, 5).every((code) => code !== "RATE_LIMITED")).toBe(true);
    expect(codes.slice(5)).toEqual(["RATE_LIMITED", "RATE_LIMITED"]);
  });

  it("shares the catalogue cache through Redis: a product write on one process is seen on the other", async (ctx) => {
    if (!redisUrl) return ctx.skip(NO_REDIS);
    const id = randomBytes(4).toString("hex");
    const register = await gql(
      a.url,
      `mutation ($input: RegisterInput!) { register(input: $input) { id } }`,
      {
        input: {
          email: `seller-${id}@test.pk`,
          username: `seller_${id}`,
          name: "Cluster Seller",
          contactNumber: "03001234567",
          password: "correct-horse-42",
          role: "SELLER",
          sellerType: "INDIVIDUAL",
        },
      },
      { "x-forwarded-for": `10.8.${Math.floor(Math.random() * 250)}.1` },
    );
    expect(register.errors).toBeUndefined();
    const { token } = (await gql(b.url, LOGIN, { e: `seller-${id}@test.pk`, p: "correct-horse-42" })).data.login;
    const auth = { authorization: `Bearer ${token}` };
    const created = await gql(
      a.url,
      `mutation ($input: ProductInput!) { createProduct(input: $input) { id } }`,
      {
        input: {
          name: "Shared Kettle",
          description: "A kettle seen by both processes.",
          category: "electronics",
          color: "silver",
          price: 1500,
          image: "/uploads/k.webp",
        },
      },
      auth,
    );
    expect(created.errors).toBeUndefined();
    const productId = created.data.createProduct.id as string;
    const priceOn = async (url: string) =>
      ((await gql(url, `{ trendingProducts(limit: 50) { id price } }`)).data.trendingProducts as Array<{ id: string; price: number }>).find(
        (p) => p.id === productId,
      )?.price;

    // B loads trending and keeps it in Redis; asked again, B keeps its whole answer there too (the
    // public answers cache), and A answers from those entries
    for (const url of [b.url, b.url, a.url, a.url]) expect(await priceOn(url)).toBe(1500);
    const updated = await gql(
      a.url,
      `mutation ($id: ID!) { updateProduct(id: $id, input: { price: 1200 }) { id } }`,
      { id: productId },
      auth,
    );
    expect(updated.errors).toBeUndefined();
    // neither serves an entry made before A's write
    expect(await priceOn(b.url)).toBe(1200);
    expect(await priceOn(a.url)).toBe(1200);
  });
});

describe("WEB_CONCURRENCY=2 stopped while a worker boots", () => {
  it("exits 0 on a SIGTERM that comes as soon as the first worker serves: the one still booting had nothing in flight", async () => {
    const env = {
      NODE_ENV: "test",
      DATABASE_URL: await createTestDatabase(),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "ub-early-")),
      JWT_SECRET: randomBytes(32).toString("hex"),
      DEMO_DATA: "false",
      WEB_CONCURRENCY: "2",
    };
    const running = await run(env, /2 server processes share (http:\/\/\S+)/);
    const primary = running.child.pid;
    const code = await stop(running);
    expect(code, running.output()).toBe(0);
    expect(running.output()).toContain("SIGTERM received: stopping 2 server processes.");
    const workersLeft = execFileSync("ps", ["-eo", "ppid="], { encoding: "utf8" })
      .split("\n")
      .filter((ppid) => Number(ppid) === primary);
    expect(workersLeft).toEqual([]);
  }, 60_000);
});

describe("WEB_CONCURRENCY=2 on the embedded PostgreSQL", () => {
  it("starts PostgreSQL, migrates and seeds once in the primary, serves from two workers, and stops them all on SIGTERM", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "ub-cluster-"));
    const env = { DATA_DIR: dataDir, NODE_ENV: "development", LOG_LEVEL: "warn", WEB_CONCURRENCY: "2", DATABASE_URL: undefined };
    const running = await run(env, /2 server processes share (http:\/\/\S+)/);
    try {
      const workers = () =>
        execFileSync("ps", ["--ppid", String(running.child.pid), "-o", "args="], { encoding: "utf8" })
          .split("\n")
          .filter((line) => line.includes("main.js"));
      await expect.poll(() => workers().length, { timeout: 30_000 }).toBe(2);
      expect(running.output().match(/Loaded demo data/g)).toHaveLength(1);
      expect((await fetch(`${running.url}/ready`)).status).toBe(200);
      const buyer = demoLogins.find((l) => l.role === "buyer")!;
      expect((await gql(running.url, LOGIN, { e: buyer.email, p: DEMO_PASSWORD })).data.login.token).toBeTruthy();
    } finally {
      const code = await stop(running);
      expect(code, running.output()).toBe(0);
    }
    const leftOver = execFileSync("ps", ["-eo", "args"], { encoding: "utf8" })
      .split("\n")
      .filter((line) => line.includes(dataDir));
    expect(leftOver).toEqual([]);
    // initdb, every migration and the demo data with its generated pictures, on 2 cores
  }, 240_000);
});
