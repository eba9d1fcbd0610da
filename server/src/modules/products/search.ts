import type { DataSource } from "typeorm";
import type { SharedCache } from "../../platform/cache";
import { preparedQuery } from "../../platform/db/prepared";
import { CATALOG_CACHE } from "./catalog";
import { ProductSort } from "./listing";

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
 * One word as the search matches it: itself when listings use it (or it is too short or a number
 * to correct), else its closest known words ORed (search_near_words, the search-near-words
 * migration: trigram-similar words, or failing those the words one edit away). The vocabulary is
 * `search_words` (the search-words migration), a few thousand words with a trigram index.
 */
export const WORD_TERM = `
  SELECT known, CASE WHEN known THEN search_term($1) ELSE (
           SELECT '(' || string_agg(search_term(near), ' | ') || ')' FROM search_near_words($1) near
         ) END AS term
    FROM (SELECT NOT search_word_kept($1) OR EXISTS (SELECT 1 FROM search_words WHERE word = $1) AS known) k`;

/**
 * A search's words corrected, as tsquery text that every word must match (AND), or null when
 * nothing needs correcting (every word known) or nothing can (a word has no close known word): the
 * search then matches the words as typed only. Each word's term is kept in the catalogue's cache, so
 * a search never made before, of words seen before, costs no statement here; a word never seen
 * before (most typos) costs one prepared statement, planned once per connection.
 */
export async function corrections(dataSource: DataSource, cache: SharedCache, search: string): Promise<string | null> {
  const words = [...new Set(search.split(/[^\p{L}\p{N}]+/u).filter(Boolean))];
  const terms = await Promise.all(
    words.map((word) =>
      cache.remember(CATALOG_CACHE, `word:${word}`, CORRECTION_TTL_SECONDS, async () => {
        const [row] = await preparedQuery<{ known: boolean; term: string | null }>(dataSource, WORD_TERM, [word]);
        return row;
      }),
    ),
  );
  return correctedQuery(terms);
}

/** Each word's term (WORD_TERM) joined into the corrected query, or null when every word is known or one has no correction. */
export function correctedQuery(terms: Array<{ known: boolean; term: string | null }>): string | null {
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

/**
 * One page of a search and its count from one scan, so a search nobody made before costs one
 * bounded read: the listings that match its words as typed (websearch syntax) or, corrected
 * (`corrected`, see corrections), their closest known words, and the filters (unqualified `conditions`) are read once, up to SEARCH_CANDIDATES of them, with their relevance to `:search`
 * when ranked; the page is sorted and cut among those candidates, and the count is theirs (a lower
 * bound when it reaches SEARCH_CANDIDATES). `keyset` (over `p`, a candidate) continues after a
 * cursor. Answers the page's ids in order. Prepared: one text per filter set and sort, the search
 * words, offset and limit its parameters.
 */
export async function searchPage(
  dataSource: DataSource,
  query: PageQuery & { corrected: string | null },
): Promise<{ ids: string[]; total: number }> {
  const ranked = query.sort === ProductSort.RELEVANCE;
  const typed = `websearch_to_tsquery('simple', :search)`;
  const matched = query.corrected ? `(${typed} || :corrected::tsquery)` : typed;
  const sql = `
    WITH candidate AS MATERIALIZED (
      SELECT id, "createdAt", "pricePaisa", "ratingAverage", "ratingCount", ${ranked ? relevance(matched) : "0"} AS relevance
        FROM products
       WHERE ${[`search_vector @@ ${matched}`, `"deletedAt" IS NULL`, ...query.conditions].join(" AND ")}
       LIMIT ${SEARCH_CANDIDATES})
    SELECT counted.total, page.id
      FROM (SELECT count(*)::int AS total FROM candidate) counted
      LEFT JOIN LATERAL (
        SELECT id, row_number() OVER (ORDER BY ${CANDIDATE_ORDER[query.sort]}) AS position
          FROM candidate p ${query.keyset ? `WHERE ${query.keyset}` : ""}
         ORDER BY ${CANDIDATE_ORDER[query.sort]} OFFSET :offset LIMIT :limit) page ON true
     ORDER BY page.position`;
  const [text, values] = dataSource.driver.escapeQueryWithParameters(sql, {
    ...query.parameters,
    corrected: query.corrected,
    offset: query.offset,
    limit: query.limit,
  });
  const rows = await preparedQuery<{ total: number; id: string | null }>(dataSource, text, values);
  return { ids: rows.flatMap((row) => (row.id ? [row.id] : [])), total: rows[0]?.total ?? 0 };
}
