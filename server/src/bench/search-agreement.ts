import { Client } from "pg";
import { entities } from "../app/entities";
import { CatalogService, SearchIndex, indexConnection } from "../modules/products";
import { CANDIDATE_COLUMNS, SEARCH_CANDIDATES, type SearchStats } from "../modules/products/search";
import { searchWords } from "../modules/products/search-words";
import { createCache } from "../platform/cache";
import { createDataSource } from "../platform/db/data-source";
import { keptDatabaseUrl } from "./load";
import { seededRandom, searchVariables } from "./long-tail";
import { backendCpuPerRun, correctedOn, searchCandidates, statsOn, type ShopVariables } from "./search-statement";

/**
 * `node dist-bench/bench/search-agreement.js` (DATABASE_URL set): how often a search's first result
 * is the right one. The first BENCH_SEARCHES (300) searches of the long-tail generator (BENCH_SEED,
 * 11), on the kept database (`ub_bench_kept_<BENCH_PRODUCTS>`), each run three ways through the
 * app's own statement (search-statement.ts):
 * - the app's: the newest SEARCH_CANDIDATES matches ranked;
 * - every match ranked: the right answer, what the bound trades away;
 * - the first SEARCH_CANDIDATES matches one bitmap scan yields (the table's order) ranked: the
 *   candidates before the newest were read month by month.
 * It prints, per kind of search, how many had more matches than the bound, how often each bounded
 * way's first result is the right one (and the two bounded ways' agreement), and the backend's CPU
 * a run of each bounded way costs (backendCpuPerRun, one after the other for each search). Last,
 * the same searches through the catalogue's service twice, answered by the search index
 * (search-index.ts) and by the statement: how often the first result, and the whole page, are the same.
 */
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 300);
const SEED = Number(process.env.BENCH_SEED ?? 11);

type Compared = {
  kinds: string[];
  bounded: boolean;
  appRight: boolean;
  tableOrderRight: boolean;
  tableOrderAsApp: boolean;
  appCpu: number;
  tableOrderCpu: number;
};

/** Every match of a search, in the table's order: bounded by the statement's own LIMIT, or not at all. */
const inTableOrder = (where: string) => `SELECT ${CANDIDATE_COLUMNS} FROM products WHERE ${where}`;

/** The statement without its candidates' bound (the last LIMIT SEARCH_CANDIDATES of the candidate CTE). */
function unbounded(text: string): string {
  const bound = `LIMIT ${SEARCH_CANDIDATES})`;
  const at = text.lastIndexOf(bound);
  if (at < 0) throw new Error(`the search statement no longer bounds its candidates with "${bound}"`);
  return `${text.slice(0, at)})${text.slice(at + bound.length)}`;
}

async function firstResult(client: Client, text: string, values: unknown[]): Promise<{ id: string | null; total: number }> {
  const { rows } = await client.query<{ id: string | null; total: number }>(text, values);
  return { id: rows[0]?.id ?? null, total: rows[0]?.total ?? 0 };
}

async function compare(client: Client, backend: number, stats: SearchStats, variables: ShopVariables): Promise<Compared> {
  const search = variables.filter.search ?? "";
  const corrected = await correctedOn(client, search);
  const { text, values } = searchCandidates(variables, corrected, stats);
  const tableOrder = searchCandidates(variables, corrected, stats, { candidates: inTableOrder });
  const app = await firstResult(client, text, values);
  const every = await firstResult(client, unbounded(tableOrder.text), values);
  const first = await firstResult(client, tableOrder.text, values);
  return {
    kinds: [searchWords(search).length > 1 ? "two words" : "one word", variables.sort === "RELEVANCE" ? "by relevance" : "another sort"],
    bounded: every.total > SEARCH_CANDIDATES,
    appRight: app.id === every.id,
    tableOrderRight: first.id === every.id,
    tableOrderAsApp: first.id === app.id,
    appCpu: await backendCpuPerRun(client, backend, { text, values }),
    tableOrderCpu: await backendCpuPerRun(client, backend, tableOrder),
  };
}

