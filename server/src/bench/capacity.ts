import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { cpus, loadavg } from "node:os";
import { Redis } from "ioredis";
import { Client } from "pg";
import { signToken } from "../platform/auth/tokens";
import { JOB_SCHEMA } from "../platform/jobs";
import { ownRedis } from "../test/redis";
import { NO_POSTGRES_BINARIES, postgresBinaries, startReplicatedPostgres, type ReplicatedPostgres } from "../test/replication";
import { JWT_SECRET, cpuSeconds, spawn, startApp, stopChild } from "./load";
import { randomProductVariables, searchVariables, seededRandom, shopPageVariables } from "./long-tail";
import { seedBenchDatabase } from "./seeding";
import { webOperations } from "./web-operations";

/**
 * `npm run bench:capacity -w server`: the evening peak's mix of requests against the deployment the
 * capacity plan (docs/capacity.md) sizes, at the scale of this machine. A PostgreSQL primary and a
 * hot standby streaming from it (initdb, pg_basebackup -R: test/replication.ts), the primary seeded
 * with the demo data and BENCH_PRODUCTS generated listings (data.ts), a Redis of its own, and the
 * real server with BENCH_PROCESSES processes (WEB_CONCURRENCY) on DATABASE_URL = the primary and
 * DATABASE_REPLICA_URLS = the standby. Each kind of request is first sent alone (closed loop,
 * BENCH_CONNECTIONS at once), then all kinds together in the peak's shares at a fixed rate (open
 * loop, arrivals at random). Per kind it prints req/s, p50/p99 and the CPU one request costs (Linux
 * /proc) in the app's processes, on the primary and on the standby (every process of each
 * PostgreSQL: backends, WAL sender and replay, background writers), and in Redis, with Redis
 * commands a request. Everything it starts is stopped and removed at the end, on failure and on
 * Ctrl-C.
 */
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
/**
 * The mix's unmeasured start: the kinds alone leave the caches cold (the new listings' run, the
 * last, drops the catalogue's answers; the price notes' lists, kept a minute, have gone), and at the
 * mix's rate they take about a minute to hold what a server that has run a while holds.
 */
const MIX_WARMUP_SECONDS = Number(process.env.BENCH_MIX_WARMUP_SECONDS ?? 60);
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 2);
/**
 * Requests in flight when a kind is sent alone: 4 a process by default, under its pool of 10
 * connections (a chat message holds one for its transaction and takes another for its rate limit:
 * 10 at once in one process wait on each other until the pool's 5 s timeout).
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4 * PROCESSES);
/** Only the kinds whose name contains this text (e.g. "chat"); all by default. */
const ONLY = process.env.BENCH_ONLY ?? "";
/** Signed-in buyers the signed-in requests are spread over (each with a conversation for the chat messages). */
const USERS = Number(process.env.BENCH_USERS ?? 2000);
/**
 * The mix's rate in requests a second; by default half what the kinds alone answered, weighted by
 * their shares: a rate this machine keeps up with whatever its other tenants take (an open loop
 * above its capacity only measures a growing queue).
 */
const MIX_RATE = process.env.BENCH_MIX_RATE ? Number(process.env.BENCH_MIX_RATE) : undefined;
/**
 * Each PostgreSQL server's shared buffers: the plan's (docs/capacity.md), which hold the catalogue
 * and its indexes (2.3 GB at 1M listings). With PostgreSQL's default 128 MB a search's pages come
 * from the OS's cache, a copy each that the plan's servers do not pay.
 */
const SHARED_BUFFERS = process.env.BENCH_SHARED_BUFFERS ?? "4GB";
/** Every table and index of the app's schema read into shared buffers, as far as they hold (pg_prewarm). */
const PREWARM = `SELECT pg_prewarm(c.oid) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                  WHERE n.nspname = 'public' AND c.relkind IN ('r', 'i') ORDER BY pg_relation_size(c.oid)`;
/** The plan's peak: 50,000 users at once, one API request each every 20 s. */
const PEAK_RPS = Number(process.env.BENCH_PEAK_RPS ?? 2500);

type Tokens = { buyers: string[]; sellers: string[] };
/** One request of a kind: the operation, its variables, and the token it is sent with (none: anonymous). */
type Drawn = { query: string; variables: object; token?: string } | { get: string };
/** `on`: where its reads run (the standby for the catalogue, but a signed-in caller's own row is read on the primary). */
type RequestKind = { name: string; share: number; on: "standby" | "primary"; draw: () => Drawn };

