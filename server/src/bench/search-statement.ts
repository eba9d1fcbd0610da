import type { Client } from "pg";
import { DataSource } from "typeorm";
import { statementName } from "../platform/db/prepared";
import { filterConditions, ProductSort } from "../modules/products/listing";
import { correctedQuery, searchWords } from "../modules/products/search-words";
import { loadSearchStats, searchStatement, searchMonths, wordTerm, type SearchStats } from "../modules/products/search";
import { cpuSeconds } from "./load";

/**
 * The app's own statements for a long-tail request (its filter conditions, its search statement),
 * with positional parameters for the floor's handlers (floor.ts) and for taking a search apart
 * (search-parts.ts): the bench measures what the app runs, not a copy.
 */

export type ShopVariables = {
  filter: { category?: string; color?: string; minPrice?: number; maxPrice?: number; search?: string };
  sort: ProductSort;
  page: number;
  pageSize: number;
};

/** The app's PostgreSQL driver, for its parameter escaping only: it never connects. */
const driver = new DataSource({ type: "postgres" }).driver;

/** The filters as the app's conditions over the undeleted products (unqualified columns), positional from $1. */
export function filterWhere(filter: ShopVariables["filter"]): { where: string; values: unknown[] } {
  const { conditions, parameters } = filterConditions({ ...filter, search: undefined });
  const [where, values] = driver.escapeQueryWithParameters([`"deletedAt" IS NULL`, ...conditions].join(" AND "), parameters);
  return { where, values };
}

/**
 * The first page of a search as the app's searchPage runs it (searchStatement): up to
 * SEARCH_CANDIDATES matches (the newest, their months read one at a time chosen from `stats` as the
 * app chooses them, or `candidates`) read once (ranked when the sort is relevance, unless `ranked: false`), counted, and
 * the first page's ids in order.
 */
export function searchCandidates(
  { filter, sort, pageSize }: ShopVariables,
  corrected: string | null,
  stats: SearchStats,
  options: { ranked?: boolean; candidates?: (where: string) => string } = {},
): { text: string; values: unknown[] } {
  const { conditions, parameters } = filterConditions(filter);
  const query = {
    conditions,
    parameters: { ...parameters, search: filter.search ?? "" },
    sort,
    keyset: null,
    offset: 0,
    limit: pageSize + 1,
  };
  const [text, values] = searchStatement(
    driver,
    { ...query, corrected, months: searchMonths(stats, filter.search ?? "", corrected, new Date()) },
    sort === ProductSort.RELEVANCE && options.ranked !== false,
    options.candidates,
  );
  return { text, values };
}

/** A search's corrected words (the app's corrections, asked of `client` without the cache), or null when none is needed. */
export async function correctedOn(client: Client, search: string): Promise<string | null> {
  const terms = [];
  for (const word of searchWords(search))
    terms.push(await wordTerm(async (statement, values) => (await client.query(statement, values)).rows as object[], word));
  return correctedQuery(terms);
}

/** What the app chooses a search's months read one at a time from (loadSearchStats), asked of `client`. */
export const statsOn = (client: Pick<Client, "query">): Promise<SearchStats> =>
  loadSearchStats(async (statement, values) => (await client.query(statement, values)).rows as object[]);

/** How often a statement runs before it is measured: PostgreSQL plans a prepared statement 5 times before it weighs a generic plan. */
const WARM_RUNS = 6;

/**
 * The CPU ms (user + system, from /proc) one run of `statement` costs the backend `backend` that
 * `client` talks to, as the app runs it: a named prepared statement, past its first plans, `rounds` runs.
 */
export async function backendCpuPerRun(client: Client, backend: number, statement: { text: string; values: unknown[] }, rounds = 5) {
  const query = { name: statementName(statement.text), text: statement.text, values: statement.values };
  for (let i = 0; i < WARM_RUNS; i++) await client.query(query);
  const before = cpuSeconds([backend]);
  for (let i = 0; i < rounds; i++) await client.query(query);
  return ((cpuSeconds([backend]) - before) * 1000) / rounds;
}
