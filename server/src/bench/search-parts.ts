import { Client } from "pg";
import type { SearchStats } from "../modules/products/search";
import { searchWords } from "../modules/products/search-words";
import { keptDatabaseUrl } from "./load";
import { seededRandom, searchVariables } from "./long-tail";
import { backendCpuPerRun, correctedOn, searchCandidates, statsOn, type ShopVariables } from "./search-statement";

/**
 * `node dist-bench/bench/search-parts.js` (DATABASE_URL set): where a long-tail search's time goes
 * in PostgreSQL. The first BENCH_SEARCHES (200) searches of the generator (BENCH_SEED, 11), on the
 * kept database (`ub_bench_kept_<BENCH_PRODUCTS>`), each one's candidate statement (the app's own,
 * through search-statement.ts) run once to warm and once measured under EXPLAIN ANALYZE, and
 * for the relevance-sorted ones again without ranking: the GIN index's bitmaps (one a month read),
 * the table rows read for the candidates (with the filters), the ranking, the rest (counting,
 * sorting the page). Means
 * over each kind of search, in ms of one backend alone (EXPLAIN's own timing included), and how
 * many searches found nothing. CPU: the backend's own CPU ms a run of the statement, prepared as
 * the app prepares it (backendCpuPerRun: PostgreSQL on this machine), which the machine's other load
 * inflates far less than the times.
 */
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 200);
const SEED = Number(process.env.BENCH_SEED ?? 11);

type PlanNode = { "Node Type": string; "Actual Total Time": number; "Actual Rows": number; Plans?: PlanNode[] };
type Parts = {
  kinds: string[];
  cpu: number;
  total: number;
  bitmap: number;
  heap: number;
  ranking: number;
  matches: number;
  found: boolean;
};

function nodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodes)];
}

async function explain(client: Client, statement: { text: string; values: unknown[] }) {
  const sql = `EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`;
  // run once plainly: it warms the pages and tells whether the search found anything
  const { rows: answer } = await client.query<{ total: number }>(statement.text, statement.values);
  const [
    {
      "QUERY PLAN": [plan],
    },
  ] = (await client.query(sql, statement.values)).rows;
  // each month read is a Bitmap Heap Scan over its bitmap (an AND of the category's, the month's
  // and the words' entries, in one index); the months never reached did not run (0 ms, 0 rows)
  const heaps = nodes(plan.Plan as PlanNode).filter((n) => n["Node Type"] === "Bitmap Heap Scan");
  const bitmaps = heaps.flatMap((heap) => heap.Plans ?? []);
  const sum = (rows: PlanNode[], pick: (n: PlanNode) => number) => rows.reduce((total, n) => total + pick(n), 0);
  const bitmap = sum(bitmaps, (n) => n["Actual Total Time"]);
  return {
    total: plan["Execution Time"] as number,
    bitmap,
    heap: sum(heaps, (n) => n["Actual Total Time"]) - bitmap,
    matches: sum(bitmaps, (n) => n["Actual Rows"]),
    found: (answer[0]?.total ?? 0) > 0,
  };
}

async function parts(client: Client, backend: number, stats: SearchStats, variables: ShopVariables): Promise<Parts> {
  const text = variables.filter.search ?? "";
  const words = searchWords(text);
  const corrected = await correctedOn(client, text);
  const ranked = await explain(client, searchCandidates(variables, corrected, stats));
  const unranked =
    variables.sort === "RELEVANCE" ? await explain(client, searchCandidates(variables, corrected, stats, { ranked: false })) : ranked;
  const kinds = [
    words.length === 1 ? "one word" : "two words",
    corrected ? "corrected" : "as typed",
    variables.filter.category ? "within a category" : "all categories",
    variables.sort === "RELEVANCE" ? "by relevance" : "another sort",
  ];
  return {
    kinds,
    cpu: await backendCpuPerRun(client, backend, searchCandidates(variables, corrected, stats)),
    total: ranked.total,
    bitmap: unranked.bitmap,
    heap: unranked.heap,
    ranking: ranked.total - unranked.total,
    matches: ranked.matches,
    found: ranked.found,
  };
}

async function main() {
  const client = new Client({ connectionString: keptDatabaseUrl(PRODUCTS) });
  await client.connect();
  try {
    const backend = (await client.query<{ pid: number }>(`SELECT pg_backend_pid() AS pid`)).rows[0].pid;
    const random = seededRandom(SEED);
    const stats = await statsOn(client);
    const measured: Parts[] = [];
    for (let i = 0; i < SEARCHES; i++) measured.push(await parts(client, backend, stats, searchVariables(random) as ShopVariables));
    const kinds = [
      "all",
      "one word",
      "two words",
      "as typed",
      "corrected",
      "all categories",
      "within a category",
      "by relevance",
      "another sort",
    ];
    const mean = (rows: Parts[], pick: (p: Parts) => number) => (rows.reduce((sum, p) => sum + pick(p), 0) / rows.length).toFixed(1);
    console.log(`${SEARCHES} searches at ${PRODUCTS.toLocaleString("en")} listings, ms (means)\n`);
    console.log("| searches | n | CPU | statement | index bitmap | table rows | ranking | rest | bitmap entries | found nothing |");
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const kind of kinds) {
      const rows = kind === "all" ? measured : measured.filter((m) => m.kinds.includes(kind));
      const rest = (p: Parts) => p.total - p.bitmap - p.heap - p.ranking;
      const cells = [
        mean(rows, (p) => p.cpu),
        mean(rows, (p) => p.total),
        mean(rows, (p) => p.bitmap),
        mean(rows, (p) => p.heap),
        mean(rows, (p) => p.ranking),
        mean(rows, rest),
      ];
      const nothing = rows.filter((p) => !p.found).length;
      console.log(`| ${kind} | ${rows.length} | ${cells.join(" | ")} | ${Math.round(Number(mean(rows, (p) => p.matches)))} | ${nothing} |`);
    }
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
