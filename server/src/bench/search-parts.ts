import { Client } from "pg";
import { correctedQuery, postingWords, searchWords, wordTerm, type SearchTerms } from "../modules/products/search";
import { seededRandom, searchVariables } from "./long-tail";
import { searchCandidates, type ShopVariables } from "./search-statement";

/**
 * `node dist-bench/bench/search-parts.js` (DATABASE_URL set): where a long-tail search's time goes
 * in PostgreSQL, and what the word index changed. The first BENCH_SEARCHES (500) searches of the
 * long tail's generator (BENCH_SEED, 2: the load bench's searches), on the kept database
 * (`ub_bench_kept_<BENCH_PRODUCTS>`), each one's candidate statement (the app's own, through
 * search-statement.ts) as the app runs it now and with the full-text index only (the statement
 * before the word index), each run once to warm and once measured under EXPLAIN ANALYZE, and for
 * the relevance-sorted ones again without ranking. Means over each kind of search, in ms of one
 * backend alone (EXPLAIN's own timing included): the statement, its index part (the GIN bitmap, or
 * the word index's postings read), the ranking, and the rest (table rows, counting, the page). Then
 * the agreement: how many searches have the same first result both ways.
 */
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1_000_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 500);
const SEED = Number(process.env.BENCH_SEED ?? 2);

type PlanNode = { "Node Type": string; "Index Name"?: string; "Actual Total Time": number; "Actual Rows": number; Plans?: PlanNode[] };
type Run = { total: number; index: number; ranking: number; matches: number; first: string | null; count: number };
type Measured = { kinds: string[]; before: Run; after: Run };

function nodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodes)];
}

async function explain(client: Client, statement: { text: string; values: unknown[] }) {
  // run once plainly: it warms the pages and gives the first result and the count
  const { rows: answer } = await client.query<{ total: number; id: string | null }>(statement.text, statement.values);
  const [
    {
      "QUERY PLAN": [plan],
    },
  ] = (await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`, statement.values)).rows;
  const all = nodes(plan.Plan as PlanNode);
  // the GIN bitmap (an AND of the category's and the words' entries, or one index's), or the postings' index scans
  const bitmap = all.find((n) => n["Node Type"].startsWith("Bitmap") && n["Node Type"] !== "Bitmap Heap Scan");
  const postings = all.filter((n) => n["Index Name"] === "search_postings_newest_idx");
  const index = bitmap ? [bitmap] : postings;
  return {
    total: plan["Execution Time"] as number,
    index: index.reduce((sum, n) => sum + n["Actual Total Time"], 0),
    matches: index.reduce((sum, n) => sum + n["Actual Rows"], 0),
    first: answer[0]?.id ?? null,
    count: answer[0]?.total ?? 0,
  };
}

async function run(client: Client, variables: ShopVariables, terms: SearchTerms): Promise<Run> {
  const ranked = await explain(client, searchCandidates(variables, terms));
  const unranked = variables.sort === "RELEVANCE" ? await explain(client, searchCandidates(variables, terms, { ranked: false })) : ranked;
  return { ...ranked, index: unranked.index, ranking: ranked.total - unranked.total };
}

async function measure(client: Client, variables: ShopVariables): Promise<Measured> {
  const text = variables.filter.search ?? "";
  const terms = [];
  for (const word of searchWords(text))
    terms.push(await wordTerm(async (statement, values) => (await client.query(statement, values)).rows, word));
  const corrected = correctedQuery(terms);
  const postings = postingWords(text, terms);
  const kinds = [
    terms.length === 1 ? "one word" : "two words",
    corrected ? "corrected" : "as typed",
    variables.filter.category ? "within a category" : "all categories",
    variables.sort === "RELEVANCE" ? "by relevance" : "another sort",
    postings ? "word index" : "full-text index",
  ];
  return {
    kinds,
    before: await run(client, variables, { corrected, postings: null }),
    after: await run(client, variables, { corrected, postings }),
  };
}

async function main() {
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/ub_bench_kept_${PRODUCTS}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const random = seededRandom(SEED);
    const measured: Measured[] = [];
    for (let i = 0; i < SEARCHES; i++) measured.push(await measure(client, searchVariables(random) as ShopVariables));
    const kinds = ["all", "one word", "two words", "corrected", "within a category", "by relevance", "another sort", "word index"];
    const mean = (rows: Measured[], pick: (m: Measured) => number) => (rows.reduce((sum, m) => sum + pick(m), 0) / rows.length).toFixed(1);
    const cells = (rows: Measured[], side: "before" | "after") => [
      mean(rows, (m) => m[side].total),
      mean(rows, (m) => m[side].index),
      mean(rows, (m) => m[side].ranking),
      mean(rows, (m) => m[side].total - m[side].index - m[side].ranking),
      Math.round(Number(mean(rows, (m) => m[side].matches))),
    ];
    console.log(`${SEARCHES} searches at ${PRODUCTS.toLocaleString("en")} listings, ms (means); before: the full-text index only\n`);
    console.log(
      "| searches | n | before: statement | index | ranking | rest | index entries | now: statement | index | ranking | rest | index entries | same first result |",
    );
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const kind of kinds) {
      const rows = kind === "all" ? measured : measured.filter((m) => m.kinds.includes(kind));
      if (!rows.length) continue;
      const same = rows.filter((m) => m.before.first === m.after.first).length;
      const agreement = `${same} (${((100 * same) / rows.length).toFixed(1)} %)`;
      console.log(
        `| ${kind} | ${rows.length} | ${cells(rows, "before").join(" | ")} | ${cells(rows, "after").join(" | ")} | ${agreement} |`,
      );
    }
    // where the first results differ: a search with more matches than candidates takes other candidates
    const differing = measured.filter((m) => m.before.first !== m.after.first);
    const over = differing.filter((m) => m.before.count >= 1000).length;
    console.log(`\nfirst results differing: ${differing.length}, of which ${over} with more matches than the candidates read (1,000)`);
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
