import { LRUCache } from "lru-cache";
import type { DataSource } from "typeorm";
import type { SharedCache } from "../../platform/cache";
import { preparedQuery } from "../../platform/db/prepared";
import { CATALOG_CACHE } from "./catalog";
import { ProductSort, SEARCH_CANDIDATES } from "./sorts";
import { closestTerm, correctedQuery, oneEditAwayNeeded, searchWords, type NearWord, type WordTerm } from "./search-words";

export { SEARCH_CANDIDATES };

/**
 * A listing's month (UTC), before the words in both search indexes (migration SearchByMonth): a
 * search reads its candidates a month at a time, newest first, so a common word's newest matches
 * come from the index without reading the older ones.
 */
export const LISTED_MONTH = `date_trunc('month', "createdAt" AT TIME ZONE 'UTC')`;
/**
 * How many of a search's matches the months it reads one at a time should hold, by its estimate
 * (searchMonths), for the newest SEARCH_CANDIDATES to be among them: room for the estimate's error.
 */
const MONTHS_MATCHES = 1.5 * SEARCH_CANDIDATES;
/**
 * The most months a search of one word reads one at a time: each read walks the word's entries in
 * the index again, so past this one read of every match costs less. A search of several words, which
 * match together far more rarely than its rarest alone, reads one month at most (docs/benchmarks-history.md).
 */
const MOST_MONTHS = 3;
/** A month in the listing-rate estimate. */
const MONTH_DAYS = 30;

/**
 * What searchMonths estimates a search's matches from: how many listings the last MONTH_DAYS days
 * brought, and how common the catalogue's words are (PostgreSQL's statistics of search_vector: the most common
 * words, each with the share of listings that use it, and at most `otherShare` for any other word).
 */
export type SearchStats = { monthlyListings: number; shares: ReadonlyMap<string, number>; otherShare: number };

/** The listings of the last MONTH_DAYS days (through the date's index) and search_vector's statistics (none before its first ANALYZE). */
const SEARCH_STATS = `
  SELECT (SELECT count(*) FROM products WHERE "createdAt" >= now() - interval '${MONTH_DAYS} days')::int AS "monthlyListings",
         s.most_common_elems::text::text[] AS words, s.most_common_elem_freqs AS shares
    FROM (SELECT) one
    LEFT JOIN pg_stats s ON s.schemaname = current_schema() AND s.tablename = 'products' AND s.attname = 'search_vector'`;

/** PostgreSQL's default share of rows a text search matches (DEFAULT_TS_MATCH_SEL). */
const DEFAULT_MATCH_SHARE = 0.005;

/**
 * SEARCH_STATS read through `run`. Its share array ends with the least and greatest share (and maybe
 * the null one); a word left out of the list is taken at half the least, at most DEFAULT_MATCH_SHARE,
 * as PostgreSQL's planner takes it.
 */
export async function loadSearchStats(run: RunStatement): Promise<SearchStats> {
  const [row] = (await run(SEARCH_STATS, [])) as Array<{ monthlyListings: number; words: string[] | null; shares: number[] | null }>;
  const words = row.words ?? [];
  const shares = new Map(words.map((word, i) => [word, row.shares?.[i] ?? 0]));
  return { monthlyListings: row.monthlyListings, shares, otherShare: Math.min(DEFAULT_MATCH_SHARE, (row.shares?.[words.length] ?? 0) / 2) };
}

/** How long a process keeps a database's SearchStats before reading them again: they move slowly (an ANALYZE, a month's listings). */
const STATS_TTL_MS = 10 * 60_000;

/**
 * A database's SearchStats as this process keeps them: read at most every STATS_TTL_MS, one read
 * at a time, the kept ones answering while it runs (lru-cache's fetch).
 */
export function keptSearchStats(): (dataSource: DataSource) => Promise<SearchStats> {
  const kept = new LRUCache<"stats", SearchStats, DataSource>({
    max: 1,
    ttl: STATS_TTL_MS,
    allowStale: true,
    fetchMethod: (_key, _stale, { context }) => loadSearchStats((text, values) => preparedQuery<object>(context, text, values)),
  });
  return async (dataSource) => (await kept.fetch("stats", { context: dataSource })) as SearchStats;
}

