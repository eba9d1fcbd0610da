import { performance } from "node:perf_hooks";
import { entities } from "../app/entities";
import { CatalogService, SearchIndex, indexConnection } from "../modules/products";
import { createCache } from "../platform/cache";
import { createDataSource } from "../platform/db/data-source";
import { keptDatabaseUrl } from "./load";
import { seededRandom, searchVariables } from "./long-tail";

/**
 * `node dist-bench/bench/search-index-cpu.js` (DATABASE_URL set): what the search index's own part
 * of a search costs, alone: the kept database's (`ub_bench_kept_<BENCH_PRODUCTS>`) listings loaded
 * into an index, then BENCH_SEARCHES (3,000) searches of the long-tail generator (BENCH_SEED, 11)
 * through the catalogue's service, ROUNDS times; each round prints the mean time of the index's
 * answer (its matches, filters, ranking and cut: synchronous work, so its wall time is its CPU),
 * without the request around it or the statements it still sends.
 */
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 3_000);
const SEED = Number(process.env.BENCH_SEED ?? 11);
const ROUNDS = 4;

type Answering = { search: (...args: unknown[]) => unknown };

async function main() {
  const dataSource = createDataSource(keptDatabaseUrl(PRODUCTS), entities);
  await dataSource.initialize();
  const index = SearchIndex.on(indexConnection(dataSource));
  try {
    index.start();
    await index.loaded();
    // the index's answer, timed where it is made
    const catalogue = (index as unknown as { catalogue: Answering }).catalogue;
    const answer = catalogue.search.bind(catalogue);
    let [spent, answered] = [0, 0];
    catalogue.search = (...args) => {
      const started = performance.now();
      const found = answer(...args);
      spent += performance.now() - started;
      answered++;
      return found;
    };
    const catalog = new CatalogService(dataSource, createCache(undefined, "search-index-cpu"), undefined, index);
    const random = seededRandom(SEED);
    const searches = Array.from({ length: SEARCHES }, () => searchVariables(random));
    console.log(`The search index at ${PRODUCTS.toLocaleString("en")} listings, ${SEARCHES} searches a round`);
    for (let round = 1; round <= ROUNDS; round++) {
      [spent, answered] = [0, 0];
      for (const variables of searches) await catalog.list(variables as Parameters<CatalogService["list"]>[0]);
      console.log(`round ${round}: ${answered} answered by the index, ${(spent / Math.max(1, answered)).toFixed(3)} ms each`);
    }
  } finally {
    await index.close();
    await dataSource.destroy();
  }
}

void main();
