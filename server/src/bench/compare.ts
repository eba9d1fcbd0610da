import { Client } from "pg";
import { keptDatabaseUrl, loadMeter, login, startApp, stopChild, type Measured } from "./load";
import { PRODUCT_QUERY, SHOP_QUERY, drawnRequest, randomProductVariables, searchVariables, shopPageVariables } from "./long-tail";

/**
 * `npm run bench:compare -- <scenario> <build A> <build B>`: two builds of the server (their
 * `server/dist` folders, e.g. one of the code before a change and one after) on the same kept bench
 * database, loaded in turn with one long-tail scenario, round after round, so both meet the same
 * moments of a shared machine. Prints each round and the medians: req/s, p99 and the CPU a request
 * costs (the server's and PostgreSQL's). The database is the one `BENCH_KEEP=1 npm run bench` keeps
 * (`ub_bench_kept_<BENCH_PRODUCTS>` on DATABASE_URL's server).
 */
const SCENARIOS = {
  shop: { query: SHOP_QUERY, seed: 1, signedIn: false },
  search: { query: SHOP_QUERY, seed: 2, signedIn: false },
  product: { query: PRODUCT_QUERY, seed: 3, signedIn: false },
  "product-signed-in": { query: PRODUCT_QUERY, seed: 3, signedIn: true },
} as const;
type ScenarioName = keyof typeof SCENARIOS;

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);

async function main() {
  const [scenario, ...builds] = process.argv.slice(2);
  if (!(scenario in SCENARIOS) || builds.length !== 2 || !process.env.DATABASE_URL)
    throw new Error(`usage: DATABASE_URL=… bench:compare <${Object.keys(SCENARIOS).join("|")}> <server/dist of A> <server/dist of B>`);
  const chosen = SCENARIOS[scenario as ScenarioName];
  const database = keptDatabaseUrl(PRODUCTS);

  const probe = new Client({ connectionString: database });
  await probe.connect();
  const variables = scenario.startsWith("product")
    ? await randomProductVariables(probe)
    : scenario === "shop"
      ? shopPageVariables
      : searchVariables;
  await probe.end();

  const servers = [await startApp(database, 1, builds[0]), await startApp(database, 1, builds[1])];
  const meter = await loadMeter(database, { connections: CONNECTIONS, warmupSeconds: WARMUP_SECONDS, durationSeconds: DURATION_SECONDS });
  try {
    const token = chosen.signedIn ? await login(servers[0].url) : undefined;
    const results: Measured[][] = [[], []];
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [i, server] of servers.entries()) {
        // each round sends both builds the same sequence of requests
        const request = drawnRequest(chosen.query, chosen.seed * 1000 + round, variables, { token });
        const r = await meter.measure(server.url, server.child, request);
        results[i].push(r);
        console.log(`round ${round} ${"AB"[i]}: ${line(r)}${r.failed ? `, ${r.failed} failed` : ""}`);
      }
    }
    for (const [i, rows] of results.entries()) {
      const median = (pick: (r: Measured) => number) => rows.map(pick).sort((a, b) => a - b)[Math.floor(rows.length / 2)];
      console.log(
        `median ${"AB"[i]}: ${Math.round(median((r) => r.rps))} req/s, p99 ${median((r) => r.p99)} ms, ` +
          `server ${median((r) => r.serverMs).toFixed(3)} + PostgreSQL ${median((r) => r.databaseMs).toFixed(3)} ms a request`,
      );
    }
  } finally {
    await meter.close();
    await Promise.all(servers.map((server) => stopChild(server.child)));
  }
}

const line = (r: Measured) =>
  `${Math.round(r.rps)} req/s, p99 ${r.p99} ms, server ${r.serverMs.toFixed(3)} + PostgreSQL ${r.databaseMs.toFixed(3)} ms a request`;

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