/**
 * How many months (this one and those before it) a search reads one at a time (newestMatches), or
 * null for one read of every match: the fewest that hold about MONTHS_MATCHES of its matches by the
 * estimate, so a common word reads this month alone and a rarer one every match at once. The
 * estimate: the listings a month brings times the share of listings its rarest word (or
 * correction, its words' shares summed) is in. Filters are left out, so it errs high, which costs
 * a later read, never a wrong answer. Without statistics (a table never analysed) this month alone.
 */
export function searchMonths(stats: SearchStats, search: string, corrected: string | null, now: Date): number | null {
  if (!stats.shares.size) return 1;
  const share = (word: string) => stats.shares.get(word) ?? stats.otherShare;
  const words = searchWords(search.toLowerCase());
  const typed = Math.min(...words.map(share));
  // a correction's words, by its groups: "('lamp' | 'lamps') & 'desk'"
  const groups = (corrected ?? "").split("&").map((group) => [...group.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1].replace(/''/g, "'")));
  const fixed = corrected ? Math.min(...groups.map((terms) => terms.reduce((sum, term) => sum + share(term), 0))) : 0;
  const monthly = stats.monthlyListings * Math.max(typed, fixed);
  const thisMonth = (now.getTime() - Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)) / (MONTH_DAYS * 86_400_000);
  for (let months = 1; months <= (words.length > 1 ? 1 : MOST_MONTHS); months++)
    if (monthly * (thisMonth + months - 1) >= MONTHS_MATCHES) return months;
  return null;
}

/**
 * How well a listing matches :search, given `matched`, the tsquery it was found by (the words as
 * typed, or with their corrections): full-text rank of those words (a name's words weigh more than a
 * description's, for a typo too: the corrected words rank it) plus how much of the name the words
 * typed cover (pg_trgm's similarity: "calculator" beats "calculator manual"). pg_trgm folds case
 * itself (as lower() does), so the name is compared as stored. word_similarity (the typed words
 * matched inside the name) is left out: once the corrected words are ranked it changed almost no
 * first page, and it cost two thirds of the ranking (2.2 of 3.3 µs a candidate).
 */
export const relevance = (matched: string) => `ts_rank(search_vector, ${matched}) + similarity(:search, name)`;

/** How long a word's correction is kept; a product write (which may bring new words) drops it sooner. */
const CORRECTION_TTL_SECONDS = 60;

/** A statement runner answering rows: the app's prepared queries, or a bench's own connection. */
export type RunStatement = (text: string, values: unknown[]) => Promise<object[]>;

/**
 * Whether a word is known (with its own term) and, when not, the known words similar to it as a
 * whole (pg_trgm's `%`: "zylofonic" finds "zylophonic") or as a part (`<%`: "calcu" finds
 * "calculator"), through the vocabulary's trigram index, with their edits (search_edits, the
 * search-edits migration).
 */
const KNOWN_OR_SIMILAR = `
  SELECT k.known, k.own, near.term, near.score, near.edits
    FROM (SELECT NOT search_word_kept($1) OR EXISTS (SELECT 1 FROM search_words WHERE word = $1) AS known, search_term($1) AS own) k
    LEFT JOIN LATERAL (
      SELECT search_term(word) AS term, greatest(similarity($1, word), word_similarity($1, word)) AS score, search_edits($1, word) AS edits
        FROM search_words WHERE NOT k.known AND ($1 % word OR $1 <% word)
       ORDER BY score DESC, word LIMIT 10) near ON true`;

/**
 * The known words of about a word's length one edit away: levenshtein and the swaps tested inline
 * (as a search_edits call a word they cost 6 times as much), the cheap length test first (CASE
 * keeps the order; levenshtein refuses strings over 255 characters).
 */
const ONE_EDIT_AWAY = `
  SELECT search_term(word) AS term, similarity($1, word) AS score, search_edits($1, word) AS edits
    FROM search_words
   WHERE CASE WHEN length($1) <= 255 AND length(word) BETWEEN length($1) - 1 AND length($1) + 1
              THEN levenshtein_less_equal($1, word, 1) <= 1 OR word IN (SELECT search_swaps($1))
              ELSE false END`;

