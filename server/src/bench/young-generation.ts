import { Client } from "pg";
import { keptDatabaseUrl, loadMeter, startApp } from "./load";
import { PRODUCT_QUERY, drawnRequest, graphqlRequest, randomProductVariables } from "./long-tail";

/**
 * `npm run bench:young-generation -w server -- [server/dist of another build]`: what V8's collector
 * does while the server answers the long tail's product pages (20 connections, one process, the
 * kept bench database of BENCH_PRODUCTS listings; BENCH_GET=<path> loads that GET instead, and
 * BENCH_QUERY=<GraphQL> that query), read from node's --trace-gc-nvp: how many
 * collections of the young generation ran, how long they held the main thread and their helper
 * threads, and what they moved to the old generation. A request's objects should die young: what
 * is moved out lives on only to be collected again by a full collection.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);

/** One number of a --trace-gc-nvp line (`name=value`), 0 when the line has none. */
const field = (line: string, name: string) => Number(line.match(new RegExp(`(?:^| )${name.replace(".", "\\.")}=([\\d.]+)`))?.[1] ?? 0);

async function main() {
  const database = keptDatabaseUrl(PRODUCTS);
  const probe = new Client({ connectionString: database });
  await probe.connect();
  const variables = await randomProductVariables(probe);
  await probe.end();

  let lines: string[] | undefined;
  const app = await startApp(
    database,
    1,
    process.argv[2],
    {},
    {
      execArgv: ["--trace-gc-nvp"],
      stdout: (text) => lines?.push(...text.split("\n").filter((line) => line.includes("gc=s"))),
    },
  );
  const request = process.env.BENCH_GET
    ? { method: "GET" as const, path: process.env.BENCH_GET }
    : process.env.BENCH_QUERY
      ? graphqlRequest(process.env.BENCH_QUERY)
      : drawnRequest(PRODUCT_QUERY, 3001, variables);
  try {
    const meter = await loadMeter(database, { connections: 20, warmupSeconds: WARMUP_SECONDS, durationSeconds: SECONDS });
    const r = await meter.measure(app.url, app.child, request, () => (lines = []));
    const trace = lines ?? [];
    lines = undefined;
    await meter.close();
    const requests = r.rps * SECONDS;
    const sum = (name: string) => trace.reduce((total, line) => total + field(line, name), 0);
    console.log(
      `${Math.round(r.rps)} req/s, server ${r.serverMs.toFixed(3)} ms a request; ${trace.length} young collections: ` +
        `${Math.round(sum("pause"))} ms on the main thread, ${Math.round(sum("background.scavenge.parallel"))} ms on helper threads; ` +
        `${(sum("promoted") / 1e6).toFixed(0)} MB moved to the old generation (${(sum("promoted") / 1024 / requests).toFixed(1)} KB a request) ` +
        `of ${(sum("allocated") / 1024 / requests).toFixed(0)} KB allocated a request`,
    );
  } finally {
    app.child.kill("SIGTERM");
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