/** How many of the searches the search index answers with the statement's first result, and with its whole page. */
async function indexAgainstStatement(variables: ShopVariables[]) {
  const dataSource = createDataSource(keptDatabaseUrl(PRODUCTS), entities);
  await dataSource.initialize();
  const index = SearchIndex.on(indexConnection(dataSource));
  try {
    global.gc?.();
    const [started, memoryBefore] = [Date.now(), process.memoryUsage()];
    index.start();
    await index.loaded();
    const loadSeconds = (Date.now() - started) / 1000;
    global.gc?.();
    const memoryAfter = process.memoryUsage();
    // what the index keeps: the JS heap (strings, maps) and the typed arrays' buffers
    const keptMB = (memoryAfter.heapUsed + memoryAfter.arrayBuffers - memoryBefore.heapUsed - memoryBefore.arrayBuffers) / 2 ** 20;
    const cache = createCache(undefined, "agreement");
    const [indexed, statement] = [new CatalogService(dataSource, cache, undefined, index), new CatalogService(dataSource, cache)];
    let [first, page] = [0, 0];
    for (const request of variables) {
      const [a, b] = [(await indexed.list(request)).items.map((p) => p.id), (await statement.list(request)).items.map((p) => p.id)];
      if (a[0] === b[0]) first++;
      if (a.join() === b.join()) page++;
    }
    return { first, page, answered: index.answered.here, loadSeconds, keptMB };
  } finally {
    await index.close();
    await dataSource.destroy();
  }
}

async function main() {
  const client = new Client({ connectionString: keptDatabaseUrl(PRODUCTS) });
  await client.connect();
  try {
    const backend = (await client.query<{ pid: number }>(`SELECT pg_backend_pid() AS pid`)).rows[0].pid;
    const random = seededRandom(SEED);
    const stats = await statsOn(client);
    const compared: Compared[] = [];
    const searches = Array.from({ length: SEARCHES }, () => searchVariables(random) as ShopVariables);
    for (const variables of searches) compared.push(await compare(client, backend, stats, variables));
    const share = (rows: Compared[], pick: (c: Compared) => boolean) => {
      const n = rows.filter(pick).length;
      return `${n} (${((100 * n) / Math.max(1, rows.length)).toFixed(0)} %)`;
    };
    const meanCpu = (rows: Compared[], pick: (c: Compared) => number) =>
      (rows.reduce((sum, c) => sum + pick(c), 0) / Math.max(1, rows.length)).toFixed(1);
    console.log(`${SEARCHES} searches at ${PRODUCTS.toLocaleString("en")} listings: the first result against every match ranked\n`);
    console.log(
      `| searches | n | over ${SEARCH_CANDIDATES.toLocaleString("en")} matches | the app's: right | the table's first ${SEARCH_CANDIDATES.toLocaleString("en")}: right | as the app's | CPU ms: the app's | the table's first |`,
    );
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (const kind of ["all", "one word", "two words", "by relevance", "another sort"]) {
      const rows = kind === "all" ? compared : compared.filter((c) => c.kinds.includes(kind));
      const cells = [
        share(rows, (c) => c.bounded),
        share(rows, (c) => c.appRight),
        share(rows, (c) => c.tableOrderRight),
        share(rows, (c) => c.tableOrderAsApp),
        meanCpu(rows, (c) => c.appCpu),
        meanCpu(rows, (c) => c.tableOrderCpu),
      ];
      console.log(`| ${kind} | ${rows.length} | ${cells.join(" | ")} |`);
    }
    const { first, page, answered, loadSeconds, keptMB } = await indexAgainstStatement(searches);
    console.log(
      `\nThe search index (loaded in ${loadSeconds.toFixed(1)} s, ${keptMB.toFixed(0)} MB kept${global.gc ? "" : "; run node with --expose-gc for an exact figure"}) ` +
        `against the statement (${answered} of ${SEARCHES} answered by the index): the same first result ${first}, the same page ${page}.`,
    );
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