/** The tiers whose CPU is counted, in print order. */
const TIERS = ["app", "primary", "standby", "redis"] as const;
type Tier = (typeof TIERS)[number];
/** What is measured: each tier's CPU, and of the standby's the part replaying the primary's writes. */
const PARTS = [...TIERS, "replay"] as const;
type Cpu = Record<(typeof PARTS)[number], number>;

async function main() {
  const bin = postgresBinaries();
  if (!bin) throw new Error(`The capacity bench ${NO_POSTGRES_BINARIES}`);
  const cleanups: Array<() => Promise<unknown>> = [];
  let cleaned: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaned ??= (async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error("Cleanup:", error));
    })());
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(signal, () => {
      console.error(`\n${signal}: stopping what the bench started...`);
      void cleanUp().then(() => process.exit(130));
    });
  try {
    console.log(
      `Load average at the start: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(", ")} (${cpus().length} x ${cpus()[0]?.model})`,
    );
    const pg = await startReplicatedPostgres(bin, [`shared_buffers = '${SHARED_BUFFERS}'`]);
    cleanups.push(() => pg.close());
    const redis = await ownRedis();
    cleanups.push(() => redis.kill());

    const started = Date.now();
    const data = await seedBenchDatabase(pg.primaryUrl, PRODUCTS, (line) => console.log(line));
    await pg.replayed(600_000);
    console.log(`Seeded and replayed on the standby in ${Math.round((Date.now() - started) / 1000)} s.`);

    const app = await startApp(pg.primaryUrl, PROCESSES, undefined, { DATABASE_REPLICA_URLS: pg.standbyUrl, REDIS_URL: redis.url });
    cleanups.push(() => stopChild(app.child));
    const client = new http.Agent({ keepAlive: true, maxSockets: 1024 });
    cleanups.push(async () => client.destroy());
    const send = sender(app.url, client);

    const operation = webOperations();
    const tokens = await signedIn(pg.primaryUrl);
    const probe = new Client({ connectionString: pg.primaryUrl });
    await probe.connect();
    cleanups.push(() => probe.end());
    const kinds = (await peakMix(probe, tokens, operation, send)).filter((kind) => kind.name.includes(ONLY));
    await waitForReplica(app.url);

    const meter = await cpuMeter(pg, app.child, redis.url);
    cleanups.push(() => meter.close());
    console.log(
      `\n${data.products.toLocaleString("en-US")} generated listings, ${data.sellers} sellers, ${data.buyers} buyers, ${data.orders} orders; ` +
        `${PROCESSES} app processes; ${USERS} signed-in buyers; ${SECONDS} s a run after ${WARMUP_SECONDS} s unmeasured (the mix after ${MIX_WARMUP_SECONDS} s)\n`,
    );

    // the setup's jobs worked and the seed's dirty pages written out first (a restartpoint on the
    // standby): neither is the requests' work nor the idle's
    await jobsDone(probe);
    await pg.sql("primary", "CHECKPOINT");
    await pg.replayed();
    await pg.sql("standby", "CHECKPOINT");
    // a server that has run a while holds its hot pages: both read theirs into shared buffers
    await pg.sql("primary", "CREATE EXTENSION IF NOT EXISTS pg_prewarm");
    await pg.replayed();
    for (const on of ["primary", "standby"] as const) await pg.sql(on, PREWARM);
    const idle = await meter.idle(SECONDS);
    console.log(
      `Idle (no requests; taken off each figure below), CPU ms a second: ${TIERS.map((tier) => `${tier} ${idle[tier].toFixed(1)}`).join(", ")}\n`,
    );
    console.log(`Each kind alone, ${CONNECTIONS} connections:\n`);
    console.log(
      "| kind | share | read on | req/s | p50 ms | p99 ms | app ms | primary ms | standby ms | of it replaying | Redis ms | Redis cmds | errors |",
    );
    console.log("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    const alone = new Map<RequestKind, Cpu>();
    /** Requests a second each kind answered alone. */
    const answered = new Map<RequestKind, number>();
    for (const kind of kinds) {
      await drive(send, [kind], { connections: CONNECTIONS }, WARMUP_SECONDS);
      const measured = await meter.measure(() => drive(send, [kind], { connections: CONNECTIONS }, SECONDS));
      const result = measured.result.get(kind)!;
      alone.set(kind, measured.perRequest);
      answered.set(kind, result.count / SECONDS);
      console.log(
        `| ${kind.name} | ${percent(kind.share)} | ${kind.on} | ${Math.round(result.count / SECONDS)} | ${result.p50} | ${result.p99} | ` +
          `${cpuColumns(measured.perRequest)} | ${measured.redisCommands.toFixed(1)} | ${failures(result)} |`,
      );
    }
    // the same machine's inflation: a fixed, bare workload whose quiet-machine cost is known
    const floor = await spawn("bench/floor.js", { DATABASE_URL: pg.primaryUrl, FLOOR_PROCESSES: String(PROCESSES) }, "/");
    cleanups.push(() => stopChild(floor.child));
    const productIds = await randomProductVariables(probe);
    const random = seededRandom(3);
    const bare: RequestKind = {
      name: "reference: bare node:http + pg product page (floor.ts)",
      share: 1,
      on: "primary",
      draw: () => ({ get: `/product?id=${productIds(random).id}` }),
    };
    const floorSend = sender(floor.url, client);
    await drive(floorSend, [bare], { connections: CONNECTIONS }, WARMUP_SECONDS);
    const reference = await meter.measure(() => drive(floorSend, [bare], { connections: CONNECTIONS }, SECONDS), floor.child.pid);
    const referenceResult = reference.result.get(bare)!;
    console.log(
      `| ${bare.name} | – | primary | ${Math.round(referenceResult.count / SECONDS)} | ${referenceResult.p50} | ${referenceResult.p99} | ` +
        `${cpuColumns(reference.perRequest)} | – | ${failures(referenceResult)} |`,
    );
    await stopChild(floor.child);
    const predicted = weighted(kinds, (kind) => alone.get(kind)!);
    const secondsOfMix =
      kinds.reduce((sum, kind) => sum + kind.share / Math.max(1, answered.get(kind)!), 0) /
      kinds.reduce((sum, kind) => sum + kind.share, 0);
    const rate = MIX_RATE ?? Math.max(1, Math.round(0.5 / secondsOfMix));

    console.log(`\nThe peak's mix together, ${rate} requests a second arriving at random:\n`);
    await drive(send, kinds, { rate }, MIX_WARMUP_SECONDS);
    for (const on of ["primary", "standby"] as const) await pg.sql(on, "SELECT pg_stat_statements_reset()");
    const mixed = await meter.measure(() => drive(send, kinds, { rate }, SECONDS));
    const costliest = { primary: await costliestStatements(pg, "primary"), standby: await costliestStatements(pg, "standby") };
    console.log("| kind | share | req/s | p50 ms | p99 ms | errors |");
    console.log("|---|---:|---:|---:|---:|---:|");
    for (const kind of kinds) {
      const result = mixed.result.get(kind)!;
      console.log(
        `| ${kind.name} | ${percent(kind.share)} | ${(result.count / SECONDS).toFixed(1)} | ${result.p50} | ${result.p99} | ${failures(result)} |`,
      );
    }
    console.log(
      `\n| CPU ms a request of the mix | app | primary | standby | of it replaying | redis | Redis cmds |\n|---|---:|---:|---:|---:|---:|---:|`,
    );
    console.log(`| measured together | ${cpuColumns(mixed.perRequest)} | ${mixed.redisCommands.toFixed(1)} |`);
    console.log(`| the kinds alone, weighted by share | ${cpuColumns(predicted)} | – |`);
    console.log(`\nConnections opened while the mix was measured: primary ${mixed.opened.primary}, standby ${mixed.opened.standby}`);
    for (const on of ["primary", "standby"] as const) {
      console.log(`\nThe ${on}'s costliest statements in the mix (pg_stat_statements):\n\n| calls | ms | statement |\n|---:|---:|---|`);
      for (const row of costliest[on]) console.log(`| ${row.calls} | ${row.ms} | ${row.statement.replaceAll("|", "\\|")} |`);
    }

    // the plan's peak, priced by the kinds alone: cores = req/s × CPU ms a request ÷ 1,000
    console.log(`\nAt the plan's peak (${PEAK_RPS} req/s), cores busy by the kinds alone:\n`);
    console.log(`| kind | req/s | ${TIERS.join(" | ")} |\n|---|---:|${TIERS.map(() => "---:").join("|")}|`);
    for (const kind of [...kinds, undefined]) {
      const cpu = kind ? alone.get(kind)! : predicted;
      const rps = PEAK_RPS * (kind ? kind.share / kinds.reduce((sum, { share }) => sum + share, 0) : 1);
      console.log(
        `| ${kind?.name ?? "**total**"} | ${Math.round(rps)} | ${TIERS.map((tier) => ((rps * cpu[tier]) / 1000).toFixed(2)).join(" | ")} |`,
      );
    }
    console.log(
      `\nLoad average at the end: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(", ")}`,
    );
  } finally {
    await cleanUp();
  }
}

