import type { DataSource } from "typeorm";
import type { SharedCache } from "../../platform/cache";
import { preparedQuery } from "../../platform/db/prepared";
import { CATALOG_CACHE } from "./catalog";
import { CATEGORY_CONDITION, ProductSort } from "./listing";

/** How many matches a search ranks (and counts) at most. */
export const SEARCH_CANDIDATES = 1000;

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

/**
 * A word as the search matches it: `known` (listings use it, or it is too short or a number to
 * correct), its tsquery `term`, and the `words` of the word index (search_postings) that term
 * matches: the word itself or its corrections; null when the index does not hold it (too short, a
 * number).
 */
export type WordTerm = { known: boolean; term: string | null; words: string[] | null };

/** A statement runner answering rows: the app's prepared queries, or a bench's own connection. */
export type RunStatement = (text: string, values: unknown[]) => Promise<object[]>;

type NearWord = { word: string; term: string; score: number; edits: number };

/**
 * Whether a word is known (with its own term) and, when not, the known words similar to it as a
 * whole (pg_trgm's `%`: "zylofonic" finds "zylophonic") or as a part (`<%`: "calcu" finds
 * "calculator"), through the vocabulary's trigram index, with their edits (search_edits, the
 * search-edits migration).
 */
const KNOWN_OR_SIMILAR = `
  SELECT k.known, k.kept, k.own, near.word, near.term, near.score, near.edits
    FROM (SELECT NOT search_word_kept($1) OR EXISTS (SELECT 1 FROM search_words WHERE word = $1) AS known, search_word_kept($1) AS kept, search_term($1) AS own) k
    LEFT JOIN LATERAL (
      SELECT word, search_term(word) AS term, greatest(similarity($1, word), word_similarity($1, word)) AS score, search_edits($1, word) AS edits
        FROM search_words WHERE NOT k.known AND ($1 % word OR $1 <% word)
       ORDER BY score DESC, word LIMIT 10) near ON true`;

/**
 * The known words of about a word's length one edit away: levenshtein and the swaps tested inline
 * (as a search_edits call a word they cost 6 times as much), the cheap length test first (CASE
 * keeps the order; levenshtein refuses strings over 255 characters).
 */
