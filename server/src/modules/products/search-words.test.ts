import type { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wordTerm, type RunStatement } from "./search";
import { trigramSequence, trigramsOf, wordSimilarity } from "./search-trigrams";
import { Vocabulary, searchEdits } from "./search-words";
import { portsDatabase } from "./testing";

/**
 * The search index corrects a typed word from its own words as the database's statements correct it
 * from `search_words`: the same term for every typed word, on the same vocabulary. The vocabulary
 * has neighbours that compete (lamp, lamps, clamp, camp; power, powder, poetry), words with digits,
 * Urdu and accents; the typed words are each word with seeded typos of every kind, prefixes, upper
 * case, short words, numbers and words near nothing.
 */

const VOCABULARY = [
  ...["lamp", "lamps", "clamp", "camp", "damp", "lamb", "lump", "desk", "desks", "disk", "dusk", "chair", "chairs", "char", "charm"],
  ...["calculator", "calculate", "calculus", "calendar", "power", "powder", "poetry", "poet", "tower", "classic", "basic", "class"],
  ...["classical", "scarf", "scare", "sacred", "shoe", "shoes", "shore", "sole", "book", "books", "bookshelf", "notebook", "cook"],
  ...["jacket", "packet", "racket", "rocket", "kettle", "bottle", "battle", "phone", "phones", "headphone", "headphones", "charger"],
  ...["changer", "charging", "keyboard", "keyboards", "board", "mouse", "moose", "house", "wallet", "walled", "tablet", "table"],
  ...["cricket", "ticket", "thicket", "badminton", "sketchbook", "geometry", "geology", "dictionary", "fiction", "novel", "navel"],
  ...["wooden", "woolen", "golden", "garden", "durable", "curable", "compact", "contact", "impact", "vintage", "vantage", "elegant"],
  ...["leather", "weather", "feather", "modern", "modem", "handmade", "homemade", "traditional", "jersey", "jewellery", "jewelry"],
  ...["sunglasses", "glasses", "classes", "bracelet", "necklace", "kajal", "serum", "planner", "planter", "printer", "painter"],
  ...["10000mah", "iphone13", "usb3", "a4", "2nd", "café", "naïve", "résumé", "کتاب", "کتابیں", "کرسی", "قلم", "t-shirt"],
];

/** A seeded generator: the same typed words every run. */
function seeded(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
}

/** A word with one typo: a letter changed, dropped, added, doubled, or two neighbours swapped. */
function typo(random: () => number, word: string): string {
  const letters = Array.from(word);
  const at = Math.floor(random() * letters.length);
  const letter = "abcdefghijklmnopqrstuvwxyz"[Math.floor(random() * 26)];
  switch (Math.floor(random() * 5)) {
    case 0:
      letters[at] = letter;
      break;
    case 1:
      letters.splice(at, 1);
      break;
    case 2:
      letters.splice(at, 0, letter);
      break;
    case 3:
      letters.splice(at, 0, letters[at]);
      break;
    default:
      if (at + 1 < letters.length) [letters[at], letters[at + 1]] = [letters[at + 1], letters[at]];
  }
  return letters.join("");
}

function typedWords(): string[] {
  const random = seeded(7);
  const words = VOCABULARY.flatMap((word) => {
    const once = Array.from({ length: 4 }, () => typo(random, word));
    return [
      ...once,
      typo(random, once[0]),
      word.slice(0, Math.ceil(word.length / 2) + 1),
      word.toUpperCase(),
      word[0].toUpperCase() + word.slice(1),
    ];
  });
  const odd = [
    "xylophone",
    "zzzzzz",
    "qqq",
    "ab",
    "12345",
    "lapm",
    "sacrf",
    "soe",
    "poer",
    "clasic",
    "calcu",
    "kitaab",
    "کتب",
    "cafe",
    "naive",
  ];
  return [...new Set([...words, ...odd, ...VOCABULARY])].filter(Boolean);
}

let db: Client;
let vocabulary: Vocabulary;
let unicodeWords: boolean;

