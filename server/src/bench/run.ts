import autocannon from "autocannon";
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { ensureDatabase } from "../platform/db/database";
import { startEmbeddedPostgres } from "../platform/db/embedded";
import { startServer } from "../app/server";
import { BENCH_GENERATOR, type BenchData } from "./data";
import { benchConfig, seedBenchDatabase } from "./seeding";
import { loadMeter, login, spawn, startApp, stopChild, type Measured } from "./load";
import {
  PRODUCT_QUERY,
  SHOP_QUERY,
  drawnRequest,
  graphqlRequest,
  randomProductVariables,
  searchVariables,
  seededRandom,
  shopPageVariables,
} from "./long-tail";
import { STACK_PRODUCT_QUERY } from "./stack-floor";
import { benchSavedSearchMatching } from "./saved-searches";

/**
 * `npm run bench`: a fresh database (a new one on DATABASE_URL's server, or an embedded
 * PostgreSQL) with the demo data plus BENCH_PRODUCTS generated listings (see data.ts); then the
 * real server and, side by side, bare node:http + pg handlers (floor.ts): the shop's first page, a
 * product page, and the app's own statements for the shop and search long tails; each with 1 and
 * then 2 processes (BENCH_PROCESSES), loaded in turn over loopback by autocannon. Prints one row per
 * scenario with its ratio to its floor's req/s at the same process count (and to the floor running
 * its own statements, where it has one). The product pages and their floors are measured in rounds
 * (BENCH_PRODUCT_ROUNDS, see inRounds): their rows give the median round, and a list after the table
 * each round's ratio. Figures are kept in docs/benchmarks.md.
 */
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Each scenario's requests are first sent this long unmeasured: V8 optimises the request path and
 * the caches fill as they would on a server that has been up a while (the first scenario measured
 * cold ran a quarter slower than the same one later).
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** Rounds of the product pages and their floors (see inRounds); a row gives the median round. */
const PRODUCT_ROUNDS = Number(process.env.BENCH_PRODUCT_ROUNDS ?? 5);
/** Server processes to compare (WEB_CONCURRENCY of each run), e.g. "1,2". */
const PROCESS_COUNTS = (process.env.BENCH_PROCESSES ?? "1,2").split(",").map(Number);
/** Only the scenarios whose name contains this text (e.g. "long tail"); all by default. */
const ONLY = process.env.BENCH_ONLY ?? "";
/** Runs before the HTTP scenarios, on the setup server (service level, no HTTP). */
const SAVED_SEARCH_SCENARIO = "saved search matching";

/** Which bare handler a scenario is compared with. */
type Floor = "page" | "product";
/**
 * A long-tail scenario's own floor: the bare handler's `/shop` or `/search`, which runs the
 * statements the app runs, for the same seeded variables. Its ratio says what the app's path costs
 * over its SQL.
 */
type SameStatements = { path: "/shop" | "/search"; seed: number; variables: (random: () => number) => object };
type Scenario = [name: string, request: autocannon.Request, against?: Floor, sameStatements?: SameStatements];

/**
 * BENCH_KEEP=1 (with DATABASE_URL): the database is kept after the run, named after BENCH_PRODUCTS,
 * and a later run reuses it instead of generating the listings again (seeding 1M takes a while).
 */
const KEEP = process.env.BENCH_KEEP === "1" && Boolean(process.env.DATABASE_URL);

async function benchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = KEEP ? `ub_bench_kept_${PRODUCTS}` : `ub_bench_${process.pid}`;
  if (process.env.DATABASE_URL) {
    const server = process.env.DATABASE_URL;
    const drop = () => sql(server, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await ensureDatabase(server, name);
    const url = new URL(server);
    url.pathname = `/${name}`;
    if (KEEP && !(await keptData(url.toString()))) {
      // half generated, or by another version of the generator: made again from nothing
      await drop();
      await ensureDatabase(server, name);
    }
    return { url: url.toString(), drop: KEEP ? async () => {} : drop };
  }
  const pg = await startEmbeddedPostgres(mkdtempSync(path.join(tmpdir(), "ub-bench-pg-")), { persistent: false });
  await ensureDatabase(pg.url("postgres"), name);
  return { url: pg.url(name), drop: pg.stop };
}

/** Saved-search matching per new listing, against the generated listings and saved searches. */
async function benchSavedSearches(url: string) {
  const setup = await startServer(benchConfig(url));
  try {
    console.log(`| scenario | listings | p50 | p99 | mean | users told per listing |\n| --- | --- | --- | --- | --- | --- |`);
    await benchSavedSearchMatching(setup, (line) => console.log(line));
  } finally {
    await setup.close();
  }
}

