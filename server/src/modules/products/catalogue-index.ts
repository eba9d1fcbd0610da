import { LRUCache } from "lru-cache";
import type { DataSource } from "typeorm";
import type { SharedCache } from "../../platform/cache";
import { preparedQuery } from "../../platform/db/prepared";
import type { ListInput } from "./listing";
import { corrections, type PageQuery } from "./search";
import type { IndexFilter } from "./search-catalogue";
import type { IndexAnswer } from "./search-index";
import type { SearchIndexThread } from "./search-index-thread";
import { parseTsquery, type TsQuery } from "./search-rank";

/**
 * A search of plain words (ASCII letters and digits, none of them websearch's "or") as
 * websearch_to_tsquery('simple', …) parses it: each word is one token, kept as it is (the search is
 * lower-cased already), all of them ANDed; undefined for anything else (quotes, a minus, other
 * characters), which PostgreSQL parses (SEARCH_TSQUERY). search-index.test.ts compares the two.
 */
export function plainWordsQuery(search: string): TsQuery | undefined {
  const words = search.split(" ").filter(Boolean);
  if (!words.length || words.some((word) => !/^[a-z0-9]+$/.test(word) || word === "or")) return undefined;
  return words
    .map((lexeme): TsQuery => ({ kind: "term", lexeme, prefix: false, weights: 0 }))
    .reduce((left, right) => ({ kind: "and", left, right }));
}

/** A search's tsquery as the search statement matches it (search.ts: searchStatement), as text. */
const SEARCH_TSQUERY = `SELECT (CASE WHEN $2::text IS NULL THEN websearch_to_tsquery('simple', $1)
  ELSE websearch_to_tsquery('simple', $1) || $2::text::tsquery END)::text AS query`;
/** A filter as the search index takes it: prices in paisa, as the statements' parameters have them. */
const indexFilter = (filter: ListInput["filter"], { parameters }: Pick<PageQuery, "parameters">): IndexFilter => ({
  category: filter.category,
  color: filter.color,
  condition: filter.condition,
  campus: filter.campus,
  sellerId: filter.sellerId ?? undefined,
  minPricePaisa: parameters.minPrice as number | null,
  maxPricePaisa: parameters.maxPrice as number | null,
});

/** A page's filter, sort, cursor and cut as the search index takes them. */
const indexPage = (filter: ListInput["filter"], query: PageQuery) => ({
  filter: indexFilter(filter, query),
  sort: query.sort,
  afterId: query.keyset ? (query.parameters.after as string) : null,
  offset: query.offset,
  limit: query.limit,
});

/**
 * The catalogue's questions to the search index (search-index.ts): a search's page, a shop page
 * without words and its count, each null when the database's statements must answer instead.
 */
export class CatalogueIndex {
  constructor(
    private readonly cache: SharedCache,
    /** The search index (as the server runs it, in its thread; the benches hold one in theirs). */
    private readonly index?: Pick<SearchIndexThread, "status" | "search" | "browse" | "count">,
  ) {}

  /** The search index when it answers a list with `filter`: loaded, and no filter by verified sellers, whose verification it does not follow. */
  private answering(filter: ListInput["filter"]) {
    return this.index?.status() === "ready" && !filter.verifiedSellersOnly ? this.index : undefined;
  }

  /**
   * A search's page and candidate count from the search index, or null when it cannot answer it
   * (see `answering`, or a query it leaves to the database). A search of plain words is read here
   * and corrected by the index from its own words, with no statement; anything else is parsed and
   * corrected by PostgreSQL, kept here by search and correction.
   */
  async search(db: DataSource, filter: ListInput["filter"], query: PageQuery): Promise<IndexAnswer | null> {
    const index = this.answering(filter);
    if (!index) return null;
    const search = filter.search!;
    const typed = plainWordsQuery(search);
    let asked: { query: TsQuery; correct: boolean };
    if (typed) asked = { query: typed, correct: true };
    else {
      const corrected = await corrections(db, this.cache, search);
      const key = `${corrected}\n${search}`;
      let parsed = this.tsqueries.get(key);
      if (!parsed) {
        parsed = { query: parseTsquery((await preparedQuery<{ query: string }>(db, SEARCH_TSQUERY, [search, corrected]))[0].query) };
        this.tsqueries.set(key, parsed);
      }
      // an empty query (no word at all) matches nothing, as `@@` says
      if (parsed.query === null) return { ids: [], total: 0 };
      asked = { query: parsed.query, correct: false };
    }
    return index.search({
      ...asked,
      search,
      ...indexPage(filter, query),
    });
  }

  /** Searches' tsqueries as PostgreSQL parsed them, by correction and search. */
  private readonly tsqueries = new LRUCache<string, { query: TsQuery | null }>({ max: 10_000 });

  /** A shop page without words: its listings' ids in order (Catalogue.browse). */
  async browse(filter: ListInput["filter"], query: PageQuery): Promise<{ ids: string[] } | null> {
    return (await this.answering(filter)?.browse(indexPage(filter, query))) ?? null;
  }

  /** How many listings on show pass a filter without words, counted up to `upTo` + 1. */
  async count(filter: ListInput["filter"], query: Pick<PageQuery, "parameters">, upTo: number): Promise<number | null> {
    return (await this.answering(filter)?.count(indexFilter(filter, query), upTo)) ?? null;
  }
}
