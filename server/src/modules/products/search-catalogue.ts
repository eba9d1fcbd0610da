import { ProductSort, SEARCH_CANDIDATES, SOLD_VISIBLE_DAYS } from "./sorts";
import { BothMatches, EitherMatches, nthLargest, WordMatches, type Matches } from "./search-matches";
import { parseTsquery, rankTerms, tsMatches, tsRank, type TsQuery } from "./search-rank";
import { correctedQuery, searchWords } from "./search-words";
import { similarity, trigramsOf } from "./search-trigrams";
import { ALL, ListingOrders, type ListingOrder } from "./search-orders";
import { ListingStore, type Codes } from "./search-store";

/** What the search index answers: the search's tsquery (parsed from PostgreSQL's text of it), its text for the similarity, the filters, the sort and the cut. */
export type IndexSearch = {
  query: TsQuery;
  search: string;
  /**
   * Whether the index ORs the typed words' corrections, found among its own words, into `query`
   * (a search of plain words); else `query` holds them already.
   */
  correct?: boolean;
  filter: IndexFilter;
  sort: ProductSort;
  /** The listing a keyset page continues after (the sorts other than relevance). */
  afterId: string | null;
  offset: number;
  limit: number;
};

/** A shop page without words, as the index answers it (Catalogue.browse). */
export type IndexBrowse = {
  filter: IndexFilter;
  sort: ProductSort;
  /** The listing a keyset page continues after. */
  afterId: string | null;
  offset: number;
  limit: number;
};

/** The shop's filters the index follows, prices in paisa. */
export type IndexFilter = {
  category?: string;
  color?: string;
  condition?: string;
  campus?: string;
  sellerId?: string;
  minPricePaisa?: number | null;
  maxPricePaisa?: number | null;
};

const SOLD_VISIBLE_MICROS = SOLD_VISIBLE_DAYS * 86_400 * 1_000_000;

/**
 * The search index's listings (ListingStore) and what it answers of a search: the same page, in
 * the same order, with the same count, as the database's search statement.
 */
export class Catalogue extends ListingStore {
  constructor(
    unicodeWords?: boolean,
    compactAfterDead?: number,
    /** How many slots each order takes in beside its sorted array before they are merged (SortedSlots). */
    private readonly ordersRecentMost?: number,
  ) {
    super(unicodeWords, compactAfterDead);
  }

  protected override makeOrders(count: number): ListingOrders {
    return new ListingOrders(
      (sort) => this.keysetOrder(sort),
      (slot) => this.category[slot],
      count,
      this.ordersRecentMost,
    );
  }

  /**
   * The listings matching `query`, newest slot first (matches: a cursor), or null when the query
   * alone bounds nothing (a NOT on its own matches almost every listing: the database answers it).
   * AND and phrase yield the slots of both sides (a NOT side is checked later, as are a phrase's
   * positions); OR those of either.
   */
  private matches(query: TsQuery): Matches | null {
    switch (query.kind) {
      case "term": {
        const word = this.words.get(query.lexeme);
        return word === undefined
          ? new WordMatches(this.postings, 0, 0)
          : new WordMatches(this.postings, this.postingsAt[word], this.postingsCount[word]);
      }
      case "not":
        return null;
      case "or": {
        const left = this.matches(query.left);
        const right = left && this.matches(query.right);
        return left && right ? new EitherMatches(left, right) : null;
      }
      default: {
        const left = this.matches(query.left);
        const right = this.matches(query.right);
        return left && right ? new BothMatches(left, right) : (left ?? right);
      }
    }
  }

