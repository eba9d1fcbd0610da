import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { parseTsquery, parseTsvector, rankTerms, tsMatches, tsRank, type TsQuery } from "./search-rank";
import { similarity, trigramsOf } from "./search-trigrams";
import { portsDatabase } from "./testing";

let db: Client;
/** Whether the database counts letters beyond ASCII as word characters (pg_trgm), from its LC_CTYPE. */
let unicodeWords: boolean;

beforeAll(async () => {
  ({ db, unicodeWords } = await portsDatabase());
});
afterAll(() => db?.end());

/** A seeded generator (mulberry32): the same cases every run. */
function seeded(seed: number) {
  const next = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  return { next, int, pick };
}

const WORDS = [
  ...["lamp", "lamps", "desk", "table", "chair", "chairs", "study", "book", "books", "notes", "physics", "calculator", "laptop"],
  ...["charger", "bag", "cycle", "bicycle", "kettle", "fan", "mattress", "pillow", "shoes", "guitar", "phone", "cover", "used"],
  ...["new", "wooden", "steel", "blue", "red", "LED", "Lamp", "DESK", "Desk", "wi-fi", "e-bike", "2023", "i7", "128gb", "15"],
  ...["café", "naïve", "Résumé", "Straße", "İstanbul", "ΣΟΦΑΣ", "کتاب", "میز", "کرسی", "پنکھا", "نیا", "استعمال", "۲۰۲۳"],
];
const FILLERS = ["in", "good", "condition", "with", "for", "sale", "only", "month", "the", "and", "a", "hostel", "pickup", "(used)"];
/** The lexemes of WORDS as to_tsvector('simple', ...) makes them (lower-cased; a hyphenated word also gives its parts). */
const LEXEMES = [...new Set(WORDS.flatMap((word) => [word, ...word.split("-")]).map((word) => word.toLowerCase()))];

/** Lists of positions laid out as the search index keeps them: each one's count, then its positions (`at`: where; -1 for none). */
function packedPositions(lists: Array<ArrayLike<number> | null>): { pool: Uint16Array; at: number[] } {
  const pool: number[] = [];
  const at = lists.map((list) => (list ? pool.push(list.length, ...Array.from(list)) - list.length - 1 : -1));
  return { pool: Uint16Array.from(pool), at };
}

/** The port's answers for a vector and query as PostgreSQL prints them, a search string and a name. */
function port(vectorText: string, queryText: string, search = "", name = "") {
  const entries = parseTsvector(vectorText);
  const positions = new Map(entries.map((entry) => [entry.lexeme, entry.positions]));
  const positionsOf = (lexeme: string) => positions.get(lexeme) ?? null;
  // in the vector's order, as PostgreSQL prints it
  const startingWith = (prefix: string) => entries.filter((entry) => entry.lexeme.startsWith(prefix)).map((entry) => entry.lexeme);
  const query = parseTsquery(queryText);
  const terms = query ? rankTerms(query) : [];
  // tsRank refuses prefix terms (which websearch_to_tsquery never makes)
  const packed = packedPositions(terms.map(positionsOf));
  const rank = !query ? 0 : queryText.includes("':*") ? null : tsRank(query, terms, packed.pool, (i) => packed.at[i], entries.length === 0);
  const similar = similarity(trigramsOf(search, unicodeWords), trigramsOf(name, unicodeWords));
  return {
    query,
    matches: query !== null && tsMatches(query, positionsOf, startingWith),
    rank,
    similar,
    score: rank === null ? null : Math.fround(rank + similar),
  };
}

/** PostgreSQL's float4 text (extra_float_digits = 3) as the float4 it is. */
const float4 = (text: string) => Math.fround(Number(text));

/** tsqueryout's text of a tree: parentheses where priorities (or a phrase on the right of a phrase) need them. */
function print(query: TsQuery, parent = 0, rightOfPhrase = false): string {
  if (query.kind === "term") {
    const weights = [..."ABCD"].filter((_, i) => query.weights & (8 >> i)).join("");
    const modifiers = query.prefix || query.weights ? `:${query.prefix ? "*" : ""}${weights}` : "";
    return `'${query.lexeme.replace(/['\\]/g, "$&$&")}'${modifiers}`;
  }
  const priority = { not: 4, phrase: 3, and: 2, or: 1 }[query.kind];
  const operator = query.kind === "phrase" ? (query.distance === 1 ? "<->" : `<${query.distance}>`) : query.kind === "or" ? "|" : "&";
  const text =
    query.kind === "not"
      ? `!${print(query.arg, priority)}`
      : `${print(query.left, priority)} ${operator} ${print(query.right, priority, query.kind === "phrase")}`;
  return priority < parent || (query.kind === "phrase" && rightOfPhrase) ? `( ${text} )` : text;
}