/**
 * One word as the search matches it: itself when known, else the known words closest to it ORed
 * (closestTerm). The vocabulary is `search_words` (the search-words migration).
 * - First the words similar to it (KNOWN_OR_SIMILAR).
 * - When none of those is one edit away (short words share few trigrams: "sacrf", "soe", "lapm"),
 *   the words one edit away join them (ONE_EDIT_AWAY, a second statement only then).
 * Two small prepared statements rather than one with the choice in SQL: that one took 0.5 ms to
 * plan at every call (PostgreSQL kept custom plans for it), more than the rest of the step.
 */
export async function wordTerm(run: RunStatement, word: string): Promise<WordTerm> {
  const rows = (await run(KNOWN_OR_SIMILAR, [word])) as Array<{ known: boolean; own: string } & Partial<NearWord>>;
  if (rows[0].known) return { known: true, term: rows[0].own };
  const similar = rows.flatMap((row) => (row.term ? [row as NearWord] : []));
  return closestTerm(similar, oneEditAwayNeeded(similar) ? ((await run(ONE_EDIT_AWAY, [word])) as NearWord[]) : []);
}

/**
 * A search's words corrected, as tsquery text that every word must match (AND), or null when
 * nothing needs correcting (every word known) or nothing can (a word has no close known word): the
 * search then matches the words as typed only. Each word's term is kept in the catalogue's cache, so
 * a search never made before, of words seen before, costs no statement here; a word never seen
 * before (most typos) costs one or two prepared statements, planned once per connection.
 */
export async function corrections(dataSource: DataSource, cache: SharedCache, search: string): Promise<string | null> {
  const words = searchWords(search);
  const run: RunStatement = (text, values) => preparedQuery<object>(dataSource, text, values);
  const terms = await Promise.all(
    words.map((word) => cache.remember(CATALOG_CACHE, `word:${word}`, CORRECTION_TTL_SECONDS, () => wordTerm(run, word))),
  );
  return correctedQuery(terms);
}

/**
 * One page of the catalogue asked of the database: the filters (unqualified SQL conditions over
 * products, named parameters), the sort, a keyset condition after a cursor, and the cut.
 */
export type PageQuery = {
  conditions: string[];
  parameters: Record<string, unknown>;
  sort: ProductSort;
  keyset: string | null;
  offset: number;
  limit: number;
};

/** A page of a search: its corrected words (corrections) and the months it reads one at a time (searchMonths). */
export type SearchQuery = PageQuery & { corrected: string | null; months: number | null };

/** A candidate's order for each sort (NEWEST's order ends every sort, as in orderSql). */
export const CANDIDATE_ORDER: Record<ProductSort, string> = {
  [ProductSort.NEWEST]: `"createdAt" DESC, id DESC`,
  [ProductSort.PRICE_ASC]: `"pricePaisa" ASC, "createdAt" DESC, id DESC`,
  [ProductSort.PRICE_DESC]: `"pricePaisa" DESC, "createdAt" DESC, id DESC`,
  [ProductSort.RATING]: `"ratingAverage" DESC, "ratingCount" DESC, "createdAt" DESC, id DESC`,
  [ProductSort.RELEVANCE]: `relevance DESC, "createdAt" DESC, id DESC`,
};

/** What turns a statement's named parameters into positional ones: the app's driver (TypeORM's PostgreSQL driver). */
export type ParameterEscaper = Pick<DataSource["driver"], "escapeQueryWithParameters">;

/**
 * One page of a search and its count from one statement, so a search nobody made before costs one
 * bounded read: the listings that match its words as typed (websearch syntax) or, corrected
 * (`corrected`, see corrections), their closest known words, and the filters (unqualified
 * `conditions`), the newest SEARCH_CANDIDATES of them (`candidates`: newestMatches; the bench reads
 * others through it), with their relevance to `:search` when ranked (by default when sorted by
 * relevance); the page is sorted and cut among those candidates, and the count is theirs (a lower
 * bound when it reaches SEARCH_CANDIDATES). `keyset` (over `p`, a candidate) continues after a
 * cursor. Answers the statement's text and positional values: one text per filter set, sort and
 * one word or more, the search words, offset and limit its parameters.
 */
