import type { ListingOrders } from "./search-orders";
import { parseTsvector } from "./search-rank";
import { trigramsOf } from "./search-trigrams";
import { Vocabulary } from "./search-words";
import { grown } from "./typed-arrays";

/**
 * The search index's storage of the listings (search-catalogue.ts searches it): their columns in
 * typed arrays by slot, each word's postings, positions and trigrams in pools.
 */

/** A listing as the search index reads it (search-index.ts: DOC_COLUMNS). */
export type DocRow = {
  id: string;
  createdMicros: string;
  soldOutMicros: string | null;
  pricePaisa: number;
  ratingAverage: string;
  ratingCount: number;
  category: string;
  color: string | null;
  condition: string;
  campus: string | null;
  sellerId: string | null;
  quantityAvailable: number;
  listed: boolean;
  deleted: boolean;
  name: string;
  vector: string;
};

/** Small strings (a category, a seller's id) as numbers, 0 for none. */
export class Codes {
  private readonly byValue = new Map<string, number>();
  code(value: string | null): number {
    if (value === null) return 0;
    let code = this.byValue.get(value);
    if (code === undefined) this.byValue.set(value, (code = this.byValue.size + 1));
    return code;
  }
  /** The value's code, or -1 when no listing has it (a filter on it matches nothing). */
  find(value: string): number {
    return this.byValue.get(value) ?? -1;
  }
}

/** The listing's columns by slot, each grown together as slots are added and cut together when compacted. */
const SLOT_COLUMNS = [
  "live",
  "created",
  "createdUpTo",
  "soldOut",
  "price",
  "rating",
  "ratingCount",
  "inStock",
  "listed",
  "category",
  "color",
  "condition",
  "campus",
  "seller",
  "hashA",
  "hashB",
  "nameHash",
  "trigramsAt",
  "relevanceOf",
] as const;
type SlotColumn = Float64Array | Int32Array | Uint8Array;

/** Two 32-bit FNV-1a hashes of a listing's words: an edit that keeps them (price, stock, rating) keeps its postings. */
function wordsHash(text: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return [a | 0, b | 0];
}

/**
 * The listings and their words in typed arrays by slot, and each word's postings. A listing whose
 * words change (or that is deleted) leaves its slot dead and takes a new one; dead slots are
 * dropped when they outnumber the live ones (compactWhenWasteful).
 */
export class ListingStore {
  protected size = 0;
  protected dead = 0;
  protected ids: string[] = [];
  protected readonly slotOf = new Map<string, number>();
  protected live = new Uint8Array(1024);
  protected created = new Float64Array(1024);
  /** The latest listing time of any slot up to each one: a search reading slots downwards stops below its newest matches (newest). */
  protected createdUpTo = new Float64Array(1024);
  protected soldOut = new Float64Array(1024);
  protected price = new Float64Array(1024);
  protected rating = new Float64Array(1024);
  protected ratingCount = new Int32Array(1024);
  protected inStock = new Uint8Array(1024);
  protected listed = new Uint8Array(1024);
  protected category = new Int32Array(1024);
  protected color = new Int32Array(1024);
  protected condition = new Int32Array(1024);
  protected campus = new Int32Array(1024);
  protected seller = new Int32Array(1024);
  protected hashA = new Int32Array(1024);
  protected hashB = new Int32Array(1024);
  /** A hash of each listing's name: its trigrams are made again when it changes. */
  protected nameHash = new Int32Array(1024);
  protected readonly codes = {
    category: new Codes(),
    color: new Codes(),
    condition: new Codes(),
    campus: new Codes(),
    seller: new Codes(),
  };
  /**
   * Each word's number, and its postings in one pool (a few hundred thousand words are in one
   * listing each: a typed array or an object apiece would cost more than their postings, and the
   * garbage collector's marking would grow with them): from `postingsAt[word]`, `postingsCount[word]`
   * pairs of numbers (a slot, ascending, and where its positions start), room for
   * `postingsRoom[word]`; a word outgrowing its room moves to the pool's end with twice as much.
   */
  protected words = new Map<string, number>();
  /** The words kept for corrections (search-words.ts), with their trigrams. */
  protected vocabulary: Vocabulary;
  protected postingsAt = new Int32Array(1024);
  protected postingsCount = new Int32Array(1024);
  protected postingsRoom = new Int32Array(1024);
  protected postings = new Int32Array(4096);
  protected postingsLength = 0;
  /** Each posting's positions (PostgreSQL's packed WordEntryPos), preceded by their count. */
  protected positions = new Uint16Array(4096);
  protected positionsLength = 0;
  /** Each listing's name's trigrams (search-rank.ts: trigramsOf), preceded by their count, from `trigramsAt[slot]`. */
  protected trigrams = new Int32Array(4096);
  protected trigramsLength = 0;
  protected trigramsAt = new Int32Array(1024);
  /** Each candidate's relevance by slot while a search ranks them (a search runs start to end at once). */
  protected relevanceOf = new Float64Array(1024);
  /** The live slots in each sort's order (shop pages without words): made by the first compaction, which ends the load, then kept by every write. */
  protected orders: ListingOrders | null = null;
  /** The orders of slots 0 to count - 1 (Catalogue's; a store without it keeps none). */
  protected makeOrders?(count: number): ListingOrders;