  /** What the database's search statement answers for `search` (see SearchIndex), or null when the database must answer it. */
  search(asked: IndexSearch, nowMicros: number): { ids: string[]; total: number } | null {
    const search = asked.correct ? this.corrected(asked) : asked;
    const matched = this.matches(search.query);
    if (!matched) return null;
    const after = search.afterId === null ? null : this.slotOf.get(search.afterId);
    if (after === undefined) return null;
    const kept = this.kept(matched, search, nowMicros);
    const candidates = kept.length > SEARCH_CANDIDATES ? this.newest(kept, SEARCH_CANDIDATES) : kept;
    const end = search.offset + search.limit;
    let page: number[];
    if (search.sort === ProductSort.RELEVANCE && after === null) page = this.firstRanked(search, candidates, end);
    else {
      candidates.sort(this.order(search, candidates));
      const keyset = this.keysetOrder(search.sort);
      page = after === null ? candidates : candidates.filter((slot) => keyset(slot, after) > 0);
    }
    return { ids: page.slice(search.offset, end).map((slot) => this.ids[slot]), total: candidates.length };
  }

  /** A search whose query also matches its words' corrections (search.ts: corrections), from this index's own words. */
  private corrected(search: IndexSearch): IndexSearch {
    const corrected = correctedQuery(searchWords(search.search).map((word) => this.vocabulary.wordTerm(word)));
    return corrected ? { ...search, query: { kind: "or", left: search.query, right: parseTsquery(corrected)! } } : search;
  }

  /**
   * The first `count` candidates by relevance, in order (a page of a ranked search, the rest
   * unsorted): the count-th best relevance found in linear time, and only the candidates ranked at
   * or above it sorted (a first page sorts a dozen instead of a thousand).
   */
  private firstRanked(search: IndexSearch, candidates: number[], count: number): number[] {
    const order = this.order(search, candidates);
    if (count >= candidates.length) return candidates.sort(order);
    const relevance = new Float64Array(candidates.length);
    for (let i = 0; i < candidates.length; i++) relevance[i] = this.relevanceOf[candidates[i]];
    const cut = nthLargest(relevance, count);
    return candidates.filter((slot) => this.relevanceOf[slot] >= cut).sort(order);
  }

  /**
   * The live matches that pass the filters and are on show (listed, and in stock or sold lately),
   * the query checked in full when it has a NOT or a phrase: read from the newest slot down, and no
   * further once SEARCH_CANDIDATES are kept and no slot below can be listed later than the
   * SEARCH_CANDIDATES-th newest of them (createdUpTo). Slots come mostly in listing order, so a
   * common word reads little more than its newest SEARCH_CANDIDATES matches.
   */
  private kept(matched: Matches, { query, filter }: IndexSearch, nowMicros: number): number[] {
    const shown = this.shownTest(filter, nowMicros);
    if (!shown) return [];
    const checked = needsCheck(query);
    let kept: number[] = [];
    let cut = -Infinity;
    let cutAt = SEARCH_CANDIDATES;
    for (; matched.slot >= 0; matched.next()) {
      const slot = matched.slot;
      if (this.createdUpTo[slot] < cut) break;
      if (!shown(slot)) continue;
      if (checked && !tsMatches(query, (lexeme) => this.positionsIn(this.words.get(lexeme), slot))) continue;
      kept.push(slot);
      // each time as many more are kept, the SEARCH_CANDIDATES-th newest of them: none listed
      // before it can be a candidate, so those are dropped (kept stays short), and the walk stops
      // at a slot that cannot be listed after it
      if (kept.length === cutAt) {
        cut = nthLargest(this.createdOf(kept), SEARCH_CANDIDATES);
        kept = kept.filter((k) => this.created[k] >= cut);
        cutAt = kept.length + SEARCH_CANDIDATES;
      }
    }
    return kept;
  }