export function searchStatement(
  driver: ParameterEscaper,
  query: SearchQuery,
  ranked = query.sort === ProductSort.RELEVANCE,
  candidates: (where: string) => string = (where) => newestMatches(where, query.months),
): [string, unknown[]] {
  const typed = `websearch_to_tsquery('simple', :search)`;
  const matched = query.corrected ? `(${typed} || :corrected::tsquery)` : typed;
  const sql = `
    WITH candidate AS MATERIALIZED (
      SELECT id, "createdAt", "pricePaisa", "ratingAverage", "ratingCount", ${ranked ? relevance(matched) : "0"} AS relevance
        FROM (${candidates([`search_vector @@ ${matched}`, `"deletedAt" IS NULL`, ...query.conditions].join(" AND "))}) products
       LIMIT ${SEARCH_CANDIDATES})
    SELECT counted.total, page.id
      FROM (SELECT count(*)::int AS total FROM candidate) counted
      LEFT JOIN LATERAL (
        SELECT id, row_number() OVER (ORDER BY ${CANDIDATE_ORDER[query.sort]}) AS position
          FROM candidate p ${query.keyset ? `WHERE ${query.keyset}` : ""}
         ORDER BY ${CANDIDATE_ORDER[query.sort]} OFFSET :offset LIMIT :limit) page ON true
     ORDER BY page.position`;
  return driver.escapeQueryWithParameters(sql, {
    ...query.parameters,
    corrected: query.corrected,
    offset: query.offset,
    limit: query.limit,
  });
}

/** What a search's candidates are read with: their sorts' columns, and what ranking them needs. */
export const CANDIDATE_COLUMNS = `id, "createdAt", "pricePaisa", "ratingAverage", "ratingCount", search_vector, name`;

/** The start of the month (UTC) `monthsAgo` months before this one. */
const monthStart = (monthsAgo: number) => `(date_trunc('month', now() AT TIME ZONE 'UTC') - interval '${monthsAgo} months')`;

/**
 * The newest SEARCH_CANDIDATES listings matching `where`, newest first (with what ranking them
 * needs): each of the last `months` months (searchMonths) read from the search index by its month,
 * then the listings of any other time at once through the words alone; null reads every match at
 * once. The outer LIMIT stops the union as soon as it has enough: at a million listings a common
 * word reads its newest month. (One bitmap of every match yields them in the table's order, oldest
 * first in a live table: its first 1,000 were a broad search's oldest matches.)
 */
export function newestMatches(where: string, months: number | null): string {
  const read = (condition: string) =>
    `(SELECT ${CANDIDATE_COLUMNS} FROM products WHERE ${where}${condition} ORDER BY "createdAt" DESC, id DESC LIMIT ${SEARCH_CANDIDATES})`;
  if (months === null) return read("");
  const byMonth = Array.from({ length: months }, (_, monthsAgo) => read(` AND ${LISTED_MONTH} = ${monthStart(monthsAgo)}`));
  // before those months, or (a clock set back) after this one
  const rest = ` AND ("createdAt" < ${monthStart(months - 1)} AT TIME ZONE 'UTC' OR "createdAt" >= ${monthStart(-1)} AT TIME ZONE 'UTC')`;
  return [...byMonth, read(rest)].join(" UNION ALL ");
}

/** A search's page (searchStatement), prepared: the page's ids in order and the candidates' count. */
export async function searchPage(dataSource: DataSource, query: SearchQuery): Promise<{ ids: string[]; total: number }> {
  const [text, values] = searchStatement(dataSource.driver, query);
  const rows = await preparedQuery<{ total: number; id: string | null }>(dataSource, text, values);
  return { ids: rows.flatMap((row) => (row.id ? [row.id] : [])), total: rows[0]?.total ?? 0 };
}