  constructor(
    protected readonly unicodeWords = true,
    /** How many dead slots it takes (and more than the live ones) to compact. */
    private readonly compactAfterDead = 50_000,
  ) {
    this.vocabulary = new Vocabulary(unicodeWords);
  }

  /** How many listings are searchable (for tests and the status). */
  get listings(): number {
    return this.size - this.dead;
  }

  /** Slots in use, dead ones included (for tests). */
  get slots(): number {
    return this.size;
  }

  /** Takes a listing as read now: added, updated in place, given a new slot when its words changed, or removed when deleted. */
  put(row: DocRow): void {
    const existing = this.slotOf.get(row.id);
    if (row.deleted) {
      if (existing !== undefined) this.kill(existing);
      return;
    }
    const [a, b] = wordsHash(row.vector);
    // a slot's words, listing time and category (its orders' part) never change: a relisting that moves the time takes a new one
    const [created, category] = [Number(row.createdMicros), this.codes.category.code(row.category)];
    const same = existing !== undefined && this.hashA[existing] === a && this.hashB[existing] === b;
    if (same && this.created[existing] === created && this.category[existing] === category) {
      const [price, rating, ratingCount] = [this.price[existing], this.rating[existing], this.ratingCount[existing]];
      this.setFields(existing, row, false);
      this.orders?.changed(existing, {
        price: this.price[existing] !== price,
        rating: this.rating[existing] !== rating || this.ratingCount[existing] !== ratingCount,
      });
      return;
    }
    if (existing !== undefined) this.kill(existing);
    const slot = this.size++;
    this.reserve(this.size);
    this.created[slot] = created;
    this.createdUpTo[slot] = slot ? Math.max(this.createdUpTo[slot - 1], created) : created;
    this.setFields(slot, row, true);
    this.ids[slot] = row.id;
    this.slotOf.set(row.id, slot);
    this.live[slot] = 1;
    this.hashA[slot] = a;
    this.hashB[slot] = b;
    for (const { lexeme, positions } of parseTsvector(row.vector)) this.post(lexeme, slot, positions);
    this.orders?.added(slot);
  }

  private reserve(length: number): void {
    if (length <= this.live.length) return;
    for (const name of SLOT_COLUMNS) (this[name] as SlotColumn) = grown(this[name], length);
  }

  private setFields(slot: number, row: DocRow, isNew: boolean): void {
    const [name] = wordsHash(row.name);
    if (isNew || this.nameHash[slot] !== name) this.trigramsAt[slot] = this.keepTrigrams(trigramsOf(row.name, this.unicodeWords));
    this.nameHash[slot] = name;
    this.soldOut[slot] = row.soldOutMicros === null ? -Infinity : Number(row.soldOutMicros);
    this.price[slot] = row.pricePaisa;
    this.rating[slot] = Number(row.ratingAverage);
    this.ratingCount[slot] = row.ratingCount;
    this.inStock[slot] = row.quantityAvailable > 0 ? 1 : 0;
    this.listed[slot] = row.listed ? 1 : 0;
    this.category[slot] = this.codes.category.code(row.category);
    this.color[slot] = this.codes.color.code(row.color);
    this.condition[slot] = this.codes.condition.code(row.condition);
    this.campus[slot] = this.codes.campus.code(row.campus);
    this.seller[slot] = this.codes.seller.code(row.sellerId);
  }