  /**
   * Whether a slot holds a listing the shop shows (live, listed, and in stock or sold lately:
   * listing.ts ON_SHOW) that passes `filter`; null when the filter names a value no listing has
   * (nothing passes).
   */
  private shownTest(filter: IndexFilter, nowMicros: number): ((slot: number) => boolean) | null {
    const code = (codes: Codes, value: string | undefined) => (value === undefined ? 0 : codes.find(value));
    const category = code(this.codes.category, filter.category);
    const color = code(this.codes.color, filter.color);
    const condition = code(this.codes.condition, filter.condition);
    const campus = code(this.codes.campus, filter.campus);
    const seller = code(this.codes.seller, filter.sellerId);
    if ([category, color, condition, campus, seller].includes(-1)) return null;
    const minPrice = filter.minPricePaisa ?? -Infinity;
    const maxPrice = filter.maxPricePaisa ?? Infinity;
    const soldSince = nowMicros - SOLD_VISIBLE_MICROS;
    return (slot) =>
      this.live[slot] === 1 &&
      this.listed[slot] === 1 &&
      (this.inStock[slot] === 1 || this.soldOut[slot] > soldSince) &&
      (!category || this.category[slot] === category) &&
      (!color || this.color[slot] === color) &&
      (!condition || this.condition[slot] === condition) &&
      (!campus || this.campus[slot] === campus) &&
      (!seller || this.seller[slot] === seller) &&
      this.price[slot] >= minPrice &&
      this.price[slot] <= maxPrice;
  }

  /**
   * A shop page without words, as the listing's statement answers it (catalog-service.ts:
   * pageRows): the listings on show passing the filter, in the sort's order (relevance without
   * words is the newest first), after the cursor's listing or from `offset`, `limit` of them; null
   * when the cursor's listing is not here (deleted since: the statement answers). It walks the
   * order of the filter's category only, and a price-sorted page only its price band.
   */
  browse(asked: IndexBrowse, nowMicros: number): { ids: string[] } | null {
    const after = asked.afterId === null ? -1 : this.slotOf.get(asked.afterId);
    if (after === undefined || !this.orders) return null;
    const shown = this.shownTest(asked.filter, nowMicros);
    const ids: string[] = [];
    if (!shown || asked.limit <= 0) return { ids };
    const sort = asked.sort === ProductSort.RELEVANCE ? ProductSort.NEWEST : asked.sort;
    const order = this.keysetOrder(sort);
    const band = this.priceBand(sort, asked.filter);
    const before = after < 0 ? band.before : (slot: number) => order(slot, after) <= 0 || band.before?.(slot) === true;
    let skipped = 0;
    this.orders.walk(sort, this.partOf(asked.filter), before, (slot) => {
      if (band.past?.(slot)) return false;
      if (!shown(slot)) return true;
      if (skipped < asked.offset) skipped++;
      else ids.push(this.ids[slot]);
      return ids.length < asked.limit;
    });
    return { ids };
  }

  /** How many listings on show pass `filter`, counted up to `upTo` + 1 at most (pagination.ts: boundedCount), read in its category's order, only its price band of it when it has one. */
  count(filter: IndexFilter, upTo: number, nowMicros: number): number | null {
    if (!this.orders) return null;
    const shown = this.shownTest(filter, nowMicros);
    if (!shown) return 0;
    // without a band, the newest first: nearly the slots' own order, which memory reads fastest (at 1M: 2.0-2.4 ms a count, against 4 in price order)
    const sort = filter.minPricePaisa == null && filter.maxPricePaisa == null ? ProductSort.NEWEST : ProductSort.PRICE_ASC;
    const band = this.priceBand(sort, filter);
    let count = 0;
    this.orders.walk(sort, this.partOf(filter), band.before, (slot) => {
      if (band.past?.(slot)) return false;
      if (shown(slot)) count++;
      return count <= upTo;
    });
    return count;
  }

  /** The order's part a filter reads: its category's, or every listing's. */
  private partOf(filter: IndexFilter): number {
    return filter.category === undefined ? ALL : this.codes.category.find(filter.category);
  }