/** Buyers' and sellers' tokens, made as sign-in makes them (no password hashing at the bench's scale). */
async function signedIn(url: string): Promise<Tokens> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const tokens = async (pattern: string, limit: number) =>
      (
        await client.query<{ id: string; tokenVersion: number }>(
          `SELECT id, "tokenVersion" FROM users WHERE email LIKE $1 ORDER BY id LIMIT $2`,
          [pattern, limit],
        )
      ).rows.map((user) => signToken({ sub: user.id, ver: user.tokenVersion }, JWT_SECRET, "12h"));
    return { buyers: await tokens("bench-buyer-%", USERS), sellers: await tokens("bench-seller-%", 200) };
  } finally {
    await client.end();
  }
}

/**
 * The evening peak's requests (assumed, to be replaced by production figures): most are browsing
 * (a page view is one catalogue request, and a signed-in one also asks the header's two counts), a
 * tenth the signed-in pages (orders, notifications, conversations), chat a tenth (students agree a
 * handover in messages), and the writes that move money or stock are few: a cart's price quote 2 %,
 * a checkout 1 %, a new listing 0.5 %.
 */
async function peakMix(probe: Client, tokens: Tokens, operation: (name: string) => string, send: Sender): Promise<RequestKind[]> {
  const random = seededRandom(7);
  const anyOf = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)];
  /** Catalogue pages: half the visitors are signed in (the server reads their row on the primary). */
  const visitor = () => (random() < 0.5 ? anyOf(tokens.buyers) : undefined);
  const productPage = await randomProductVariables(probe);
  // checkouts take listings of their own (each has one unit), never one a product page shows
  const { rows: forSale } = await probe.query<{ id: string }>(
    `SELECT id FROM products WHERE "deletedAt" IS NULL AND "hiddenAt" IS NULL AND "quantityAvailable" > 0 AND "pricePaisa" > 0
     ORDER BY md5(id::text) DESC LIMIT 50000`,
  );
  let bought = 0;
  const { rows: images } = await probe.query<{ image: string }>(`SELECT DISTINCT image FROM products LIMIT 20`);
  const conversations = await startConversations(tokens.buyers, forSale, operation("StartConversation"), send);

  const shop = operation("ShopProducts");
  const product = operation("ProductDetail");
  const header = [operation("NotificationBell"), operation("MessagesButton")];
  const pages: Array<[string, object]> = [
    [operation("MyOrders"), { page: 1, pageSize: 10 }],
    [operation("Notifications"), { page: 1 }],
    [operation("Conversations"), { page: 1, archived: false }],
  ];
  const sendMessage = operation("SendMessage");
  const priceQuote = operation("PriceQuote");
  const placeOrder = operation("PlaceOrder");
  const createProduct = operation("DashboardCreateProduct");
  const line = () => ({ productId: forSale[bought++ % forSale.length].id, quantity: 1 });

  return [
    {
      name: "shop page",
      share: 0.24,
      on: "standby",
      draw: () => ({ query: shop, variables: shopPageVariables(random), token: visitor() }),
    },
    { name: "search", share: 0.12, on: "standby", draw: () => ({ query: shop, variables: searchVariables(random), token: visitor() }) },
    {
      name: "product page",
      share: 0.26,
      on: "standby",
      draw: () => ({ query: product, variables: productPage(random), token: visitor() }),
    },
    {
      name: "header counts (notifications, messages)",
      share: 0.16,
      on: "primary",
      draw: () => ({ query: anyOf(header), variables: {}, token: anyOf(tokens.buyers) }),
    },
    {
      name: "signed-in pages (orders, notifications, conversations)",
      share: 0.1,
      on: "primary",
      draw: () => {
        const [query, variables] = anyOf(pages);
        return { query, variables, token: anyOf(tokens.buyers) };
      },
    },
    {
      name: "chat message",
      share: 0.085,
      on: "primary",
      draw: () => {
        const [token, conversationId] = anyOf(conversations);
        return {
          query: sendMessage,
          variables: { conversationId, body: `Is it still available? I can pick it up at ${anyOf(CAMPUS_SPOTS)}.` },
          token,
        };
      },
    },
    {
      name: "cart (price quote)",
      share: 0.02,
      on: "primary",
      draw: () => ({ query: priceQuote, variables: { lines: [line(), line()] }, token: anyOf(tokens.buyers) }),
    },
    {
      name: "checkout (cash on delivery, one line)",
      share: 0.01,
      on: "primary",
      draw: () => ({
        query: placeOrder,
        variables: {
          input: {
            lines: [line()],
            shipping: { address: "Hostel 3", city: "Lahore", postalCode: "54000", country: "Pakistan" },
            contactNumber: "03001234567",
            paymentMethod: "CASH_ON_DELIVERY",
            idempotencyKey: randomUUID(),
          },
        },
        token: anyOf(tokens.buyers),
      }),
    },
    {
      name: "new listing",
      share: 0.005,
      on: "primary",
      draw: () => ({
        query: createProduct,
        variables: {
          input: {
            name: `${anyOf(["Used", "Almost new", "Spare"])} Scientific Calculator`,
            description: "Casio fx-991, all functions work, a few scratches on the cover. Pickup at the main library.",
            category: "electronics",
            color: "black",
            price: 1800 + Math.floor(random() * 1000),
            image: anyOf(images).image,
          },
        },
        token: anyOf(tokens.sellers),
      }),
    },
  ];
}

