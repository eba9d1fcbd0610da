import { performance } from "node:perf_hooks";
import { entities } from "../app/entities";
import { CatalogService, SearchIndex, indexConnection } from "../modules/products";
import { createCache } from "../platform/cache";
import { createDataSource } from "../platform/db/data-source";
import { keptDatabaseUrl } from "./load";
import { searchVariables, seededRandom, shopPageVariables } from "./long-tail";

/**
 * `node dist-bench/bench/search-index-cpu.js` (DATABASE_URL set): what the search index's own part
 * of a search and of a shop page costs, alone: the kept database's (`ub_bench_kept_<BENCH_PRODUCTS>`)
 * listings loaded into an index, then BENCH_SEARCHES (3,000) searches and as many shop pages of the
 * long-tail generators (BENCH_SEED, 11) through the catalogue's service, ROUNDS times; each round
 * prints the mean time of the index's answers (a search's matches, filters, ranking and cut; a shop
 * page's walk of its sort's order, and each count a filter's first page asks: synchronous work, so
 * its wall time is its CPU), without the request around them or the statements they still send.
 */
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 3_000);
const SEED = Number(process.env.BENCH_SEED ?? 11);
const ROUNDS = 4;

type Answer = (...args: unknown[]) => unknown;
const ANSWERS = ["search", "browse", "count"] as const;

async function main() {
  const dataSource = createDataSource(keptDatabaseUrl(PRODUCTS), entities);
  await dataSource.initialize();
  const index = SearchIndex.on(indexConnection(dataSource));
  try {
    index.start();
    await index.loaded();
    // the index's answers, timed where they are made
    const catalogue = (index as unknown as { catalogue: Record<(typeof ANSWERS)[number], Answer> }).catalogue;
    const timed = Object.fromEntries(ANSWERS.map((name) => [name, { spent: 0, answered: 0 }]));
    for (const name of ANSWERS) {
      const answer = catalogue[name].bind(catalogue);
      catalogue[name] = (...args) => {
        const started = performance.now();
        const found = answer(...args);
        timed[name].spent += performance.now() - started;
        timed[name].answered++;
        return found;
      };
    }
    const catalog = new CatalogService(dataSource, createCache(undefined, "search-index-cpu"), undefined, index);
    const random = seededRandom(SEED);
    const searches = Array.from({ length: SEARCHES }, () => searchVariables(random));
    const shopPages = Array.from({ length: SEARCHES }, () => shopPageVariables(random));
    console.log(`The search index at ${PRODUCTS.toLocaleString("en")} listings, ${SEARCHES} searches and shop pages a round`);
    for (let round = 1; round <= ROUNDS; round++) {
      for (const name of ANSWERS) timed[name] = { spent: 0, answered: 0 };
      for (const variables of [...searches, ...shopPages]) await catalog.list(variables as Parameters<CatalogService["list"]>[0]);
      const each = (name: (typeof ANSWERS)[number]) =>
        `${timed[name].answered} ${name === "search" ? "searches" : name === "browse" ? "shop pages" : "counts"}, ${(timed[name].spent / Math.max(1, timed[name].answered)).toFixed(3)} ms each`;
      console.log(`round ${round}: ${ANSWERS.map(each).join("; ")}`);
    }
  } finally {
    await index.close();
    await dataSource.destroy();
  }
}

void main();
