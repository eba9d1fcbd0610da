/**
 * The search index's reading of a query's matches (search-catalogue.ts): cursors over the words'
 * postings that yield the matching slots from the newest down, so a search can stop as soon as it
 * has its newest matches, and the selection of the newest among them.
 */

/** A query's matching slots read downwards: `slot` is the current one, -1 past the last. */
export interface Matches {
  slot: number;
  next(): void;
  /** Moves to the greatest slot not above `bound` (from where it is). */
  seek(bound: number): void;
}

/** One word's postings (pairs in the pool: the slot first), from the newest down. */
export class WordMatches implements Matches {
  slot = -1;
  private at: number;
  constructor(
    private readonly postings: Int32Array,
    private readonly start: number,
    count: number,
  ) {
    this.at = count - 1;
    this.slot = count ? postings[start + 2 * this.at] : -1;
  }
  next(): void {
    this.slot = --this.at >= 0 ? this.postings[this.start + 2 * this.at] : -1;
  }
  seek(bound: number): void {
    if (this.slot <= bound) return;
    // galloping down from the current posting (the next match is usually near), then halving
    let step = 1;
    while (this.at - step >= 0 && this.postings[this.start + 2 * (this.at - step)] > bound) step *= 2;
    let [low, high] = [Math.max(0, this.at - step), this.at - (step >>> 1) - 1];
    while (low <= high) {
      const middle = (low + high) >>> 1;
      if (this.postings[this.start + 2 * middle] <= bound) low = middle + 1;
      else high = middle - 1;
    }
    this.at = high;
    this.slot = high >= 0 ? this.postings[this.start + 2 * high] : -1;
  }
}

/** The slots both sides match: each side sought to the other's slot until they meet. */
export class BothMatches implements Matches {
  slot = -1;
  constructor(
    private readonly left: Matches,
    private readonly right: Matches,
  ) {
    this.meet();
  }
  private meet(): void {
    const [left, right] = [this.left, this.right];
    while (left.slot >= 0 && right.slot >= 0 && left.slot !== right.slot) {
      if (left.slot > right.slot) left.seek(right.slot);
      else right.seek(left.slot);
    }
    this.slot = left.slot >= 0 && right.slot >= 0 ? left.slot : -1;
  }
  next(): void {
    this.left.next();
    this.meet();
  }
  seek(bound: number): void {
    this.left.seek(bound);
    this.right.seek(bound);
    this.meet();
  }
}

/** The slots either side matches, each once. */
export class EitherMatches implements Matches {
  slot = -1;
  constructor(
    private readonly left: Matches,
    private readonly right: Matches,
  ) {
    this.slot = Math.max(left.slot, right.slot);
  }
  next(): void {
    if (this.left.slot === this.slot) this.left.next();
    if (this.right.slot === this.slot) this.right.next();
    this.slot = Math.max(this.left.slot, this.right.slot);
  }
  seek(bound: number): void {
    this.left.seek(bound);
    this.right.seek(bound);
    this.slot = Math.max(this.left.slot, this.right.slot);
  }
}

/** The k-th largest value (k from 1), by quickselect: the array is reordered. */
export function nthLargest(values: Float64Array, k: number): number {
  let low = 0;
  let high = values.length - 1;
  const target = k - 1;
  while (low < high) {
    const pivot = values[(low + high) >>> 1];
    let i = low;
    let j = high;
    while (i <= j) {
      while (values[i] > pivot) i++;
      while (values[j] < pivot) j--;
      if (i <= j) {
        const swap = values[i];
        values[i++] = values[j];
        values[j--] = swap;
      }
    }
    if (target <= j) high = j;
    else if (target >= i) low = i;
    else return values[target];
  }
  return values[target];
}
