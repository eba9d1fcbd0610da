import { ProductSort } from "./sorts";
import { grown } from "./typed-arrays";

/** The orders a list without words is read in (relevance without words is the newest first). */
const LISTING_ORDERS = [ProductSort.NEWEST, ProductSort.PRICE_ASC, ProductSort.PRICE_DESC, ProductSort.RATING] as const;
export type ListingOrder = (typeof LISTING_ORDERS)[number];

/** A slot's part of an order: its category's code (ALL holds every slot). */
export const ALL = 0;

/** The live slots in each listing order, kept in order through the writes the store takes. */
export class ListingOrders {
  private readonly bySort: Record<ListingOrder, SortedSlots>;

  /**
   * Slots 0 to count - 1 sorted in each order (`order(sort)`: the sort's order of two slots by
   * their keys now), each order also split by `partOf` (a slot's category).
   */
  constructor(
    order: (sort: ListingOrder) => (a: number, b: number) => number,
    partOf: (slot: number) => number,
    count: number,
    recentMost?: number,
  ) {
    const sorted = (sort: ListingOrder) => {
      const slots = new SortedSlots(order(sort), partOf, recentMost);
      slots.build(count);
      return [sort, slots];
    };
    this.bySort = Object.fromEntries(LISTING_ORDERS.map(sorted)) as Record<ListingOrder, SortedSlots>;
  }

  /** A new slot, placed in every order. */
  added(slot: number): void {
    for (const sort of LISTING_ORDERS) this.bySort[sort].place(slot);
  }

  /** A slot no longer live. */
  removed(slot: number): void {
    for (const sort of LISTING_ORDERS) this.bySort[sort].remove(slot);
  }

  /** A slot whose price or rating changed, placed again in the orders by it. */
  changed(slot: number, moved: { price: boolean; rating: boolean }): void {
    if (moved.price) for (const sort of [ProductSort.PRICE_ASC, ProductSort.PRICE_DESC] as const) this.bySort[sort].place(slot);
    if (moved.rating) this.bySort[ProductSort.RATING].place(slot);
  }

  /** Each order merged (SortedSlots.merge): before a compaction moves the keys. */
  merge(): void {
    for (const sort of LISTING_ORDERS) this.bySort[sort].merge();
  }

  /** The slots numbered again by a compaction, once merged (SortedSlots.renumber). */
  renumber(renumbered: Int32Array, count: number): void {
    for (const sort of LISTING_ORDERS) this.bySort[sort].renumber(renumbered, count);
  }

  /** SortedSlots.walk in `sort`'s order. */
  walk(sort: ListingOrder, part: number, before: ((slot: number) => boolean) | null, visit: (slot: number) => boolean): void {
    this.bySort[sort].walk(part, before, visit);
  }
}

/**
 * The listings' slots in one sort's order, whole (part ALL) and split by category (each part the
 * slots of one category, in the same order), for the shop's pages without words. Each part is an
 * array sorted at once and beside it a short sorted list of the slots placed since (new ones, or
 * ones whose sort key changed: a price edit, a new rating), read in step with it. A slot placed
 * again, or removed, keeps its old places in the arrays, marked `moved` and passed over. When the
 * whole order's short list outgrows `recentMost`, every part is merged with its list, in one pass,
 * into a new array: a write costs a binary search and an insertion into a few thousand, never a
 * sort of every listing.
 */
export class SortedSlots {
  private sorted: Int32Array[] = [];
  /** 1 for a slot whose places in `sorted` are gone: in `recent`, removed, or never there. */
  private moved = new Uint8Array(0);
  /** By part, the slots placed since `sorted` was made, sorted by their keys now. */
  private recent: number[][] = [];

  constructor(
    /** The sort's order of two slots by their keys now: negative when `a` comes first. */
    private readonly order: (a: number, b: number) => number,
    /** A slot's part besides ALL (its category's code, never ALL), which never changes. */
    private readonly partOf: (slot: number) => number,
    private readonly recentMost = 4096,
  ) {}

  /** Slots 0 to count - 1 sorted anew, each of them placed. */
  build(count: number): void {
    const slots = new Int32Array(count);
    for (let slot = 0; slot < count; slot++) slots[slot] = slot;
    this.split(slots.sort(this.order), count);
  }

  /** Every part merged with its short list into a new sorted array (nothing moved or recent after). */
  merge(): void {
    this.sorted = this.recent.map((_, part) => this.merged(part).slice());
    this.moved.fill(0);
    this.recent = this.sorted.map(() => []);
  }

