import type { DataSource } from "typeorm";
import type { SharedCache } from "../../platform/cache";
import { preparedQuery } from "../../platform/db/prepared";
import { CATALOG_CACHE } from "./catalog";
import { ProductSort } from "./listing";

/** How many matches a search ranks (and counts) at most: the newest ones. */
export const SEARCH_CANDIDATES = 1000;

/**
 * A listing's month (UTC), before the words in both search indexes (migration SearchByMonth): a
 * search reads its candidates a month at a time, newest first, so a common word's newest matches
 * come from the index without reading the older ones.
 */
export const LISTED_MONTH = `date_trunc('month', "createdAt" AT TIME ZONE 'UTC')`;
/**
 * The months a one-word search reads one at a time (this one and the two before) before the rest at
 * once; a search of several words, which match together far more rarely, reads this month alone
 * first. Each month's read walks the words' entries in the index again: at a million listings,
 * three months for one word cost less than one bitmap of every match, and for two words one month
 * cost a third less than three (docs/benchmarks.md).
 */
export const SEARCH_MONTHS = 3;

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

/** A word as the search matches it: `known` (listings use it, or it is too short or a number to correct), its tsquery `term`. */
export type WordTerm = { known: boolean; term: string | null };

/** A statement runner answering rows: the app's prepared queries, or a bench's own connection. */
export type RunStatement = (text: string, values: unknown[]) => Promise<object[]>;

type NearWord = { term: string; score: number; edits: number };

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
 * (at most 5). The vocabulary is `search_words` (the search-words migration).
 * - First the words similar to it (KNOWN_OR_SIMILAR).
 * - When none of those is one edit away (short words share few trigrams: "sacrf", "soe", "lapm"),
 *   the words one edit away join them (ONE_EDIT_AWAY, a second statement only then).
 * - When some are at most 2 edits away, only the fewest edits away are kept, so a typo's word does
 *   not bring the neighbours that merely share letters ("poer" finds "power", not "poetry";
 *   "clasic" finds "classic", not "basic").
 * Two small prepared statements rather than one with the choice in SQL: that one took 0.5 ms to
 * plan at every call (PostgreSQL kept custom plans for it), more than the rest of the step.
 */
export async function wordTerm(run: RunStatement, word: string): Promise<WordTerm> {
  const rows = (await run(KNOWN_OR_SIMILAR, [word])) as Array<{ known: boolean; own: string } & Partial<NearWord>>;
  if (rows[0].known) return { known: true, term: rows[0].own };
  let near = rows.flatMap((row) => (row.term ? [row as NearWord] : []));
  if (!near.some((w) => w.edits <= 1)) {
    const similar = new Set(near.map((w) => w.term));
    near = [...near, ...((await run(ONE_EDIT_AWAY, [word])) as NearWord[]).filter((w) => !similar.has(w.term))];
  }
  const fewest = Math.min(...near.map((w) => w.edits));
  const closest = near
    .filter((w) => fewest > 2 || w.edits === fewest)
    .sort((a, b) => b.score - a.score || (a.term < b.term ? -1 : 1))
    .slice(0, 5);
  return { known: false, term: closest.length ? `(${closest.map((w) => w.term).join(" | ")})` : null };
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

/** A search's distinct words, as the corrections take them (anything but a letter or a digit separates). */
export function searchWords(search: string): string[] {
  return [...new Set(search.split(/[^\p{L}\p{N}]+/u).filter(Boolean))];
}

/** Each word's term (wordTerm) joined into the corrected query, or null when every word is known or one has no correction. */
export function correctedQuery(terms: WordTerm[]): string | null {
  if (terms.every((t) => t.known) || terms.some((t) => t.term === null)) return null;
  return terms.map((t) => t.term).join(" & ");
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
  query: PageQuery & { corrected: string | null },
  ranked = query.sort === ProductSort.RELEVANCE,
  candidates: (where: string) => string = (where) => newestMatches(where, monthsFor(query.parameters.search)),
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

/** How many months a search (the filter's `search` parameter) reads one at a time: SEARCH_MONTHS for one word, one for several. */
const monthsFor = (search: unknown) => (typeof search === "string" && searchWords(search).length > 1 ? 1 : SEARCH_MONTHS);

/** What a search's candidates are read with: their sorts' columns, and what ranking them needs. */
export const CANDIDATE_COLUMNS = `id, "createdAt", "pricePaisa", "ratingAverage", "ratingCount", search_vector, name`;

/** The start of the month (UTC) `monthsAgo` months before this one. */
const monthStart = (monthsAgo: number) => `(date_trunc('month', now() AT TIME ZONE 'UTC') - interval '${monthsAgo} months')`;

/**
 * The newest SEARCH_CANDIDATES listings matching `where`, newest first (with what ranking them
 * needs): each of the last `months` months read from the search index by its month, then the
 * listings of any other time at once. The outer LIMIT stops the union as soon as it has enough: at a
 * million listings a common word reads its newest month; a rarer one reads the months and then the
 * rest. (One bitmap of every match yields them in the table's order, oldest first in a live table:
 * its first 1,000 were a broad search's oldest matches.)
 */
export function newestMatches(where: string, months = SEARCH_MONTHS): string {
  const newest = `ORDER BY "createdAt" DESC, id DESC LIMIT ${SEARCH_CANDIDATES}`;
  const byMonth = Array.from(
    { length: months },
    (_, monthsAgo) => `(SELECT ${CANDIDATE_COLUMNS} FROM products WHERE ${where} AND ${LISTED_MONTH} = ${monthStart(monthsAgo)} ${newest})`,
  );
  // before those months, or (a clock set back) after this one: by the date, read through the words' index alone
  const rest = `("createdAt" < ${monthStart(months - 1)} AT TIME ZONE 'UTC' OR "createdAt" >= ${monthStart(-1)} AT TIME ZONE 'UTC')`;
  return [...byMonth, `(SELECT ${CANDIDATE_COLUMNS} FROM products WHERE ${where} AND ${rest} ${newest})`].join(" UNION ALL ");
}

/** A search's page (searchStatement), prepared: the page's ids in order and the candidates' count. */
export async function searchPage(
  dataSource: DataSource,
  query: PageQuery & { corrected: string | null },
): Promise<{ ids: string[]; total: number }> {
  const [text, values] = searchStatement(dataSource.driver, query);
  const rows = await preparedQuery<{ total: number; id: string | null }>(dataSource, text, values);
  return { ids: rows.flatMap((row) => (row.id ? [row.id] : [])), total: rows[0]?.total ?? 0 };
}