/** The demo data plus the generated listings; with BENCH_KEEP, their figures are noted on the database once complete. */
async function generate(url: string): Promise<BenchData> {
  const data = await seedBenchDatabase(url, PRODUCTS, (line) => console.log(line));
  if (KEEP) await sql(url, `COMMENT ON DATABASE "${new URL(url).pathname.slice(1)}" IS '${JSON.stringify(data)}'`);
  return data;
}

/** The figures of a kept database whose generation by this version of the generator completed, or null. */
async function keptData(url: string): Promise<BenchData | null> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ note: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS note FROM pg_database WHERE datname = current_database()`,
    );
    const data = rows[0]?.note ? (JSON.parse(rows[0].note) as BenchData) : null;
    return data?.generator === BENCH_GENERATOR ? data : null;
  } finally {
    await client.end();
  }
}

async function sql(url: string, text: string) {
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query(text).finally(() => client.end());
}

async function main() {
  const db = await benchDatabase();
  const children: ChildProcess[] = [];
  try {
    const started = Date.now();
    const data = (KEEP && (await keptData(db.url))) || (await generate(db.url));
    console.log(`Data ready in ${Math.round((Date.now() - started) / 1000)} s.\n`);
    if (SAVED_SEARCH_SCENARIO.includes(ONLY)) {
      await benchSavedSearches(db.url);
      if (ONLY) return;
    }

    const startServer = async (processes: number) => {
      const app = await startApp(db.url, processes);
      children.push(app.child);
      return app;
    };
    let app = await startServer(PROCESS_COUNTS[0]);
    if (!ONLY) await enumerationTimings(app.url);

    const probe = new Client({ connectionString: db.url });
    await probe.connect();
    const { rows } = await probe.query(`SELECT id FROM products WHERE name = 'Scientific Calculator'`);
    const [{ id: productId }] = rows;
    const { rows: cheap } = await probe.query(
      `SELECT id FROM products WHERE "deletedAt" IS NULL AND "pricePaisa" > 0 ORDER BY "createdAt" DESC LIMIT 1`,
    );
    const randomProduct = await randomProductVariables(probe);
    // how much of the catalogue PostgreSQL holds itself: the rest of a read comes from the OS's cache
    const {
      rows: [postgres],
    } = await probe.query<{ version: string; buffers: string }>(
      `SELECT split_part(current_setting('server_version'), ' ', 1) AS version, current_setting('shared_buffers') AS buffers`,
    );
    await probe.end();
    const token = await login(app.url);
    const graphql = (query: string, variables: object = {}, options: { auth?: boolean; fromAnswersCache?: boolean } = {}) =>
      graphqlRequest(query, variables, { token: options.auth ? token : undefined, fromAnswersCache: options.fromAnswersCache });
    /** A page of the newest listings with their sellers, as the shop asks for it. */
    const newest = (page: number) => `
      {
        products(pageSize: 8, page: ${page}) {
          totalItems
          items {
            id
            name
            price
            rating
            seller {
              username
            }
          }
        }
      }
    `;
    const FILTERED = `
      {
        products(filter: { category: "electronics", color: "blue", minPrice: 0, maxPrice: 5000 }, pageSize: 8) {
          totalItems
          items {
            id
            name
            price
          }
        }
      }
    `;
    const drawn = (query: string, seed: number, variables: (random: () => number) => object, options: { auth?: boolean } = {}) =>
      drawnRequest(query, seed, variables, { token: options.auth ? token : undefined });
    const shopStatements: SameStatements = { path: "/shop", seed: 1, variables: shopPageVariables };
    const searchStatements: SameStatements = { path: "/search", seed: 2, variables: searchVariables };
    /** Every request different; product pages are compared with the bare product-page handler. */
    const longTail: Scenario[] = [
      ["long tail: shop pages, every request different", drawn(SHOP_QUERY, 1, shopPageVariables), "page", shopStatements],
      [
        "long tail: shop pages, signed in, every request different",
        drawn(SHOP_QUERY, 1, shopPageVariables, { auth: true }),
        "page",
        shopStatements,
      ],
      ["long tail: searches, every request different", drawn(SHOP_QUERY, 2, searchVariables), "page", searchStatements],
      ["long tail: product pages, anonymous, random ids", drawn(PRODUCT_QUERY, 3, randomProduct), "product"],
      ["long tail: product pages, signed in, random ids", drawn(PRODUCT_QUERY, 3, randomProduct, { auth: true }), "product"],
    ];
    const scenarios: Scenario[] = [
      ...longTail,
      ["GraphQL products (page 1, 8 items, newest)", graphql(newest(1))],
      [
        "GraphQL products (page 1, 8 items, newest), anonymous: from the public answers cache",
        graphql(newest(1), {}, { fromAnswersCache: true }),
      ],
      [
        "GraphQL products (page 1, 8 items, newest), signed in: from the public answers cache",
        graphql(newest(1), {}, { auth: true, fromAnswersCache: true }),
      ],
      [
        // the entry page above may come from the service's page cache; page 2 always reaches PostgreSQL
        "GraphQL products (page 2, 8 items, newest; never cached)",
        graphql(newest(2)),
      ],
      ["GraphQL products filtered (electronics, blue, 0-5000)", graphql(FILTERED)],
      [
        "GraphQL products filtered (electronics, blue, 0-5000), anonymous: from the public answers cache",
        graphql(FILTERED, {}, { fromAnswersCache: true }),
      ],
      [
        "GraphQL search with a typo ('calculater')",
        graphql(`
          {
            products(filter: { search: "calculater" }, sort: RELEVANCE, pageSize: 8) {
              totalItems
              items {
                id
                name
              }
            }
          }
        `),
      ],
      [
        "GraphQL products page 500 (8 items, newest)",
        graphql(`
          {
            products(pageSize: 8, page: 500) {
              totalItems
              items {
                id
                name
                price
              }
            }
          }
        `),
      ],
      [
        "GraphQL product detail with reviews",
        graphql(
          `
            query ($id: ID!) {
              product(id: $id) {
                id
                name
                price
                seller {
                  username
                }
                reviews(pageSize: 10) {
                  items {
                    rating
                    comment
                    author {
                      username
                    }
                  }
                }
              }
            }
          `,
          { id: productId },
        ),
      ],
      [
        "GraphQL trendingProducts(10)",
        graphql(`
          {
            trendingProducts(limit: 10) {
              id
              name
              price
            }
          }
        `),
      ],
      [
        "GraphQL myOrders (signed in)",
        graphql(
          `
            {
              myOrders {
                totalItems
                items {
                  id
                  total
                  status
                  lines {
                    productName
                    quantity
                  }
                }
              }
            }
          `,
          {},
          { auth: true },
        ),
      ],
      ["REST GET /api/products?page=1&limit=8", { method: "GET", path: "/api/products?page=1&limit=8" }],
    ];

    scenarios.push([
      "GraphQL placeOrder (cash on delivery, fresh idempotency key)",
      {
        ...graphql("", {}, { auth: true }),
        // a new key per request: every request is a new checkout
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({
            query: `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id orders { id } } }`,
            variables: {
              input: {
                lines: [{ productId: cheap[0].id, quantity: 1 }],
                shipping: { address: "Hostel 3", city: "Lahore", postalCode: "54000", country: "Pakistan" },
                contactNumber: "03001234567",
                paymentMethod: "CASH_ON_DELIVERY",
                idempotencyKey: randomUUID(),
              },
            },
          }),
        }),
      },
    ]);

    const cpu = cpus()[0]?.model ?? "unknown CPU";
    console.log(
      `UniBazaar benchmark: ${data.products.toLocaleString("en-US")} generated listings (+ demo data), ${data.sellers} sellers, ` +
        `${data.reviews} reviews, ${data.orders} orders; ${CONNECTIONS} connections, ${DURATION_SECONDS} s per scenario; ` +
        `${cpus().length} x ${cpu}, Node ${process.version}, PostgreSQL ${postgres.version} (shared_buffers ${postgres.buffers})\n`,
    );
    console.log(
      "| scenario | processes | req/s | p50 ms | p99 ms | × floor | × same statements | CPU ms/req | of it server + PostgreSQL | floor's CPU ÷ CPU | errors |",
    );
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    const meter = await loadMeter(db.url, { connections: CONNECTIONS, warmupSeconds: WARMUP_SECONDS, durationSeconds: DURATION_SECONDS });
    const run = meter.measure;
    const row = (name: string, processes: number, r: Measured, floor: Measured, same?: Measured) =>
      console.log(
        `| ${name} | ${processes} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${(r.rps / floor.rps).toFixed(2)} | ` +
          `${same ? (r.rps / same.rps).toFixed(2) : "–"} | ` +
          `${r.cpuMs.toFixed(2)} | ${r.serverMs.toFixed(2)} + ${r.databaseMs.toFixed(2)} | ${(floor.cpuMs / r.cpuMs).toFixed(2)} | ${r.failed} |`,
      );
    const chosen = scenarios.filter(([name]) => name.includes(ONLY));
    const spread: string[] = [];
    for (const [i, processes] of PROCESS_COUNTS.entries()) {
      if (i > 0) {
        await stopChild(children.pop()!);
        app = await startServer(processes);
      }
      // the floors with as many processes as the app
      const floor = await spawn("bench/floor.js", { DATABASE_URL: db.url, FLOOR_PROCESSES: String(processes) }, "/");
      const floorPage = await run(floor.url, floor.child, { method: "GET", path: "/" });
      const sameStatements = new Map<SameStatements, Measured>();
      for (const statements of new Set(chosen.flatMap(([, , , same]) => same ?? []))) {
        const drawnVariables = seededRandom(statements.seed);
        sameStatements.set(
          statements,
          await run(floor.url, floor.child, {
            method: "POST",
            path: statements.path,
            setupRequest: (request) => ({ ...request, body: JSON.stringify({ variables: statements.variables(drawnVariables) }) }),
          }),
        );
      }
      // product pages: the bare handler, the named stack alone (Apollo Server and TypeGraphQL over the
      // bare handler's statements) and the app's pages, in turn, round after round, for the same ids
      const against = chosen.filter(([, , floorOf]) => floorOf === "product");
      const [productRandom, stackRandom] = [seededRandom(3), seededRandom(3)];
      const productRounds = await inRounds(against.length ? PRODUCT_ROUNDS : 1, [
        () =>
          run(floor.url, floor.child, {
            method: "GET",
            setupRequest: (request) => ({ ...request, path: `/product?id=${randomProduct(productRandom).id}` }),
          }),
        ...(against.length
          ? [
              () =>
                run(floor.url, floor.child, {
                  method: "POST",
                  path: "/graphql",
                  headers: { "content-type": "application/json" },
                  setupRequest: (request) => ({
                    ...request,
                    body: JSON.stringify({ query: STACK_PRODUCT_QUERY, variables: randomProduct(stackRandom) }),
                  }),
                }),
              ...against.map(
                ([, request]) =>
                  () =>
                    run(app.url, app.child, request),
              ),
            ]
          : []),
      ]);
      await stopChild(floor.child);
      const [floorProduct, stack, ...pages] = productRounds.map((rounds, i) => medianAgainst(rounds, i === 0 ? null : productRounds[0]));
      row("floor: bare node:http + pg, first page of 8 with sellers", processes, floorPage, floorPage);
      row(
        "floor: bare node:http + pg, product page (product and seller, 10 reviews with authors, count), random ids",
        processes,
        floorProduct.r,
        floorProduct.floor,
      );
      if (stack)
        row(
          "floor: Apollo Server + TypeGraphQL alone (node:http, no Express, no app), the product page's 3 statements, random ids",
          processes,
          stack.r,
          stack.floor,
        );
      for (const [statements, result] of sameStatements)
        row(
          `floor: bare node:http + pg, the app's statements for the ${statements.path.slice(1)} long tail`,
          processes,
          result,
          floorPage,
          result,
        );
      for (const scenario of chosen) {
        const [name, request, floorOf = "page", same] = scenario;
        if (floorOf === "product") {
          const page = pages[against.indexOf(scenario)];
          row(name, processes, page.r, page.floor);
        } else row(name, processes, await run(app.url, app.child, request), floorPage, same && sameStatements.get(same));
      }
      // how far the rounds spread: each round's ratio to the bare product page measured in it
      for (const [i, rounds] of productRounds.slice(1).entries())
        spread.push(
          `${processes} process(es), ${i === 0 ? "the named stack alone" : against[i - 1][0]}: ` +
            rounds.map((r, round) => (r.rps / productRounds[0][round].rps).toFixed(2)).join(", "),
        );
    }
    if (spread.length) console.log(`\nRatios to the bare product page, round by round:\n${spread.map((line) => `- ${line}`).join("\n")}`);
    await meter.close();
    if (chosen.some(([name]) => name.includes("placeOrder"))) console.log(`\nplaceOrder: ${await checkoutsPerKey(db.url)}`);
  } finally {
    await Promise.all(children.map(stopChild));
    await db.drop();
  }
}