const CAMPUS_SPOTS = ["the main library", "the cafeteria", "gate 2", "the hostel lobby", "the sports complex"];

/** One conversation per buyer about a listing of a bench seller, as the product page's "Message the seller" opens it. */
async function startConversations(
  buyers: string[],
  products: Array<{ id: string }>,
  startConversation: string,
  send: Sender,
): Promise<Array<[token: string, conversationId: string]>> {
  const conversations: Array<[string, string]> = [];
  for (let from = 0; from < buyers.length; from += 20) {
    await Promise.all(
      buyers.slice(from, from + 20).map(async (token, i) => {
        const { body } = await send({
          query: startConversation,
          variables: { productId: products[products.length - 1 - from - i].id },
          token,
        });
        const id = (JSON.parse(body) as { data?: { startConversation?: { id: string } } }).data?.startConversation?.id;
        if (!id) throw new Error(`startConversation failed: ${body}`);
        conversations.push([token, id]);
      }),
    );
  }
  return conversations;
}

/** Until the job queues hold nothing to work (the conversations' notifications of the setup, a listing's alerts). */
async function jobsDone(probe: Client) {
  for (let i = 0; i < 1200; i++) {
    const [{ pending }] = (
      await probe.query<{ pending: number }>(
        `SELECT count(*)::int AS pending FROM ${JOB_SCHEMA}.job WHERE state IN ('created', 'retry', 'active')`,
      )
    ).rows;
    if (!pending) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("The job queues did not empty within 2 minutes");
}

/** Until the app counts the standby as a replica it may read from (it checks once a second). */
async function waitForReplica(url: string) {
  for (let i = 0; i < 300; i++) {
    const ready = (await (await fetch(`${url}/ready`)).json()) as { replicas?: Array<{ state: string }> };
    if (ready.replicas?.length && ready.replicas.every((replica) => replica.state === "ok")) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("The app never counted the standby as a replica it may read from");
}

type Answer = { ms: number; status: number; body: string };
type Sender = (request: Drawn) => Promise<Answer>;

/** POST /graphql on kept-alive connections, as the web app sends it (no Cache-Control: an uncached answer is forced below). */
function sender(base: string, agent: http.Agent): Sender {
  const { hostname, port } = new URL(base);
  return (drawn) =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const request = http.request(
        {
          agent,
          hostname,
          port,
          ...("get" in drawn
            ? { method: "GET", path: drawn.get }
            : {
                method: "POST",
                path: "/graphql",
                headers: {
                  "content-type": "application/json",
                  // a fresh answer each time: the plan prices catalogue reads as if no cache answered them
                  "cache-control": "no-cache",
                  ...(drawn.token ? { authorization: `Bearer ${drawn.token}` } : {}),
                },
              }),
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({ ms: performance.now() - started, status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
          );
          response.on("error", reject);
        },
      );
      request.on("error", reject);
      request.end("get" in drawn ? undefined : JSON.stringify({ query: drawn.query, variables: drawn.variables }));
    });
}

type KindResult = { count: number; p50: number; p99: number; failed: number; firstError?: string };

/**
 * Sends `kinds` for `seconds`: either closed loop (`connections` requests in flight, each sent as
 * the previous answers) or open loop (`rate` a second, arriving at random, each kind drawn by its
 * share, whatever the answers' pace, as users do). An answer counts as failed unless it is a 200
 * without GraphQL errors.
 */
async function drive(
  send: Sender,
  kinds: RequestKind[],
  load: { connections: number } | { rate: number },
  seconds: number,
): Promise<Map<RequestKind, KindResult>> {
  const times = new Map(kinds.map((kind) => [kind, [] as number[]]));
  const failed = new Map(kinds.map((kind) => [kind, 0]));
  const firstErrors = new Map<RequestKind, string>();
  const until = performance.now() + seconds * 1000;
  const random = seededRandom(11);
  const total = kinds.reduce((sum, kind) => sum + kind.share, 0);
  const pickKind = () => {
    let at = random() * total;
    return kinds.find((kind) => (at -= kind.share) < 0) ?? kinds[kinds.length - 1];
  };
  const one = async () => {
    const kind = pickKind();
    const answer = await send(kind.draw()).catch((error: Error) => ({ ms: 0, status: 0, body: String(error.message) }));
    // a failure counts even when it comes after the window (a request stuck until a timeout)
    if (answer.status !== 200 || answer.body.includes('"errors"')) {
      failed.set(kind, failed.get(kind)! + 1);
      if (!firstErrors.has(kind)) firstErrors.set(kind, `${answer.status} ${answer.body.slice(0, 300)}`);
    }
    if (performance.now() <= until) times.get(kind)!.push(answer.ms);
  };
  if ("connections" in load) {
    await Promise.all(
      Array.from({ length: load.connections }, async () => {
        while (performance.now() < until) await one();
      }),
    );
  } else {
    const inFlight = new Set<Promise<void>>();
    let next = performance.now();
    while (next < until) {
      // exponential gaps: arrivals at random, as many independent users make them
      next += (-Math.log(1 - random()) * 1000) / load.rate;
      const wait = next - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      const request = one();
      inFlight.add(request);
      void request.finally(() => inFlight.delete(request));
    }
    await Promise.all(inFlight);
  }
  const quantile = (values: number[], q: number) => (values.length ? Math.round(values[Math.floor(q * (values.length - 1))]) : 0);
  return new Map(
    kinds.map((kind) => {
      const sorted = times.get(kind)!.sort((a, b) => a - b);
      return [
        kind,
        {
          count: sorted.length,
          p50: quantile(sorted, 0.5),
          p99: quantile(sorted, 0.99),
          failed: failed.get(kind)!,
          firstError: firstErrors.get(kind),
        },
      ];
    }),
  );
}

/**
 * The CPU of each tier while `work` runs, a request: the app's processes, each PostgreSQL (its
 * postmaster and every child, alive or ended) and Redis, from /proc; and Redis's commands a request.
 */
async function cpuMeter(pg: ReplicatedPostgres, app: ChildProcess, redisUrl: string) {
  /** The postmaster's process id, the first line of postmaster.pid in its data folder. */
  const postmaster = async (on: "primary" | "standby") => {
    const [{ folder }] = await pg.sql<{ folder: string }>(on, "SELECT current_setting('data_directory') AS folder");
    return Number(readFileSync(path.join(folder, "postmaster.pid"), "utf8").split("\n")[0]);
  };
  const [primary, standby] = [await postmaster("primary"), await postmaster("standby")];
  const redis = new Redis(redisUrl);
  const info = async (field: string) => Number(new RegExp(`${field}:(\\d+)`).exec(await redis.info())![1]);
  const pids: Record<Tier, number> = {
    app: app.pid!,
    primary,
    standby,
    redis: await info("process_id"),
  };
  /** The standby's processes that replay the primary's writes (part of its tier's figure). */
  const replaying = (
    await pg.sql<{ pid: number }>("standby", `SELECT pid FROM pg_stat_activity WHERE backend_type IN ('startup', 'walreceiver')`)
  ).map((row) => row.pid);
  /** Connections each PostgreSQL has accepted so far (its statistics' sessions; a reading's own included). */
  const sessions = async () =>
    Object.fromEntries(
      await Promise.all(
        (["primary", "standby"] as const).map(async (on) => {
          const [{ opened }] = await pg.sql<{ opened: string }>(on, "SELECT sum(sessions) AS opened FROM pg_stat_database");
          return [on, Number(opened)];
        }),
      ),
    ) as Record<"primary" | "standby", number>;
  const snapshot = () => Object.fromEntries(PARTS.map((part) => [part, cpuSeconds(part === "replay" ? replaying : [pids[part]])])) as Cpu;
  /** CPU ms a second of each tier with no request: job queue polls, replica checks, WAL and replay. */
  let idle: Cpu = { app: 0, primary: 0, standby: 0, redis: 0, replay: 0 };
  return {
    idle: async (seconds: number) => {
      const before = snapshot();
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      const after = snapshot();
      idle = Object.fromEntries(PARTS.map((part) => [part, ((after[part] - before[part]) * 1000) / seconds])) as Cpu;
      return idle;
    },
    /** CPU ms a request while `work` runs, the idle tiers' own use over that time taken off. */
    measure: async <T extends Map<RequestKind, KindResult>>(work: () => Promise<T>, appPid = app.pid!) => {
      pids.app = appPid;
      const [before, commandsBefore, sessionsBefore, started] = [
        snapshot(),
        await info("total_commands_processed"),
        await sessions(),
        performance.now(),
      ];
      const result = await work();
      const [after, commands, seconds] = [snapshot(), await info("total_commands_processed"), (performance.now() - started) / 1000];
      const sessionsAfter = await sessions();
      // less the reading's own connection
      const opened = {
        primary: sessionsAfter.primary - sessionsBefore.primary - 1,
        standby: sessionsAfter.standby - sessionsBefore.standby - 1,
      };
      const requests = Math.max(
        1,
        [...result.values()].reduce((sum, kind) => sum + kind.count, 0),
      );
      const perRequest = Object.fromEntries(
        // the idle app's own use is not in another process's figure
        PARTS.map((part) => [
          part,
          Math.max(0, (after[part] - before[part]) * 1000 - (part === "app" && appPid !== app.pid ? 0 : idle[part] * seconds)) / requests,
        ]),
      ) as Cpu;
      pids.app = app.pid!;
      // the two INFO commands of the measurement itself are not the requests'
      return { result, perRequest, opened, redisCommands: (commands - commandsBefore - 2) / requests };
    },
    close: async () => redis.quit(),
  };
}

/** The 8 statements that took `on` the most time since pg_stat_statements was reset, each's start. */
async function costliestStatements(pg: ReplicatedPostgres, on: "primary" | "standby") {
  return pg.sql<{ calls: number; ms: string; statement: string }>(
    on,
    `SELECT calls, round(total_exec_time::numeric) AS ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 120) AS statement
       FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 8`,
  );
}

/** Each tier's CPU a request of the mix (and the standby's replay): the kinds' own figures weighted by their shares (of the kinds sent). */
function weighted(kinds: RequestKind[], cpuOf: (kind: RequestKind) => Cpu): Cpu {
  const total = kinds.reduce((sum, kind) => sum + kind.share, 0);
  return Object.fromEntries(
    PARTS.map((part) => [part, kinds.reduce((sum, kind) => sum + (kind.share / total) * cpuOf(kind)[part], 0)]),
  ) as Cpu;
}

/** A kind's CPU columns: each tier's, the standby's replay after its own. */
const cpuColumns = (cpu: Cpu) =>
  TIERS.flatMap((tier) => [cpu[tier].toFixed(2), ...(tier === "standby" ? [cpu.replay.toFixed(2)] : [])]).join(" | ");

const percent = (share: number) => `${+(share * 100).toFixed(1)} %`;
const failures = (result: KindResult) => (result.failed ? `${result.failed} (first: ${result.firstError})` : "0");

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