  /** In a price order, the stretch before the filter's price band and the test of a slot past it; no tests in another order. */
  private priceBand(sort: ListingOrder, { minPricePaisa, maxPricePaisa }: IndexFilter) {
    const [low, high] = [minPricePaisa ?? null, maxPricePaisa ?? null];
    const below = low === null ? null : (slot: number) => this.price[slot] < low;
    const above = high === null ? null : (slot: number) => this.price[slot] > high;
    if (sort === ProductSort.PRICE_ASC) return { before: below, past: above };
    if (sort === ProductSort.PRICE_DESC) return { before: above, past: below };
    return { before: null, past: null };
  }

  /** When each slot's listing was listed, in microseconds. */
  private createdOf(slots: number[]): Float64Array {
    const times = new Float64Array(slots.length);
    for (let i = 0; i < slots.length; i++) times[i] = this.created[slots[i]];
    return times;
  }

  /** The `count` newest of `slots` (by time, then id, descending): the time that the count-th reaches found in linear time, then the ties by id. */
  private newest(slots: number[], count: number): number[] {
    const cut = nthLargest(this.createdOf(slots), count);
    const newer = slots.filter((slot) => this.created[slot] > cut);
    const atCut = slots.filter((slot) => this.created[slot] === cut).sort((a, b) => (this.ids[a] < this.ids[b] ? 1 : -1));
    return newer.concat(atCut.slice(0, count - newer.length));
  }

  /** The sort's order of two slots, as search.ts's CANDIDATE_ORDER (the newest, then the greatest id, last); relevance computed for the candidates first. */
  private order(search: IndexSearch, candidates: number[]): (a: number, b: number) => number {
    if (search.sort !== ProductSort.RELEVANCE) return this.keysetOrder(search.sort);
    this.rank(search, candidates);
    const [relevance, byNewest] = [this.relevanceOf, this.keysetOrder(ProductSort.NEWEST)];
    return (a, b) => relevance[b] - relevance[a] || byNewest(a, b);
  }

  /** A sort's order of two slots (listing.ts: orderSql; keysetCondition for a cursor's listing), relevance aside: the newest, then the greatest id, last. */
  private keysetOrder(sort: ProductSort): (a: number, b: number) => number {
    const byNewest = (a: number, b: number) =>
      this.created[b] - this.created[a] || (this.ids[a] < this.ids[b] ? 1 : this.ids[a] > this.ids[b] ? -1 : 0);
    switch (sort) {
      case ProductSort.PRICE_ASC:
        return (a, b) => this.price[a] - this.price[b] || byNewest(a, b);
      case ProductSort.PRICE_DESC:
        return (a, b) => this.price[b] - this.price[a] || byNewest(a, b);
      case ProductSort.RATING:
        return (a, b) => this.rating[b] - this.rating[a] || this.ratingCount[b] - this.ratingCount[a] || byNewest(a, b);
      default:
        return byNewest;
    }
  }

  /** Each candidate's `ts_rank(search_vector, query) + similarity(search, name)` (PostgreSQL's float4 sum) into relevanceOf. */
  private rank({ query, search }: IndexSearch, candidates: number[]): void {
    const terms = rankTerms(query);
    const words = terms.map((term) => this.words.get(term));
    const searched = trigramsOf(search, this.unicodeWords);
    // where each term's last lookup ended: the candidates come newest slot first
    const hints = new Int32Array(terms.length).fill(-1);
    // positions and names' trigrams read in place: no array made per candidate
    for (const slot of candidates) {
      const rank = tsRank(query, terms, this.positions, (i) => this.positionsAt(words[i], slot, hints, i));
      const name = this.trigramsAt[slot];
      this.relevanceOf[slot] = Math.fround(rank + similarity(searched, this.trigrams, name + 1, name + 1 + this.trigrams[name]));
    }
  }
}

/** Whether matching slots may still fail the query: a NOT excludes, a phrase needs its words in order. */
function needsCheck(query: TsQuery): boolean {
  switch (query.kind) {
    case "term":
      return false;
    case "not":
    case "phrase":
      return true;
    default:
      return needsCheck(query.left) || needsCheck(query.right);
  }
}