/** Texts at pg_trgm's edges: empty, one letter, letters beyond ASCII whose lower case is special, other scripts' digits, symbols. */
const ODD_TEXTS = [
  "",
  " ",
  "a",
  "ab",
  "A-B c!",
  "İstanbul İİ",
  "ΣΟΦΑΣ σοφας",
  "Straße STRASSE",
  "۲۰۲۳ ٢٠٢٣ 2023",
  "naïve café",
  "☕ tea ✨",
];
ODD_TEXTS.push("x😀y 𝐀𝐁𝐂", "کتاب اور کرسی", "پرانا لیپ ٹاپ i7", "ÅNGSTRÖM Ångström", "ǅemal ǆ", "KELVIN K");

/** trigramsOf and similarity (to `search`) of each text against pg_trgm's show_trgm and similarity in `client`'s database. */
async function trigramDifferences(client: Client, texts: string[], search: string, unicode: boolean) {
  const { rows } = await client.query<{ text: string; trigrams: string[]; similarity: string }>(
    `SELECT t AS text, show_trgm(t) AS trigrams, similarity(t, $2)::text AS similarity
       FROM unnest($1::text[]) WITH ORDINALITY AS c(t, i) ORDER BY i`,
    [texts, search],
  );
  // show_trgm prints a trigram that is not three ASCII letters, digits or spaces as its bytes in hexadecimal
  const asNumber = (trigram: string) => {
    const bytes = /^0x[0-9a-f]{6}$/.test(trigram)
      ? [16, 8, 0].map((shift) => (parseInt(trigram, 16) >> shift) & 0xff)
      : [...Buffer.from(trigram)];
    return ((bytes[0] ^ 0x80) << 16) | ((bytes[1] ^ 0x80) << 8) | (bytes[2] ^ 0x80);
  };
  const searched = trigramsOf(search, unicode);
  const wrong = differences(rows, (row) => ({
    trigrams: [[...trigramsOf(row.text, unicode)].join(), row.trigrams.map(asNumber).join()],
    similarity: [similarity(trigramsOf(row.text, unicode), searched), float4(row.similarity)],
  }));
  return { rows, wrong };
}

type Case = { name: string; description: string };

/** A listing's name and description from the vocabulary: words repeat, some descriptions run long or say one word again and again. */
function listing(random: ReturnType<typeof seeded>): Case {
  const words = (count: number) => Array.from({ length: count }, () => (random.next() < 0.6 ? random.pick(WORDS) : random.pick(FILLERS)));
  const name = random.next() < 0.02 ? random.pick(["!!!", "", "☕ ✨", "--"]) : words(1 + random.int(4)).join(" ");
  const length = random.pick([0, 3, 8, 15, 30, 60, 200]);
  const description = words(length);
  if (random.next() < 0.15) description.push(...Array.from({ length: 5 + random.int(300) }, () => random.pick(name.split(" "))));
  if (random.next() < 0.2) description.splice(random.int(description.length + 1), 0, ...name.split(" "));
  return { name, description: description.join(random.pick([" ", ", ", ". "])) };
}

/** A search as a student types it: one to three words, some quoted together, some negated, or one `or` another. */
function search(random: ReturnType<typeof seeded>, listed: Case): string {
  const known = `${listed.name} ${listed.description}`.split(/[ ,.]+/).filter(Boolean);
  const word = () => (known.length && random.next() < 0.7 ? random.pick(known) : random.pick(WORDS));
  const parts = Array.from({ length: 1 + random.int(3) }, word);
  const form = random.int(6);
  if (form === 1 && parts.length > 1) return `"${parts.join(" ")}"`;
  if (form === 2 && parts.length > 1) return `${parts[0]} or ${parts.slice(1).join(" ")}`;
  if (form === 3) return `${parts.slice(0, -1).join(" ")} -${parts.at(-1)}`.trim();
  if (form === 4 && parts.length > 1) return `"${parts.slice(0, 2).join(" ")}" ${parts.slice(2).join(" ")}`.trim();
  return parts.join(random.pick([" ", "  ", " ,"]));
}

/** A spelling correction as the app makes it: alternatives of one word, maybe and another. */
function correction(random: ReturnType<typeof seeded>): string {
  const lexeme = () => `'${random.pick(LEXEMES)}'`;
  const alternatives = `( ${lexeme()} | ${lexeme()} )`;
  return random.pick([alternatives, `${alternatives} & ${lexeme()}`, lexeme(), `${lexeme()} & ${lexeme()}`]);
}

