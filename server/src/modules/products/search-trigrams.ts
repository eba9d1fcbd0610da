/**
 * pg_trgm's similarity (trgm_op.c) ported for the search index, float for float: a text's trigrams
 * as PostgreSQL makes them, and the share two texts' trigrams have in common
 * (search-rank.test.ts compares both with the server's show_trgm and similarity).
 */

/** A text's distinct pg_trgm trigrams, ascending: each one's three bytes as a number in CMPTRGM's order (x86's signed chars: top bits flipped). */
export type Trigrams = Int32Array;

/** Whether an ASCII character is a word character (ISWORDCHR: a letter or a digit). */
const ASCII_WORD = Uint8Array.from({ length: 128 }, (_, c) => Number(/[0-9A-Za-z]/.test(String.fromCharCode(c))));
/** glibc's iswalpha || iswdigit under a UTF-8 locale: Unicode's letters, which take in the other scripts' digits. */
const UNICODE_WORD = /[\p{Alphabetic}\p{Nd}]/u;
/** PostgreSQL's pg_crc32_table, which its legacy CRC-32 uses the wrong way round (hashing a trigram with a multibyte character). */
const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  for (let bit = 0; bit < 8; bit++) n = n & 1 ? 0xedb88320 ^ (n >>> 1) : n >>> 1;
  return n;
});
/** Room for a text's trigrams before sorting: at most one a character and one more a word. */
let unsorted = new Int32Array(64);
/** Each character beyond ASCII met so far under a UTF-8 locale: its lower case if a word character, else -1 (the test is slow). */
const unicodeLower = new Map<number, number>();

/**
 * pg_trgm's trigram set of a text (generate_trgm): each word (a run of letters and digits) lower-cased and padded with
 * two spaces before and one after. `unicodeWords`: whether letters beyond ASCII count as word characters and are
 * lower-cased (true under a UTF-8 locale such as C.UTF-8 or en_US.UTF-8; false when the database's LC_CTYPE is exactly C or POSIX).
 */
export function trigramsOf(text: string, unicodeWords: boolean): Trigrams {
  const count = generate(text, unicodeWords);
  const sorted = unsorted.subarray(0, count).sort();
  let kept = 0;
  for (let i = 0; i < count; i++) if (kept === 0 || sorted[i] !== sorted[kept - 1]) sorted[kept++] = sorted[i];
  return sorted.slice(0, kept);
}

/** A text's trigrams in the order pg_trgm makes them, repeats kept (generate_trgm_only: what word_similarity reads in its second text). */
export function trigramSequence(text: string, unicodeWords: boolean): Int32Array {
  return unsorted.slice(0, generate(text, unicodeWords));
}

/** Writes a text's trigrams into `unsorted` in the order they come, and answers how many. */
function generate(text: string, unicodeWords: boolean): number {
  if (unsorted.length < 2 * text.length + 2) unsorted = new Int32Array(2 * text.length + 2);
  let count = 0;
  // the word's last two characters, -1 between words; a 0 past the end closes the last word
  let [a, b] = [-1, -1];
  for (let i = 0; i <= text.length; i++) {
    const point = text.codePointAt(i) ?? 0;
    if (point > 0xffff) i++;
    const c = lowerWordCharacter(point, unicodeWords);
    if (c >= 0) {
      if (b < 0) a = b = 0x20;
      unsorted[count++] = trigram(a, b, c);
      a = b;
      b = c;
    } else if (b >= 0) {
      unsorted[count++] = trigram(a, b, 0x20);
      a = b = -1;
    }
  }
  return count;
}

/** A character lower-cased if it is a word character (ISWORDCHR), else -1. */
function lowerWordCharacter(c: number, unicodeWords: boolean): number {
  // `| 0x20` lower-cases an ASCII letter and keeps a digit
  if (c < 0x80 || !unicodeWords) return c < 0x80 && ASCII_WORD[c] ? c | 0x20 : -1;
  let lower = unicodeLower.get(c);
  if (lower === undefined) {
    const character = String.fromCodePoint(c);
    // towlower's simple mapping: a full lower-casing's first character (İ's "i̇" is the one longer)
    unicodeLower.set(c, (lower = UNICODE_WORD.test(character) ? character.toLowerCase().codePointAt(0)! : -1));
  }
  return lower;
}