  private kill(slot: number): void {
    this.orders?.removed(slot);
    this.live[slot] = 0;
    this.slotOf.delete(this.ids[slot]);
    this.ids[slot] = "";
    this.dead++;
  }

  private post(lexeme: string, slot: number, positions: ArrayLike<number>): void {
    let word = this.words.get(lexeme);
    if (word === undefined) {
      this.words.set(lexeme, (word = this.words.size));
      this.vocabulary.add(lexeme);
      this.postingsAt = grown(this.postingsAt, word + 1);
      this.postingsCount = grown(this.postingsCount, word + 1);
      this.postingsRoom = grown(this.postingsRoom, word + 1);
      this.postingsCount[word] = this.postingsRoom[word] = 0;
    }
    const count = this.postingsCount[word];
    if (count === this.postingsRoom[word]) this.makeRoom(word, count ? 2 * count : 1);
    const at = this.postingsAt[word] + 2 * count;
    this.postings[at] = slot;
    this.postings[at + 1] = this.keepPositions(positions);
    this.postingsCount[word] = count + 1;
  }

  /** Moves a word's postings to the pool's end with room for `room` of them. */
  private makeRoom(word: number, room: number): void {
    const at = this.postingsLength;
    this.postings = grown(this.postings, at + 2 * room);
    this.postings.copyWithin(at, this.postingsAt[word], this.postingsAt[word] + 2 * this.postingsCount[word]);
    this.postingsAt[word] = at;
    this.postingsRoom[word] = room;
    this.postingsLength = at + 2 * room;
  }

  private keepTrigrams(trigrams: Int32Array): number {
    const ref = this.trigramsLength;
    this.trigrams = grown(this.trigrams, ref + trigrams.length + 1);
    this.trigrams[ref] = trigrams.length;
    this.trigrams.set(trigrams, ref + 1);
    this.trigramsLength = ref + trigrams.length + 1;
    return ref;
  }

  private keepPositions(positions: ArrayLike<number>): number {
    const ref = this.positionsLength;
    this.positions = grown(this.positions, ref + positions.length + 1);
    this.positions[ref] = positions.length;
    for (let i = 0; i < positions.length; i++) this.positions[ref + 1 + i] = positions[i];
    this.positionsLength = ref + positions.length + 1;
    return ref;
  }