/** Any tsquery text, mostly of the listing's words: prefixes, weights, NOT (also inside phrases), phrases at distances 0 to 3. */
function anyQuery(random: ReturnType<typeof seeded>, listed: Case, depth: number): string {
  if (depth === 0 || random.next() < 0.3) {
    const weights = random.next() < 0.35 ? [..."ABCD"].filter(() => random.next() < 0.5).join("") : "";
    const prefix = random.next() < 0.2;
    const known = `${listed.name} ${listed.description}`
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    const lexeme = known.length && random.next() < 0.7 ? random.pick(known) : random.pick(LEXEMES);
    const modifiers = prefix || weights ? `:${prefix ? "*" : ""}${weights}` : "";
    return `'${prefix ? lexeme.slice(0, 1 + random.int(lexeme.length)) : lexeme}'${modifiers}`;
  }
  if (random.next() < 0.2) return `!( ${anyQuery(random, listed, depth - 1)} )`;
  const operator = random.pick(["&", "|", "<->", "<->", "<0>", "<2>", "<3>"]);
  return `( ${anyQuery(random, listed, depth - 1)} ${operator} ${anyQuery(random, listed, depth - 1)} )`;
}

/** The cases that differ from PostgreSQL, each with what differs. */
function differences<T extends Record<string, unknown>>(rows: T[], compare: (row: T) => Record<string, [unknown, unknown]>) {
  return rows.flatMap((row) => {
    const wrong = Object.entries(compare(row)).filter(([, [ours, theirs]]) => !Object.is(ours, theirs));
    return wrong.length ? [{ row, wrong: Object.fromEntries(wrong) }] : [];
  });
}

