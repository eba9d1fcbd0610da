import { similarity, trigramSequence, trigramsOf, wordSimilarity } from "./search-trigrams";
import { grown } from "./typed-arrays";

/**
 * A typed word's correction: the known words closest to it. The database's statements (search.ts:
 * wordTerm) and the search index's vocabulary (Vocabulary, below) find the near words the same way,
 * and this file chooses among them for both.
 */

/** A word as the search matches it: `known` (listings use it, or it is too short or a number to correct), its tsquery `term`. */
export type WordTerm = { known: boolean; term: string | null };

/** A known word near a typed one: its term, its trigram score and its edits from the typed word (search_edits). */
export type NearWord = { term: string; score: number; edits: number };

/** A search's distinct words, as the corrections take them (anything but a letter or a digit separates). */
export function searchWords(search: string): string[] {
  return [...new Set(search.split(/[^\p{L}\p{N}]+/u).filter(Boolean))];
}

/** Each word's term joined into the corrected query, or null when every word is known or one has no correction. */
export function correctedQuery(terms: WordTerm[]): string | null {
  if (terms.every((t) => t.known) || terms.some((t) => t.term === null)) return null;
  return terms.map((t) => t.term).join(" & ");
}

/** The words one edit away are looked for only when none of the similar words is. */
export const oneEditAwayNeeded = (similar: NearWord[]) => !similar.some((w) => w.edits <= 1);

/**
 * A typed word's term from the known words near it, the similar ones first (at most 5, ORed).
 * When some are at most 2 edits away, only the fewest edits away are kept, so a typo's word does not
 * bring the neighbours that merely share letters ("poer" finds "power", not "poetry"; "clasic" finds
 * "classic", not "basic").
 */
export function closestTerm(similar: NearWord[], oneEditAway: NearWord[] = []): WordTerm {
  const seen = new Set(similar.map((w) => w.term));
  const near = [...similar, ...oneEditAway.filter((w) => !seen.has(w.term))];
  const fewest = Math.min(...near.map((w) => w.edits));
  const closest = near
    .filter((w) => fewest > 2 || w.edits === fewest)
    .sort((a, b) => b.score - a.score || (a.term < b.term ? -1 : 1))
    .slice(0, 5);
  return { known: false, term: closest.length ? `(${closest.map((w) => w.term).join(" | ")})` : null };
}