beforeAll(async () => {
  ({ db, unicodeWords } = await portsDatabase());
  // the words as listings' lexemes (the 'simple' configuration splits "t-shirt"), the kept ones as search_words holds them
  await db.query("DELETE FROM search_words");
  const lexemes = await db.query<{ word: string }>(`SELECT DISTINCT unnest(tsvector_to_array(to_tsvector('simple', $1))) AS word`, [
    VOCABULARY.join(" "),
  ]);
  await db.query(`INSERT INTO search_words (word) SELECT w FROM unnest($1::text[]) w WHERE search_word_kept(w)`, [
    lexemes.rows.map((r) => r.word),
  ]);
  vocabulary = new Vocabulary(unicodeWords);
  for (const { word } of lexemes.rows) vocabulary.add(word);
});
afterAll(() => db?.end());

describe("typo corrections from the search index's own words", () => {
  it("keeps the words search_words keeps: three characters or more, not numbers", async () => {
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM search_words");
    expect(vocabulary.size).toBe(rows[0].n);
    expect(vocabulary.size).toBeGreaterThan(100);
  });

  it("scores words as pg_trgm's word_similarity does, float for float", async () => {
    const typed = typedWords();
    const words = VOCABULARY.filter((_, i) => i % 3 === 0);
    const { rows } = await db.query<{ typed: string; word: string; score: string }>(
      `SELECT t AS typed, w AS word, word_similarity(t, w)::text AS score FROM unnest($1::text[]) t, unnest($2::text[]) w`,
      [typed, words],
    );
    const wrong = rows.filter(
      (row) =>
        wordSimilarity(trigramsOf(row.typed, unicodeWords), trigramSequence(row.word, unicodeWords)) !== Math.fround(Number(row.score)),
    );
    expect(wrong.slice(0, 3)).toEqual([]);
    expect(rows.filter((row) => Number(row.score) >= 0.6 && Number(row.score) < 1).length).toBeGreaterThan(100);
  });

  it("counts edits as the search_edits function does", async () => {
    const typed = typedWords().filter((_, i) => i % 2 === 0);
    const words = VOCABULARY.filter((_, i) => i % 4 === 0);
    const { rows } = await db.query<{ typed: string; word: string; edits: number }>(
      `SELECT t AS typed, w AS word, search_edits(t, w) AS edits FROM unnest($1::text[]) t, unnest($2::text[]) w`,
      [typed, words],
    );
    expect(rows.filter((row) => searchEdits(row.typed, row.word) !== row.edits).slice(0, 3)).toEqual([]);
    expect(new Set(rows.map((row) => row.edits))).toEqual(new Set([0, 1, 2, 3]));
  });

  it("corrects every typed word to the term the database's statements find", async () => {
    const run: RunStatement = async (text, values) => (await db.query(text, values)).rows as object[];
    const typed = typedWords();
    const wrong: Array<{ typed: string; index: unknown; database: unknown }> = [];
    let corrected = 0;
    for (const word of typed) {
      const [index, database] = [vocabulary.wordTerm(word), await wordTerm(run, word)];
      if (JSON.stringify(index) !== JSON.stringify(database)) wrong.push({ typed: word, index, database });
      if (!database.known && database.term) corrected++;
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    // most typos found a correction, some of them among several near words
    expect(corrected).toBeGreaterThan(500);
    expect(typed.filter((word) => vocabulary.wordTerm(word).term?.includes(" | ")).length).toBeGreaterThan(20);
  });

  it("learns a word added later, and forgets the corrections made before it", () => {
    const words = new Vocabulary(unicodeWords);
    for (const word of ["lamp", "desk"]) words.add(word);
    expect(words.wordTerm("xylophne")).toEqual({ known: false, term: null });
    words.add("xylophone");
    expect(words.wordTerm("xylophne")).toEqual({ known: false, term: "('xylophone')" });
    expect(words.wordTerm("xylophone")).toEqual({ known: true, term: "'xylophone'" });
  });
});