describe("search-rank", () => {
  it("parses PostgreSQL's text of tsvectors and tsqueries: quotes, backslashes, prefixes, weights, phrases, nested NOT", async () => {
    const { rows } = await db.query<{ vector: string; query: string; empty: string; unicode: string }>(
      String.raw`SELECT $$'it''s':1A,7 'a\\b':2B 'plain' 'x':3C,16383 'کتاب':4$$::tsvector::text AS vector,
                        $$!!'a' <-> !( 'b\\c':*AB | 'd''e' ) <2> ( 'f':D <-> 'g' ) & !'h':*$$::tsquery::text AS query,
                        ''::tsquery::text AS empty, $$'😀' 'Ａ' 'z' 'é'$$::tsvector::text AS unicode`,
    );
    expect(parseTsvector(rows[0].vector)).toEqual([
      { lexeme: "a\\b", positions: [(2 << 14) | 2] },
      { lexeme: "it's", positions: [(3 << 14) | 1, 7] },
      { lexeme: "plain", positions: [] },
      { lexeme: "x", positions: [(1 << 14) | 3, 16383] },
      { lexeme: "کتاب", positions: [4] },
    ]);
    const term = (lexeme: string, prefix = false, weights = 0): TsQuery => ({ kind: "term", lexeme, prefix, weights });
    const query = parseTsquery(rows[0].query)!;
    expect(query).toEqual({
      kind: "and",
      left: {
        kind: "phrase",
        distance: 2,
        left: {
          kind: "phrase",
          distance: 1,
          left: { kind: "not", arg: { kind: "not", arg: term("a") } },
          right: { kind: "not", arg: { kind: "or", left: term("b\\c", true, 0b1100), right: term("d'e") } },
        },
        right: { kind: "phrase", distance: 1, left: term("f", false, 0b0001), right: term("g") },
      },
      right: { kind: "not", arg: term("h", true) },
    });
    expect(print(query)).toBe(rows[0].query);
    expect(parseTsquery(rows[0].empty)).toBeNull();
    expect(rankTerms(query)).toEqual(["a", "b\\c", "d'e", "f", "g", "h"]);
    // UTF-8's byte order, which tsvectorout prints lexemes in, not UTF-16's
    expect(rankTerms(parseTsquery("'😀' | 'Ａ' | 'z' | 'é'")!)).toEqual(parseTsvector(rows[0].unicode).map((entry) => entry.lexeme));
    expect(() => parseTsquery("'a' & ")).toThrow(/tsquery/);
    expect(() => tsRank(query, rankTerms(query), new Uint16Array(0), () => -1)).toThrow("tsRank does not rank the prefix term 'b\\c':*");
    expect(() => parseTsvector("'a':x")).toThrow(/tsvector/);
  });

  it("decides @@ and ranks as PostgreSQL for searches as the app makes them (3,000 listings and searches)", async () => {
    const random = seeded(15);
    const cases = Array.from({ length: 3000 }, () => {
      const listed = listing(random);
      return { ...listed, search: search(random, listed), corrected: random.next() < 0.3 ? correction(random) : null };
    });
    const { rows } = await db.query<{ vector: string; query: string; matches: boolean; rank: string; similarity: string; score: string }>(
      `SELECT v::text AS vector, q::text AS query, v @@ q AS matches, ts_rank(v, q)::text AS rank,
              similarity(s, n)::text AS similarity, (ts_rank(v, q) + similarity(s, n))::text AS score
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS c(n, d, s, corrected, i),
              LATERAL (SELECT setweight(to_tsvector('simple', n), 'A') || setweight(to_tsvector('simple', d), 'B') AS v,
                              CASE WHEN corrected IS NULL THEN websearch_to_tsquery('simple', s)
                                   ELSE websearch_to_tsquery('simple', s) || corrected::tsquery END AS q) x
        ORDER BY i`,
      [cases.map((c) => c.name), cases.map((c) => c.description), cases.map((c) => c.search), cases.map((c) => c.corrected)],
    );
    const wrong = differences(
      rows.map((row, i) => ({ ...row, ...cases[i] })),
      (row) => {
        const ours = port(row.vector, row.query, row.search, row.name);
        return {
          query: [ours.query && print(ours.query), row.query || null],
          matches: [ours.matches, row.matches],
          rank: [ours.rank, float4(row.rank)],
          similarity: [ours.similar, float4(row.similarity)],
          score: [ours.score, float4(row.score)],
        };
      },
    );
    expect(wrong.slice(0, 3)).toEqual([]);
    // the kinds of case the parity covers
    expect(rows.filter((row) => row.matches).length).toBeGreaterThan(1000);
    expect(rows.filter((row) => row.query.includes("<->")).length).toBeGreaterThan(200);
    expect(rows.filter((row) => row.query.includes("!")).length).toBeGreaterThan(200);
    expect(rows.filter((row, i) => cases[i].corrected && row.matches).length).toBeGreaterThan(300);
    expect(rows.filter((row) => /[^ -~]/.test(row.vector) && float4(row.similarity) > 0).length).toBeGreaterThan(100);
    expect(new Set(rows.map((row) => row.rank)).size).toBeGreaterThan(800);
  });

  it("decides @@ and ranks as PostgreSQL for any tsquery: prefixes, weights, NOT inside phrases, lexemes without positions (2,000)", async () => {
    const random = seeded(7);
    const cases = Array.from({ length: 2000 }, () => {
      const listed = listing(random);
      return { ...listed, query: anyQuery(random, listed, 3), vector: random.int(4) };
    });
    const { rows } = await db.query<{ vector: string; query: string; matches: boolean; rank: string }>(
      `SELECT v::text AS vector, q::text AS query, v @@ q AS matches, ts_rank(v, q)::text AS rank
         FROM unnest($1::text[], $2::text[], $3::tsquery[], $4::int[]) WITH ORDINALITY AS c(n, d, q, kind, i),
              LATERAL (SELECT CASE kind
                                WHEN 0 THEN setweight(to_tsvector('simple', n), 'A') || setweight(to_tsvector('simple', d), 'B')
                                WHEN 1 THEN strip(to_tsvector('simple', n)) || setweight(to_tsvector('simple', d), 'C')
                                WHEN 2 THEN setweight(to_tsvector('simple', n), 'C') || strip(to_tsvector('simple', d))
                                ELSE to_tsvector('simple', n) || setweight(to_tsvector('simple', d), 'A') END AS v) x
        ORDER BY i`,
      [cases.map((c) => c.name), cases.map((c) => c.description), cases.map((c) => c.query), cases.map((c) => c.vector)],
    );
    const wrong = differences(rows, (row) => {
      const ours = port(row.vector, row.query);
      return {
        query: [ours.query && print(ours.query), row.query],
        matches: [ours.matches, row.matches],
        rank: [ours.rank ?? float4(row.rank), float4(row.rank)],
      };
    });
    expect(wrong.slice(0, 3)).toEqual([]);
    expect(rows.filter((row) => row.matches).length).toBeGreaterThan(300);
    expect(rows.filter((row) => row.matches && row.query.includes(":*")).length).toBeGreaterThan(50);
    expect(rows.filter((row) => row.matches && /<\d*-?>/.test(row.query) && row.query.includes("!")).length).toBeGreaterThan(30);
    expect(rows.filter((row) => row.matches && /':[A-D]/.test(row.query)).length).toBeGreaterThan(30);
    expect(rows.filter((row) => !row.query.includes("':*")).length).toBeGreaterThan(1000);
  });

  it("decides phrases as PostgreSQL where negations meet inside them and positions pass 16383", async () => {
    const vectors = ["'a':5 'b':1 'c':5,7 'd':2 'x':9", "'a':1,16383 'b':2 'c':3B 'd':16383", "'a' 'b':1 'c':2"];
    const queries = [
      "( 'a' <16383> !'x' ) <-> 'c'",
      "'a' <16383> 'c'",
      "( 'a' <16384> !'x' ) <2> 'b'",
      "'d' <-> ( !'b' | !'c' )",
      "'b' <6> ( !'a' | !'c' )",
      "'b' <3> ( !'a' | 'c' )",
      "( !'a' & !'c' ) <-> 'a'",
      "'a' <2> !( 'c' | 'x' )",
      "!'a' <-> !'b'",
      "'b' <-> ( 'c':B | !'c' )",
      "'a' <0> 'c'",
      "'b' <-> 'c' <-> !'a'",
      "'a' <-> ( 'b' <-> 'c' )",
      "!( 'a' <-> 'b' ) <-> 'c'",
      "'b' <-> 'c':A",
      "'a' <-> 'b' | 'x'",
      "!!'a' <-> 'b'",
    ];
    const pairs = vectors.flatMap((vector) => queries.map((query) => ({ vector, query })));
    const { rows } = await db.query<{ vector: string; query: string; matches: boolean }>(
      `SELECT v::text AS vector, q::text AS query, v @@ q AS matches FROM unnest($1::tsvector[], $2::tsquery[]) AS c(v, q)`,
      [pairs.map((pair) => pair.vector), pairs.map((pair) => pair.query)],
    );
    expect(differences(rows, (row) => ({ matches: [port(row.vector, row.query).matches, row.matches] }))).toEqual([]);
    expect(rows.filter((row) => row.matches).length).toBeGreaterThan(10);
  });

  it("weighs two words by their distance as PostgreSQL's word_distance (1 to 120 apart, every pair of weights)", async () => {
    const pairs = Array.from({ length: 120 * 16 }, (_, i) => ({
      apart: 1 + (i >> 4),
      weights: ["A", "B", "C", "D"][i & 3] + ["A", "B", "C", "D"][(i >> 2) & 3],
    }));
    const vectors = pairs.map(({ apart, weights }) => `'a':1${weights[0]} 'b':${1 + apart}${weights[1]}`);
    const { rows } = await db.query<{ vector: string; rank: string }>(
      `SELECT v::text AS vector, ts_rank(v, 'a & b')::text AS rank FROM unnest($1::tsvector[]) WITH ORDINALITY AS c(v, i) ORDER BY i`,
      [vectors],
    );
    expect(differences(rows, (row) => ({ rank: [port(row.vector, "'a' & 'b'").rank, float4(row.rank)] }))).toEqual([]);
  });

  it("takes pg_trgm's trigrams (show_trgm) and similarity: ASCII, accents, Urdu, digits, symbols", async () => {
    const random = seeded(3);
    const names = Array.from({ length: 500 }, () => listing(random).name);
    const { rows, wrong } = await trigramDifferences(db, [...names, ...ODD_TEXTS], "Desk Lamp کتاب café", unicodeWords);
    expect(wrong.slice(0, 3)).toEqual([]);
    expect(rows.filter((row) => row.trigrams.some((trigram) => trigram.startsWith("0x"))).length).toBeGreaterThan(unicodeWords ? 20 : -1);
  });

  it("takes only ASCII letters and digits for words under LC_CTYPE C", async () => {
    const admin = new Client({ connectionString: inject("databaseServerUrl") });
    await admin.connect();
    const name = `${inject("testDatabasePrefix")}ctype_c`;
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`);
    const url = new URL(inject("databaseServerUrl"));
    url.pathname = `/${name}`;
    const asciiOnly = new Client({ connectionString: url.toString() });
    try {
      await asciiOnly.connect();
      await asciiOnly.query("CREATE EXTENSION pg_trgm");
      const { rows, wrong } = await trigramDifferences(asciiOnly, ODD_TEXTS, "cafe desk کتاب", false);
      expect(wrong).toEqual([]);
      expect(rows.find((row) => row.text === "کتاب اور کرسی")?.trigrams).toEqual([]);
    } finally {
      await asciiOnly.end();
      await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
      await admin.end();
    }
  });
});