const ONE_EDIT_AWAY = `
  SELECT word, search_term(word) AS term, similarity($1, word) AS score, search_edits($1, word) AS edits
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
  const rows = (await run(KNOWN_OR_SIMILAR, [word])) as Array<{ known: boolean; kept: boolean; own: string } & Partial<NearWord>>;
  if (rows[0].known) return { known: true, term: rows[0].own, words: rows[0].kept ? [word] : null };
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
  // the typed word too: the search matches it as typed or corrected
  return {
    known: false,
    term: closest.length ? `(${closest.map((w) => w.term).join(" | ")})` : null,
    words: [word, ...closest.map((w) => w.word)],
  };
}

/** A search's distinct words, as the correction step takes them. */
export const searchWords = (search: string) => [...new Set(search.split(/[^\p{L}\p{N}]+/u).filter(Boolean))];

/**
 * What a search matches: `corrected` (correctedQuery) and `postings`, the words of the word index a
 * one-word search reads instead of the full-text index (postingWords).
 */
export type SearchTerms = { corrected: string | null; postings: string[] | null };

/**
 * A search's words corrected (correctedQuery) and its word-index words (postingWords). Each word's
 * term is kept in the catalogue's cache, so a search never made before, of words seen before, costs
 * no statement here; a word never seen before (most typos) costs one or two prepared statements,
 * planned once per connection.
 */
export async function corrections(dataSource: DataSource, cache: SharedCache, search: string): Promise<SearchTerms> {
  const run: RunStatement = (text, values) => preparedQuery<object>(dataSource, text, values);
  const terms = await Promise.all(
    searchWords(search).map((word) => cache.remember(CATALOG_CACHE, `word:${word}`, CORRECTION_TTL_SECONDS, () => wordTerm(run, word))),
  );
  return { corrected: correctedQuery(terms), postings: postingWords(search, terms) };
}

/**
 * A search's words corrected, as tsquery text that every word must match (AND), or null when
 * nothing needs correcting (every word known) or nothing can (a word has no close known word): the
 * search then matches the words as typed only.
 */
export function correctedQuery(terms: WordTerm[]): string | null {
  if (terms.every((t) => t.known) || terms.some((t) => t.term === null)) return null;
  return terms.map((t) => t.term).join(" & ");
}

/**
 * The word index's words a search matches exactly (the word typed, or it and its corrections), when
 * the search is one plain word the index holds; else null (two words, websearch syntax, a short word
 * or a number): the full-text index answers. ASCII only: the full-text parser's idea of a letter
 * elsewhere follows the server's locale, so another script's word may not be one lexeme.
 */
export function postingWords(search: string, terms: WordTerm[]): string[] | null {
  return terms.length === 1 && /^[a-z0-9]+$/.test(search) ? (terms[0].words ?? null) : null;
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
 * One page of a search and its count from one bounded read: up to SEARCH_CANDIDATES listings that
 * match its words as typed (websearch syntax) or, corrected (`corrected`, see corrections), their
 * closest known words, and the filters (unqualified `conditions`), with their relevance to
 * `:search` when ranked (by default when sorted by relevance); the page is sorted and cut among
 * those candidates, and the count is theirs (a lower bound when it reaches SEARCH_CANDIDATES).
 * `keyset` (over `p`, a candidate) continues after a cursor. Which candidates:
 * - one plain word (`postings`, see postingWords): the newest matches, read from the word index
 *   (search_postings) newest first until enough pass the filters;
 * - any other search: the first matches the full-text index finds (in the table's order).
 * Answers the statement's text and positional values: one text per filter set, sort and number of
 * posting words, the search words, offset and limit its parameters.
 */
export function searchStatement(
  driver: ParameterEscaper,
  query: PageQuery & SearchTerms,
  ranked = query.sort === ProductSort.RELEVANCE,
): [string, unknown[]] {
  const typed = `websearch_to_tsquery('simple', :search)`;
  const matched = query.corrected ? `(${typed} || :corrected::tsquery)` : typed;
  const columns = `id, "createdAt", "pricePaisa", "ratingAverage", "ratingCount", ${ranked ? relevance(matched) : "0"} AS relevance`;
  const filtered = [`"deletedAt" IS NULL`, ...query.conditions].join(" AND ");
  const words: Record<string, string> = {};
  let candidates = `
      SELECT ${columns} FROM products
       WHERE search_vector @@ ${matched} AND ${filtered}
       LIMIT ${SEARCH_CANDIDATES}`;
  if (query.postings) {
    // the category is in the index: a search within one reads only that category's listings
    const inCategory = query.conditions.includes(CATEGORY_CONDITION) ? ` AND category = :category` : "";
    const lists = query.postings.map((word, i) => {
      words[`word${i}`] = word;
      return `(SELECT "createdAt" AS posted, "productId" AS posting FROM search_postings WHERE word = :word${i}${inCategory}
                ORDER BY "createdAt" DESC, "productId" DESC)`;
    });
    // a listing with two of the words is one candidate; the merged lists stay newest first
    const postings =
      lists.length === 1
        ? lists[0]
        : `(SELECT posted, posting FROM (${lists.join(" UNION ALL ")}) merged GROUP BY posted, posting ORDER BY posted DESC, posting DESC)`;
    candidates = `
      SELECT ${columns} FROM ${postings} w JOIN products ON id = w.posting
       WHERE ${filtered}
       ORDER BY w.posted DESC, w.posting DESC
       LIMIT ${SEARCH_CANDIDATES}`;
  }
  const sql = `
    WITH candidate AS MATERIALIZED (${candidates})
    SELECT counted.total, page.id
      FROM (SELECT count(*)::int AS total FROM candidate) counted
      LEFT JOIN LATERAL (
        SELECT id, row_number() OVER (ORDER BY ${CANDIDATE_ORDER[query.sort]}) AS position
          FROM candidate p ${query.keyset ? `WHERE ${query.keyset}` : ""}
         ORDER BY ${CANDIDATE_ORDER[query.sort]} OFFSET :offset LIMIT :limit) page ON true
     ORDER BY page.position`;
  return driver.escapeQueryWithParameters(sql, {
    ...query.parameters,
    ...words,
    corrected: query.corrected,
    offset: query.offset,
    limit: query.limit,
  });
}

/** A search's page (searchStatement), prepared: the page's ids in order and the candidates' count. */
export async function searchPage(dataSource: DataSource, query: PageQuery & SearchTerms): Promise<{ ids: string[]; total: number }> {
  const [text, values] = searchStatement(dataSource.driver, query);
  const rows = await preparedQuery<{ total: number; id: string | null }>(dataSource, text, values);
  return { ids: rows.flatMap((row) => (row.id ? [row.id] : [])), total: rows[0]?.total ?? 0 };
}