  /**
   * The same slots numbered again by a compaction, which keeps their order: `renumbered[slot]`, -1
   * for one dropped. Merged first (`merge`, while the keys are still under the old numbers): this
   * compares nothing.
   */
  renumber(renumbered: Int32Array, count: number): void {
    this.sorted = this.sorted.map((slots) => {
      let kept = 0;
      for (const slot of slots) if (renumbered[slot] >= 0) slots[kept++] = renumbered[slot];
      return slots.slice(0, kept);
    });
    this.moved = new Uint8Array(count);
  }

  /** `slots`, in order, as the sorted arrays of ALL and of each part; nothing moved or recent. */
  private split(slots: Int32Array, count: number): void {
    const sizes: number[] = [slots.length];
    for (const slot of slots) sizes[this.partOf(slot)] = (sizes[this.partOf(slot)] ?? 0) + 1;
    this.sorted = Array.from(sizes, (size) => new Int32Array(size ?? 0));
    this.sorted[ALL] = slots.slice();
    const filled = new Int32Array(sizes.length);
    for (const slot of slots) {
      const part = this.partOf(slot);
      this.sorted[part][filled[part]++] = slot;
    }
    this.moved = new Uint8Array(count);
    this.recent = this.sorted.map(() => []);
  }

  /** A slot added, or whose sort key changed: taken from its old places to the ones its key has now. */
  place(slot: number): void {
    this.remove(slot);
    this.moved[slot] = 1;
    const part = this.partOf(slot);
    while (this.recent.length <= part) this.recent.push([]);
    for (const recent of [this.recent[ALL], this.recent[part]])
      recent.splice(
        this.firstInRecent(recent, (s) => this.order(s, slot) < 0),
        0,
        slot,
      );
    if (this.recent[ALL].length > this.recentMost) this.merge();
  }

  /** A slot that leaves the order (its listing was removed or took another slot). */
  remove(slot: number): void {
    if (slot >= this.moved.length) this.moved = grown(this.moved, slot + 1);
    if (!this.moved[slot]) this.moved[slot] = 1;
    else
      for (const recent of [this.recent[ALL], this.recent[this.partOf(slot)]]) {
        const at = recent?.indexOf(slot) ?? -1;
        if (at >= 0) recent.splice(at, 1);
      }
  }

  /**
   * Calls `visit` with each slot of `part` in order, from the first one `before` does not hold for
   * (`before` holds for a first stretch of the order, as "comes before a cursor's listing" or
   * "priced below the band" do; null: from the start), until it returns false or the slots end.
   */
  walk(part: number, before: ((slot: number) => boolean) | null, visit: (slot: number) => boolean): void {
    const [sorted, recent] = [this.sorted[part] ?? new Int32Array(0), this.recent[part] ?? []];
    const [moved, order] = [this.moved, this.order];
    let i = before ? this.firstInSorted(sorted, before) : 0;
    let j = before ? this.firstInRecent(recent, before) : 0;
    for (;;) {
      while (i < sorted.length && moved[sorted[i]]) i++;
      if (i < sorted.length && (j >= recent.length || order(sorted[i], recent[j]) < 0)) {
        if (!visit(sorted[i++])) return;
      } else if (j < recent.length) {
        if (!visit(recent[j++])) return;
      } else return;
    }
  }

  /** Every slot of `part` in order, in one array. */
  private merged(part: number): Int32Array {
    const slots = new Int32Array((this.sorted[part]?.length ?? 0) + (this.recent[part]?.length ?? 0));
    let count = 0;
    this.walk(part, null, (slot) => {
      slots[count++] = slot;
      return true;
    });
    return slots.subarray(0, count);
  }

  /** The first place in `recent` that `before` does not hold for. */
  private firstInRecent(recent: number[], before: (slot: number) => boolean): number {
    let [low, high] = [0, recent.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (before(recent[middle])) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The first place in `sorted` that `before` does not hold for; moved slots, out of order, are passed over to the next one in place. */
  private firstInSorted(sorted: Int32Array, before: (slot: number) => boolean): number {
    const moved = this.moved;
    let [low, high] = [0, sorted.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      let probe = middle;
      while (probe < high && moved[sorted[probe]]) probe++;
      if (probe === high) high = middle;
      else if (before(sorted[probe])) low = probe + 1;
      else high = middle;
    }
    return low;
  }
}