/** compact_trigram: three single-byte characters as they are, else the low three bytes of their UTF-8's legacy CRC-32. */
function trigram(a: number, b: number, c: number): number {
  if (a >= 0x80 || b >= 0x80 || c >= 0x80) {
    const crc = ~crcOf(crcOf(crcOf(0xffffffff, a), b), c);
    [a, b, c] = [crc & 0xff, (crc >>> 8) & 0xff, (crc >>> 16) & 0xff];
  }
  return ((a ^ 0x80) << 16) | ((b ^ 0x80) << 8) | (c ^ 0x80);
}

/** COMP_LEGACY_CRC32 over a character's UTF-8: its lead byte (0xc0, 0xe0 or 0xf0 and the top bits), then six bits a byte. */
function crcOf(crc: number, c: number): number {
  const extra = c < 0x80 ? 0 : c < 0x800 ? 1 : c < 0x10000 ? 2 : 3;
  crc = crcStep(crc, extra ? ((0xff00 >> (extra + 1)) & 0xff) | (c >> (6 * extra)) : c);
  for (let shift = 6 * (extra - 1); shift >= 0; shift -= 6) crc = crcStep(crc, 0x80 | ((c >> shift) & 0x3f));
  return crc;
}
const crcStep = (crc: number, byte: number) => (CRC_TABLE[((crc >>> 24) ^ byte) & 0xff] ^ (crc << 8)) >>> 0;

/**
 * pg_trgm's similarity(a, b) from two trigram sets (cnt_sml): shared trigrams over all of them, as float4; 0 when either
 * is empty. `b` may be read in place from a pool: its trigrams from `from` up to `to`.
 */
export function similarity(a: Trigrams, b: Trigrams, from = 0, to = b.length): number {
  const bLength = to - from;
  if (a.length === 0 || bLength === 0) return 0;
  let shared = 0;
  for (let i = 0, j = from; i < a.length && j < to;) {
    const order = a[i] - b[j];
    if (order === 0) shared++;
    if (order <= 0) i++;
    if (order >= 0) j++;
  }
  return Math.fround(shared / (a.length + bLength - shared));
}

/**
 * pg_trgm's word_similarity(a, b) (calc_word_similarity and iterate_word_similarity): the greatest
 * similarity of `a`'s trigram set to a run of `b`'s trigrams in order (trigramSequence), as float4.
 * Each run ends at a trigram `a` has; its start moves on while that raises the similarity.
 */
export function wordSimilarity(a: Trigrams, b: Int32Array): number {
  // each of b's trigrams numbered by its distinct value, and whether `a` has that value
  const ids = new Int32Array(b.length);
  const values: number[] = [];
  const found: boolean[] = [];
  for (let i = 0; i < b.length; i++) {
    let id = values.indexOf(b[i]);
    if (id < 0) {
      id = values.push(b[i]) - 1;
      found[id] = has(a, b[i]);
    }
    ids[i] = id;
  }
  const share = (common: number, distinct: number) => Math.fround(common / (a.length + distinct - common));
  const lastAt = new Int32Array(values.length).fill(-1);
  let [distinct, common, lower, best] = [0, 0, -1, 0];
  for (let upper = 0; upper < b.length; upper++) {
    const id = ids[upper];
    if (lower >= 0 || found[id]) {
      if (lastAt[id] < 0) {
        distinct++;
        if (found[id]) common++;
      }
      lastAt[id] = upper;
    }
    if (!found[id]) continue;
    if (lower === -1) [lower, distinct] = [upper, 1];
    let current = share(common, distinct);
    const before = lower;
    for (let [start, startCommon, startDistinct] = [lower, common, distinct]; start <= upper; start++) {
      const moved = share(startCommon, startDistinct);
      if (moved > current) [current, distinct, lower, common] = [moved, startDistinct, start, startCommon];
      if (lastAt[ids[start]] === start) {
        startDistinct--;
        if (found[ids[start]]) startCommon--;
      }
    }
    best = Math.max(best, current);
    for (let start = before; start < lower; start++) if (lastAt[ids[start]] === start) lastAt[ids[start]] = -1;
  }
  return best;
}

/** Whether a sorted trigram set holds a trigram. */
function has(set: Trigrams, trigram: number): boolean {
  for (let low = 0, high = set.length - 1; low <= high;) {
    const middle = (low + high) >>> 1;
    if (set[middle] === trigram) return true;
    if (set[middle] < trigram) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}
