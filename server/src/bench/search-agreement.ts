import { Client } from "pg";
import { SEARCH_CANDIDATES, searchWords } from "../modules/products/search";
import { keptDatabaseUrl } from "./load";
import { seededRandom, searchVariables } from "./long-tail";
import { correctedOn, searchCandidates, type ShopVariables } from "./search-statement";

/**
 * `node dist-bench/bench/search-agreement.js` (DATABASE_URL set): how often a search's first result
 * is the right one. The first BENCH_SEARCHES (300) searches of the long-tail generator (BENCH_SEED,
 * 11), on the kept database (`ub_bench_kept_<BENCH_PRODUCTS>`), each run three ways through the
 * app's own statement (search-statement.ts):
 * - the app's: the first SEARCH_CANDIDATES matches the bitmap yields (the table's order) ranked;
 * - every match ranked: the right answer, what the bound trades away;
 * - the SEARCH_CANDIDATES newest matches ranked.
 * It prints, per kind of search, how many had more matches than the bound and how often each
 * bounded way's first result is the right one (and the two bounded ways' agreement).
 */
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 300);
const SEED = Number(process.env.BENCH_SEED ?? 11);

type Compared = { kinds: string[]; bounded: boolean; appRight: boolean; newestRight: boolean; newestAsApp: boolean };

/** The candidates' bound in the app's statement, replaced by `replacement` (the statement must still have it). */
function rebound(text: string, replacement: string): string {
  const bound = `LIMIT ${SEARCH_CANDIDATES})`;
  if (!text.includes(bound)) throw new Error(`the search statement no longer bounds its candidates with "${bound}"`);
  return text.replace(bound, replacement);
}

async function firstResult(client: Client, text: string, values: unknown[]): Promise<{ id: string | null; total: number }> {
  const { rows } = await client.query<{ id: string | null; total: number }>(text, values);
  return { id: rows[0]?.id ?? null, total: rows[0]?.total ?? 0 };
}

async function compare(client: Client, variables: ShopVariables): Promise<Compared> {
  const search = variables.filter.search ?? "";
  const { text, values } = searchCandidates(variables, await correctedOn(client, search));
  const app = await firstResult(client, text, values);
  const every = await firstResult(client, rebound(text, ")"), values);
  const newest = await firstResult(client, rebound(text, `ORDER BY "createdAt" DESC, id DESC LIMIT ${SEARCH_CANDIDATES})`), values);
  return {
    kinds: [searchWords(search).length > 1 ? "two words" : "one word", variables.sort === "RELEVANCE" ? "by relevance" : "another sort"],
    bounded: every.total > SEARCH_CANDIDATES,
    appRight: app.id === every.id,
    newestRight: newest.id === every.id,
    newestAsApp: newest.id === app.id,
  };
}

async function main() {
  const client = new Client({ connectionString: keptDatabaseUrl(PRODUCTS) });
  await client.connect();
  try {
    const random = seededRandom(SEED);
    const compared: Compared[] = [];
    for (let i = 0; i < SEARCHES; i++) compared.push(await compare(client, searchVariables(random) as ShopVariables));
    const share = (rows: Compared[], pick: (c: Compared) => boolean) => {
      const n = rows.filter(pick).length;
      return `${n} (${((100 * n) / Math.max(1, rows.length)).toFixed(0)} %)`;
    };
    console.log(`${SEARCHES} searches at ${PRODUCTS.toLocaleString("en")} listings: the first result against every match ranked\n`);
    console.log(
      `| searches | n | over ${SEARCH_CANDIDATES.toLocaleString("en")} matches | the app's: right | newest ${SEARCH_CANDIDATES.toLocaleString("en")}: right | newest: as the app's |`,
    );
    console.log("|---|---:|---:|---:|---:|---:|");
    for (const kind of ["all", "one word", "two words", "by relevance", "another sort"]) {
      const rows = kind === "all" ? compared : compared.filter((c) => c.kinds.includes(kind));
      const cells = [
        share(rows, (c) => c.bounded),
        share(rows, (c) => c.appRight),
        share(rows, (c) => c.newestRight),
        share(rows, (c) => c.newestAsApp),
      ];
      console.log(`| ${kind} | ${rows.length} | ${cells.join(" | ")} |`);
    }
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