/**
 * Each measurement in turn, `rounds` times over: what the product pages' ratios compare is measured
 * seconds apart, not minutes. (On a shared VM, two runs an hour apart, each with one floor measured
 * before the app's pages, put the anonymous page at 0.39 and 0.77 × the bare handler.)
 */
async function inRounds(rounds: number, measurements: Array<() => Promise<Measured>>): Promise<Measured[][]> {
  const results = measurements.map((): Measured[] => []);
  for (let round = 0; round < rounds; round++) for (const [i, measure] of measurements.entries()) results[i].push(await measure());
  return results;
}

/**
 * The round whose ratio to the floor measured in the same round is the median, with that floor; the
 * floor's own rounds (`floors` null) by their median req/s.
 */
function medianAgainst(rounds: Measured[], floors: Measured[] | null): { r: Measured; floor: Measured } {
  const ratio = (i: number) => (floors ? rounds[i].rps / floors[i].rps : rounds[i].rps);
  const median = rounds.map((_, i) => i).sort((a, b) => ratio(a) - ratio(b))[Math.floor(rounds.length / 2)];
  return { r: rounds[median], floor: floors ? floors[median] : rounds[median] };
}

/** The idempotency rule under load: as many checkouts as distinct keys. */
async function checkoutsPerKey(url: string): Promise<string> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT count(*)::int AS checkouts, count(DISTINCT ("buyerId", "idempotencyKey"))::int AS keys FROM checkout_sessions`,
    );
    const [{ checkouts, keys }] = rows as Array<{ checkouts: number; keys: number }>;
    return `${checkouts} checkouts for ${keys} idempotency keys${checkouts === keys ? " (one each)" : " (DUPLICATES)"}`;
  } finally {
    await client.end();
  }
}

/**
 * Sign-in and password reset for real accounts and unknown e-mails, side by side: ENUMERATION_PAIRS
 * of each, alternating, one request at a time, each from its own forwarded address (a header
 * only, believed from loopback) so that no rate limit answers instead. The two columns should match.
 */
const ENUMERATION_PAIRS = 20;

async function enumerationTimings(url: string): Promise<void> {
  let sent = 0;
  const timed = async (query: string, variables: Record<string, unknown>): Promise<number> => {
    const n = sent++;
    const started = performance.now();
    const res = await fetch(`${url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}` },
      body: JSON.stringify({ query, variables }),
    });
    await res.text();
    return performance.now() - started;
  };
  const run = Date.now().toString(36);
  const real = Array.from({ length: ENUMERATION_PAIRS }, (_, i) => `real-${run}-${i}@bench.pk`);
  const unknown = Array.from({ length: ENUMERATION_PAIRS }, (_, i) => `unknown-${run}-${i}@bench.pk`);
  for (const [i, email] of real.entries()) {
    await timed(`mutation ($i: RegisterInput!) { register(input: $i) { id } }`, {
      i: {
        email,
        username: `enum_${run}_${i}`,
        name: "Bench Student",
        password: "bench-pass-123",
        contactNumber: "03001234567",
        role: "USER",
      },
    });
  }
  const cases: Array<[string, string, (email: string) => Record<string, unknown>]> = [
    ["requestPasswordReset", `mutation ($e: String!) { requestPasswordReset(email: $e) }`, (e) => ({ e })],
    [
      "resetPassword, wrong code",
      `mutation ($e: String!) { resetPassword(email: $e, code: "000000", newPassword: "bench-pass-456") { token } }`,
      (e) => ({ e }),
    ],
    ["login, wrong password", `mutation ($e: String!) { login(email: $e, password: "wrong-pass-789") { token } }`, (e) => ({ e })],
  ];
  const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))].toFixed(1);
  console.log(`Enumeration: ${ENUMERATION_PAIRS} real accounts and ${ENUMERATION_PAIRS} unknown e-mails, alternating, one at a time\n`);
  console.log("| request | real p50 ms | unknown p50 ms | real p90 ms | unknown p90 ms |");
  console.log("|---|---:|---:|---:|---:|");
  for (const [name, query, variables] of cases) {
    const times = { real: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < ENUMERATION_PAIRS; i++) {
      times.real.push(await timed(query, variables(real[i])));
      times.unknown.push(await timed(query, variables(unknown[i])));
    }
    console.log(
      `| ${name} | ${quantile(times.real, 0.5)} | ${quantile(times.unknown, 0.5)} | ${quantile(times.real, 0.9)} | ${quantile(times.unknown, 0.9)} |`,
    );
  }
  console.log("");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