  /**
   * Where a word's positions in a listing are in `positions` (their count, then themselves), or -1
   * when the listing lacks the word (or there is no such word: undefined). With `hints`, the search
   * starts where the word's previous one ended (`hints[term]`, -1 at first) and widens by doubling
   * steps: slots looked up in order (a search's candidates, newest first) then cost a step or two
   * each instead of a binary search over all of a common word's postings, whose far reaches miss
   * the processor's cache at a million listings.
   */
  protected positionsAt(word: number | undefined, slot: number, hints?: Int32Array, term = 0): number {
    if (word === undefined) return -1;
    const [postings, start, count] = [this.postings, this.postingsAt[word], this.postingsCount[word]];
    const slotAt = (k: number) => postings[start + 2 * k];
    let low = 0;
    let high = count - 1;
    const from = hints ? hints[term] : -1;
    if (from >= 0 && from < count) {
      // the bracket around `from` that holds `slot`, found by doubling steps away from it
      const [up, down] = [slotAt(from) < slot, slotAt(from) > slot];
      for (let step = 1, edge = from; up || down; step *= 2) {
        const probe = up ? from + step : from - step;
        if (probe < 0 || probe >= count || (up ? slotAt(probe) >= slot : slotAt(probe) <= slot)) {
          [low, high] = up ? [edge, Math.min(probe, count - 1)] : [Math.max(probe, 0), edge];
          break;
        }
        edge = probe;
      }
      if (!up && !down) low = high = from;
    }
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = slotAt(middle);
      if (found === slot) {
        if (hints) hints[term] = middle;
        return postings[start + 2 * middle + 1];
      }
      if (found < slot) low = middle + 1;
      else high = middle - 1;
    }
    if (hints) hints[term] = Math.min(low, count - 1);
    return -1;
  }

  /** A word's positions in a listing as an array (positionsAt), or null when it lacks the word. */
  protected positionsIn(word: number | undefined, slot: number): Uint16Array | null {
    const ref = this.positionsAt(word, slot);
    return ref < 0 ? null : this.positions.subarray(ref + 1, ref + 1 + this.positions[ref]);
  }

  /** Drops the dead slots once they outnumber the live ones (and are many). */
  compactWhenWasteful(): void {
    if (this.dead >= this.compactAfterDead && this.dead >= this.listings) this.compact();
  }

  /**
   * Copies the live slots' columns, postings, positions and trigrams to fresh storage, numbered
   * again in the same order, each word's postings with no room to spare (the words no live listing
   * has are dropped). After a load, it gives back the room growth left.
   */
  compact(): void {
    this.orders?.merge();
    const renumbered = new Int32Array(this.size).fill(-1);
    // what a slot keeps of its own (createdUpTo is made again from `created`, relevanceOf is a search's scratch)
    const columns = SLOT_COLUMNS.filter((name) => name !== "createdUpTo" && name !== "relevanceOf").map((name) => this[name]);
    let next = 0;
    for (let slot = 0; slot < this.size; slot++) {
      if (!this.live[slot]) continue;
      renumbered[slot] = next;
      for (const column of columns) column[next] = column[slot];
      this.ids[next] = this.ids[slot];
      this.slotOf.set(this.ids[next], next);
      this.createdUpTo[next] = next ? Math.max(this.createdUpTo[next - 1], this.created[next]) : this.created[next];
      next++;
    }
    this.ids.length = next;
    this.size = next;
    this.dead = 0;
    for (const name of SLOT_COLUMNS) (this[name] as SlotColumn) = this[name].slice(0, Math.max(next, 1));
    const trigrams = this.trigrams;
    this.trigrams = new Int32Array(Math.max(this.trigramsLength, 1));
    this.trigramsLength = 0;
    for (let slot = 0; slot < next; slot++) {
      const ref = this.trigramsAt[slot];
      this.trigramsAt[slot] = this.keepTrigrams(trigrams.subarray(ref + 1, ref + 1 + trigrams[ref]));
    }
    const [words, postingsAt, postingsCount, postings, positions] = [
      this.words,
      this.postingsAt,
      this.postingsCount,
      this.postings,
      this.positions,
    ];
    this.words = new Map();
    this.postingsAt = new Int32Array(words.size);
    this.postingsCount = new Int32Array(words.size);
    this.postingsRoom = new Int32Array(words.size);
    this.postings = new Int32Array(Math.max(this.postingsLength, 1));
    this.postingsLength = 0;
    this.positions = new Uint16Array(Math.max(this.positionsLength, 1));
    this.positionsLength = 0;
    for (const [lexeme, word] of words) {
      const [start, count] = [postingsAt[word], postingsCount[word]];
      let live = 0;
      for (let i = 0; i < count; i++) if (renumbered[postings[start + 2 * i]] >= 0) live++;
      if (!live) continue;
      const kept = this.words.size;
      this.words.set(lexeme, kept);
      this.postingsAt[kept] = this.postingsLength;
      this.postingsCount[kept] = this.postingsRoom[kept] = live;
      for (let i = 0; i < count; i++) {
        const slot = renumbered[postings[start + 2 * i]];
        if (slot < 0) continue;
        const ref = postings[start + 2 * i + 1];
        this.postings[this.postingsLength++] = slot;
        this.postings[this.postingsLength++] = this.keepPositions(positions.subarray(ref + 1, ref + 1 + positions[ref]));
      }
    }
    // the old pool held room to spare and moved words' old places
    this.postings = this.postings.slice(0, Math.max(this.postingsLength, 1));
    this.vocabulary = new Vocabulary(this.unicodeWords);
    for (const lexeme of this.words.keys()) this.vocabulary.add(lexeme);
    if (this.orders) this.orders.renumber(renumbered, next);
    else this.orders = this.makeOrders?.(next) ?? null;
  }
}
