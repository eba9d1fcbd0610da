import { performance } from "node:perf_hooks";
import { seededRandom, searchVariables } from "./long-tail";
import { keptDatabaseUrl, spawn, stopChild } from "./load";

/**
 * `node dist-bench/bench/searches-alone.js` (DATABASE_URL set): what the long tail's searches cost
 * the database one at a time, without a queue: the first BENCH_SEARCHES (200) searches of the
 * generator (BENCH_SEED, 11) sent to the bare search handler (floor.ts, the app's own statements)
 * on the kept database (`ub_bench_kept_<BENCH_PRODUCTS>`), once to warm its caches, then timed.
 * For comparing PostgreSQL settings (its page cache) on one data set.
 */
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 200);
const SEED = Number(process.env.BENCH_SEED ?? 11);

async function main() {
  const random = seededRandom(SEED);
  const searches = Array.from({ length: SEARCHES }, () => JSON.stringify({ variables: searchVariables(random) }));
  const floor = await spawn("bench/floor.js", { DATABASE_URL: keptDatabaseUrl(PRODUCTS) }, "/");
  try {
    const send = (body: string) => fetch(`${floor.url}/search`, { method: "POST", body }).then((r) => r.text());
    for (const body of searches) await send(body);
    const ms: number[] = [];
    for (const body of searches) {
      const started = performance.now();
      await send(body);
      ms.push(performance.now() - started);
    }
    ms.sort((a, b) => a - b);
    const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))].toFixed(1);
    const mean = (ms.reduce((sum, t) => sum + t, 0) / ms.length).toFixed(1);
    console.log(`${SEARCHES} searches one at a time, warm: mean ${mean} ms, p50 ${at(0.5)}, p90 ${at(0.9)}, p99 ${at(0.99)}`);
  } finally {
    await stopChild(floor.child);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