/** A lexeme as a quoted tsquery term (search_term). */
export const searchTerm = (word: string) => `'${word.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

/** Whether a word is one the vocabulary keeps and corrections correct (search_word_kept): three characters or more, not a number. */
export const wordKept = (word: string) => characters(word).length >= 3 && !/^[0-9]+$/.test(word);

/** A word's characters (code points), as PostgreSQL's length, substr and levenshtein count them: the word itself without surrogate pairs. */
const characters = (word: string): string[] => (SURROGATE.test(word) ? Array.from(word) : (word as unknown as string[]));
const SURROGATE = /[\uD800-\uDFFF]/;

/** pg_trgm's thresholds as PostgreSQL has them by default: `%` (similarity) and `<%` (word_similarity). */
const SIMILARITY_THRESHOLD = 0.3;
const WORD_SIMILARITY_THRESHOLD = 0.6;
/** The similar words a statement keeps, the best first. */
const SIMILAR_KEPT = 10;

/**
 * The search index's own words (the listings' lexemes it holds, those wordKept keeps), with each
 * trigram's words, so a typed word's correction is found here as the database finds it in
 * `search_words` (search.ts: KNOWN_OR_SIMILAR, then ONE_EDIT_AWAY) without a statement.
 * search-words.test.ts compares the two on the same words.
 */
export class Vocabulary {
  private readonly numbers = new Map<string, number>();
  private readonly words: string[] = [];
  /** Each word's count of distinct trigrams, and its trigrams in order (trigramSequence) from `sequenceAt`. */
  private distinct = new Int32Array(1024);
  private sequenceAt = new Int32Array(1024);
  private sequences = new Int32Array(8192);
  private sequencesLength = 0;
  /** The words having each trigram, and the words of each length (in characters). */
  private readonly byTrigram = new Map<number, number[]>();
  private readonly byLength = new Map<number, number[]>();
  /** Whether a word has characters beyond the BMP (two UTF-16 units each), so it is compared by code points. */
  private astral = new Uint8Array(1024);
  /** A word's counts of shared trigrams while one is corrected (touched: the words counted). */
  private shared = new Int32Array(1024);
  /** Terms found so far, forgotten whenever a word is added (it may be a closer one). */
  private readonly terms = new Map<string, WordTerm>();

  constructor(private readonly unicodeWords: boolean) {}

  get size(): number {
    return this.words.length;
  }

  /** Takes a listing's lexeme: a word kept and new to it joins the vocabulary. */
  add(word: string): void {
    if (this.numbers.has(word) || !wordKept(word)) return;
    const number = this.words.push(word) - 1;
    this.numbers.set(word, number);
    this.terms.clear();
    this.distinct = grown(this.distinct, number + 1);
    this.sequenceAt = grown(this.sequenceAt, number + 1);
    this.shared = grown(this.shared, number + 1);
    this.astral = grown(this.astral, number + 1);
    this.astral[number] = Number(SURROGATE.test(word));
    const set = trigramsOf(word, this.unicodeWords);
    this.distinct[number] = set.length;
    for (const trigram of set) listAt(this.byTrigram, trigram).push(number);
    listAt(this.byLength, characters(word).length).push(number);
    const sequence = trigramSequence(word, this.unicodeWords);
    this.sequences = grown(this.sequences, this.sequencesLength + sequence.length + 1);
    this.sequenceAt[number] = this.sequencesLength;
    this.sequences[this.sequencesLength] = sequence.length;
    this.sequences.set(sequence, this.sequencesLength + 1);
    this.sequencesLength += sequence.length + 1;
  }

  /** A typed word's term: itself when known (or not one to correct), else the known words closest to it (closestTerm). */
  wordTerm(typed: string): WordTerm {
    let term = this.terms.get(typed);
    if (!term) {
      if (!wordKept(typed) || this.numbers.has(typed)) term = { known: true, term: searchTerm(typed) };
      else {
        const similar = this.similar(typed);
        term = closestTerm(similar, oneEditAwayNeeded(similar) ? this.oneEditAway(typed) : []);
      }
      // a cache, not a record: a search box's typos are endless
      if (this.terms.size >= 10_000) this.terms.clear();
      this.terms.set(typed, term);
    }
    return term;
  }

  /**
   * The words similar to a typed one as a whole (similarity at least 0.3: `%`) or as a part
   * (word_similarity at least 0.6: `<%`), scored by the greater, the best SIMILAR_KEPT by score
   * and then word (as KNOWN_OR_SIMILAR orders them). Only words sharing a trigram can be either.
   */
  private similar(typed: string): NearWord[] {
    const own = trigramsOf(typed, this.unicodeWords);
    const touched: number[] = [];
    for (const trigram of own) {
      for (const number of this.byTrigram.get(trigram) ?? []) {
        if (this.shared[number]++ === 0) touched.push(number);
      }
    }
    const near: Array<NearWord & { word: string }> = [];
    for (const number of touched) {
      const shared = this.shared[number];
      this.shared[number] = 0;
      const whole = Math.fround(shared / (own.length + this.distinct[number] - shared));
      // a run of the word's trigrams shares at most `shared` of the typed word's: its score is at most shared / own
      if (whole < SIMILARITY_THRESHOLD && Math.fround(shared / own.length) < WORD_SIMILARITY_THRESHOLD) continue;
      const at = this.sequenceAt[number];
      const part = wordSimilarity(own, this.sequences.subarray(at + 1, at + 1 + this.sequences[at]));
      if (whole < SIMILARITY_THRESHOLD && part < WORD_SIMILARITY_THRESHOLD) continue;
      const word = this.words[number];
      near.push({ word, term: searchTerm(word), score: Math.max(whole, part), edits: searchEdits(typed, word) });
    }
    near.sort((a, b) => b.score - a.score || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
    return near.slice(0, SIMILAR_KEPT).map(({ term, score, edits }) => ({ term, score, edits }));
  }

  /** The words of about the typed word's length one edit or one swap away (ONE_EDIT_AWAY), scored by similarity. */
  private oneEditAway(typed: string): NearWord[] {
    const own = characters(typed);
    if (own.length > 255) return [];
    const near: NearWord[] = [];
    const trigrams = trigramsOf(typed, this.unicodeWords);
    for (let length = own.length - 1; length <= own.length + 1; length++) {
      for (const number of this.byLength.get(length) ?? []) {
        const word = this.words[number];
        if (oneEditOrSwap(own, this.astral[number] ? Array.from(word) : word))
          near.push({
            term: searchTerm(word),
            score: similarity(trigrams, trigramsOf(word, this.unicodeWords)),
            edits: searchEdits(typed, word),
          });
      }
    }
    return near;
  }
}

/**
 * How many edits a known word is from a typed one (the search_edits function): 0 for a word the
 * typed one begins, a swap of neighbouring letters 1, else the letters added, dropped or changed
 * (levenshtein), 3 for anything over 2.
 */
export function searchEdits(typed: string, word: string): number {
  if (word.startsWith(typed)) return 0;
  const [own, theirs] = [characters(typed), characters(word)];
  if (own.length > 255 || theirs.length > 255) return 3;
  const edits = Math.min(editsWithin(own, theirs, 2), 3);
  return edits === 2 && swapped(own, theirs) ? 1 : edits;
}

/** levenshtein_less_equal: the edits between two words when at most `most`, else more than `most`. */
function editsWithin(a: ArrayLike<string>, b: ArrayLike<string>, most: number): number {
  if (Math.abs(a.length - b.length) > most) return most + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let smallest = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      smallest = Math.min(smallest, current[j]);
    }
    if (smallest > most) return most + 1;
    previous = current;
  }
  return previous[b.length];
}

/**
 * Whether two words are at most one edit apart (levenshtein_less_equal(a, b, 1) <= 1) or two
 * neighbouring characters swapped (search_swaps), in one pass: ONE_EDIT_AWAY's test, made for every
 * word of about the typed one's length.
 */
function oneEditOrSwap(a: ArrayLike<string>, b: ArrayLike<string>): boolean {
  if (a.length === b.length) {
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    let j = i + 1;
    while (j < a.length && a[j] === b[j]) j++;
    // nothing or one character changed, else a swap at i
    return j >= a.length || (j === i + 1 && a[i] === b[j] && a[j] === b[i] && sameFrom(a, b, j + 1));
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (long.length - short.length !== 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  for (; i < short.length; i++) if (short[i] !== long[i + 1]) return false;
  return true;
}

function sameFrom(a: ArrayLike<string>, b: ArrayLike<string>, from: number): boolean {
  for (let i = from; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Whether `b` is `a` with two neighbouring characters swapped (search_swaps), the same length. */
function swapped(a: ArrayLike<string>, b: ArrayLike<string>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i + 1 < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (a[i] !== b[i + 1] || a[i + 1] !== b[i]) return false;
    for (let j = i + 2; j < a.length; j++) if (a[j] !== b[j]) return false;
    return true;
  }
  return false;
}

function listAt<K>(lists: Map<K, number[]>, key: K): number[] {
  let list = lists.get(key);
  if (!list) lists.set(key, (list = []));
  return list;
}
