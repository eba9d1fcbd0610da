/**
 * PostgreSQL's search functions ported to the bit, so an in-process index ranks as the database does:
 * `vector @@ query` (tsvector_op.c: TS_execute) and `ts_rank(vector, query)` (tsrank.c); pg_trgm's
 * `similarity` is in search-trigrams.ts. Each store into a C `float` is a Math.fround, in the C
 * source's order of operations, so every float4 comes out identical (search-rank.test.ts compares
 * them with PostgreSQL's).
 */

/** A tsquery's tree, parsed from PostgreSQL's text output of a tsquery. */
export type TsQuery =
  | { kind: "term"; lexeme: string; prefix: boolean; weights: number } // weights: bitmask of allowed weights (bit 0 = D ... bit 3 = A), 0 = any
  | { kind: "not"; arg: TsQuery }
  | { kind: "and" | "or"; left: TsQuery; right: TsQuery }
  | { kind: "phrase"; distance: number; left: TsQuery; right: TsQuery };

/** A position's bits in a packed WordEntryPos (its weight takes the two above), and the greatest position a tsvector holds. */
const POSITION = 0x3fff;

/** A lexeme as tsvectorout and tsqueryout quote it: a quote doubled, a backslash before a backslash. */
const QUOTED = String.raw`'((?:[^'\\]|''|\\[^])*)'`;
const unquote = (quoted: string) => quoted.replace(/''|\\([^])/g, (_, escaped?: string) => escaped ?? "'");
/** A tsquery's tokens: a quoted operand with its modifiers (`:*AB`), or an operator or parenthesis. */
const QUERY_TOKEN = new RegExp(String.raw`\s*(?:${QUOTED}(?::([*A-Da-d]*))?|([!()&|]|<(?:-|\d+)>))`, "y");
/** A tsvector's entries: a quoted lexeme with its positions, each weight but D (the default) printed as a letter. */
const VECTOR_ENTRY = new RegExp(String.raw`\s*${QUOTED}(?::(\d+[A-D]?(?:,\d+[A-D]?)*))?`, "y");

const malformed = (what: string, text: string): never => {
  throw new Error(`not PostgreSQL's text of a ${what}: ${JSON.stringify(text)}`);
};

/** `text` read as matches of `pattern` (sticky), one after the other to its end. */
function tokens(pattern: RegExp, text: string, what: string): RegExpExecArray[] {
  const read: RegExpExecArray[] = [];
  for (pattern.lastIndex = 0; pattern.lastIndex < text.length;) read.push(pattern.exec(text) ?? malformed(what, text));
  return read;
}

/** null for the empty query (''). Binary operators are left-associative (| below & below <N>); `!` takes what follows. */
export function parseTsquery(text: string): TsQuery | null {
  const read = tokens(QUERY_TOKEN, text, "tsquery");
  let next = 0;
  const operand = (): TsQuery => {
    const [, lexeme, modifiers = "", operator] = read[next++] ?? malformed("tsquery", text);
    if (operator === "!") return { kind: "not", arg: operand() };
    if (operator === "(") {
      const inner = expression(1);
      return read[next++]?.[3] === ")" ? inner : malformed("tsquery", text);
    }
    if (lexeme === undefined) malformed("tsquery", text);
    const weights = [...modifiers.toUpperCase().replace("*", "")].reduce((bits, letter) => bits | (1 << "DCBA".indexOf(letter)), 0);
    return { kind: "term", lexeme: unquote(lexeme), prefix: modifiers.includes("*"), weights };
  };
  const expression = (lowest: number): TsQuery => {
    for (let left = operand(); ;) {
      const operator = read[next]?.[3] ?? "";
      const priority = operator === "|" ? 1 : operator === "&" ? 2 : operator.startsWith("<") ? 3 : 0;
      if (priority < lowest) return left;
      next++;
      const right = expression(priority + 1);
      const distance = operator === "<->" ? 1 : Number(operator.slice(1, -1));
      left = priority === 3 ? { kind: "phrase", distance, left, right } : { kind: priority === 1 ? "or" : "and", left, right };
    }
  };
  if (read.length === 0) return null;
  const query = expression(1);
  return next === read.length ? query : malformed("tsquery", text);
}

/** A tsvector's text output: each lexeme with its positions packed as PostgreSQL's WordEntryPos (weight << 14 | position; weight 3 = A … 0 = D); a lexeme printed without positions gets an empty array. */
export function parseTsvector(text: string): Array<{ lexeme: string; positions: number[] }> {
  return tokens(VECTOR_ENTRY, text, "tsvector").map(([, lexeme, positions]) => ({
    lexeme: unquote(lexeme),
    positions: positions?.split(",").map((p) => ("DCBA".indexOf(/[A-D]?$/.exec(p)![0] || "D") << 14) | parseInt(p)) ?? [],
  }));
}

// ---- vector @@ query (tsvector_op.c) ----
/** TSTernaryValue: a phrase's operand present but without positions MAYBE matches. */
const [NO, YES, MAYBE] = [0, 1, 2] as const;
type Ternary = typeof NO | typeof YES | typeof MAYBE;

/** Where a sub-match of a phrase holds (ExecPhraseData): at `positions`, or everywhere else when `negate`; `width` is its length less one. */
type PhraseMatch = { positions: ArrayLike<number>; negate: boolean; width: number };
const NOWHERE: ArrayLike<number> = [];
/** Which positions TS_phrase_output emits: those only on the left, only on the right, on both. */
const [LEFT_ONLY, RIGHT_ONLY, BOTH] = [1, 2, 4];
const ALL = LEFT_ONLY | RIGHT_ONLY | BOTH;

type Lookup = { positionsOf: (lexeme: string) => ArrayLike<number> | null; startingWith?: (prefix: string) => Iterable<string> };

/**
 * vector @@ query, as PostgreSQL's TS_execute decides it. `positionsOf(lexeme)` answers that lexeme's packed
 * positions in the vector (empty when printed without any), null when absent. A prefix term (`:*`) also asks
 * `lexemesStartingWith(prefix)` for every lexeme of the vector that starts with it (itself included, any order);
 * a query with one throws without it. The empty query (parseTsquery's null) matches nothing.
 */
export function tsMatches(query: TsQuery, positionsOf: Lookup["positionsOf"], lexemesStartingWith?: Lookup["startingWith"]): boolean {
  return matches(query, { positionsOf, startingWith: lexemesStartingWith });
}

/** TS_execute_recurse, two-valued here: outside a phrase an operand without positions matches, and a phrase that cannot tell (MAYBE) does not. */
function matches(node: TsQuery, vector: Lookup): boolean {
  if (node.kind === "term") return operand(node, vector, null) === YES;
  if (node.kind === "not") return !matches(node.arg, vector);
  if (node.kind === "phrase") return phrase(node, vector, null) === YES;
  return node.kind === "and"
    ? matches(node.left, vector) && matches(node.right, vector)
    : matches(node.left, vector) || matches(node.right, vector);
}

/** TS_phrase_execute: `data` (null only for the topmost phrase) receives where `node` matches. */
function phrase(node: TsQuery, vector: Lookup, data: PhraseMatch | null): Ternary {
  if (node.kind === "term") return operand(node, vector, data);
  if (node.kind === "not") {
    const result = phrase(node.arg, vector, data);
    if (result === MAYBE) return MAYBE;
    // below the topmost phrase, so data is there: "nowhere" becomes "everywhere", positions their complement
    const somewhere = result === NO || data!.positions.length > 0;
    data!.negate = result === NO || (somewhere && !data!.negate);
    return somewhere ? YES : NO;
  }
  const left: PhraseMatch = { positions: NOWHERE, negate: false, width: 0 };
  const right: PhraseMatch = { positions: NOWHERE, negate: false, width: 0 };
  const either = node.kind === "or";
  const leftResult = phrase(node.left, vector, left);
  if (leftResult === NO && !either) return NO;
  const rightResult = phrase(node.right, vector, right);
  if (rightResult === NO && (!either || leftResult === NO)) return NO;
  if (leftResult === MAYBE || rightResult === MAYBE) return MAYBE;
  // an OR's side that failed has no width; AND and OR align the narrower side to the wider one's right end
  const leftWidth = leftResult === NO ? 0 : left.width;
  const rightWidth = rightResult === NO ? 0 : right.width;
  const width = node.kind === "phrase" ? node.distance + leftWidth + rightWidth : Math.max(leftWidth, rightWidth);
  if (data) data.width = width;
  const leftOffset = node.kind === "phrase" ? node.distance + rightWidth : width - leftWidth;
  const rightOffset = node.kind === "phrase" ? 0 : width - rightWidth;
  const emit = (which: number) => output(data, left, right, which, leftOffset, rightOffset);
  if (!left.negate && !right.negate) return emit(either ? ALL : BOTH);
  if (!either && !(left.negate && right.negate)) return emit(left.negate ? RIGHT_ONLY : LEFT_ONLY);
  // !L & !R is !(L | R); an OR with a negated side is the negation of an AND
  emit(!either ? ALL : left.negate && right.negate ? BOTH : left.negate ? LEFT_ONLY : RIGHT_ONLY);
  if (data) data.negate = true;
  return YES;
}

/** TS_phrase_output: merges both sides' positions (each shifted by its offset) into `data`; read back as 14 bits, one past 16383 wraps as in C. */
function output(data: PhraseMatch | null, left: PhraseMatch, right: PhraseMatch, emit: number, leftBy: number, rightBy: number): Ternary {
  const emitted: number[] = [];
  const [l, r] = [left.positions, right.positions];
  for (let li = 0, ri = 0; li < l.length || ri < r.length;) {
    if ((li >= l.length && !(emit & RIGHT_ONLY)) || (ri >= r.length && !(emit & LEFT_ONLY))) break;
    const leftAt = li < l.length ? (l[li] & POSITION) + leftBy : Infinity;
    const rightAt = ri < r.length ? (r[ri] & POSITION) + rightBy : Infinity;
    const at = leftAt < rightAt ? emit & LEFT_ONLY && leftAt : leftAt === rightAt ? emit & BOTH && rightAt : emit & RIGHT_ONLY && rightAt;
    if (leftAt <= rightAt) li++;
    if (leftAt >= rightAt) ri++;
    if (at > 0 && !data) return YES;
    if (at > 0) emitted.push(at);
  }
  if (!data || emitted.length === 0) return NO;
  data.positions = emitted;
  return YES;
}

/** checkcondition_str: the term's lexeme, or each lexeme it is a prefix of, whose positions (merged) go to `data`. */
function operand(term: TsQuery & { kind: "term" }, vector: Lookup, data: PhraseMatch | null): Ternary {
  const exact = vector.positionsOf(term.lexeme);
  const result = exact === null ? NO : weighted(exact, term.weights, data);
  if (!term.prefix || (result === YES && !data)) return result;
  if (!vector.startingWith) throw new Error(`tsMatches needs lexemesStartingWith for the prefix term '${term.lexeme}':*`);
  if (data) data.positions = NOWHERE;
  const merged: number[] = [];
  for (const lexeme of vector.startingWith(term.lexeme)) {
    const positions = vector.positionsOf(lexeme);
    const found = positions === null ? NO : weighted(positions, term.weights, data);
    if (found === YES && !data) return YES;
    // one of them without positions leaves the whole uncertain
    if (found === MAYBE) return MAYBE;
    if (found === NO || !data) continue;
    for (let i = 0; i < data.positions.length; i++) merged.push(data.positions[i] & POSITION);
    data.positions = NOWHERE;
  }
  if (!data || merged.length === 0) return NO;
  data.positions = merged.sort((a, b) => a - b).filter((position, i) => position !== merged[i - 1]);
  return YES;
}

/** checkclass_str: whether some position has an allowed weight; a lexeme without positions matches whatever the weights, only MAYBE in a phrase. */
function weighted(positions: ArrayLike<number>, weights: number, data: PhraseMatch | null): Ternary {
  if (positions.length === 0) return data ? MAYBE : YES;
  if (!weights) {
    if (data) data.positions = positions;
    return YES;
  }
  const kept: number[] = [];
  for (let i = 0; i < positions.length; i++) if (weights & (1 << (positions[i] >> 14))) kept.push(positions[i] & POSITION);
  if (data && kept.length > 0) data.positions = kept;
  return kept.length > 0 ? YES : NO;
}

// ---- ts_rank (tsrank.c) ----
/** ts_rank's default weights of D, C, B and A, as float4s. */
const WEIGHTS = Float32Array.of(0.1, 0.2, 0.4, 1.0);
/** word_distance(d) for d up to 100 (beyond, 1e-30f): computed in double, returned as float4. */
const WORD_DISTANCE = Float32Array.from({ length: 101 }, (_, d) => 1 / (1.005 + 0.05 * Math.exp(d / 1.5 - 2)));
const FAR = Math.fround(1e-30);
/** What calc_rank answers for a negative rank (an AND query none of whose pairs is in the vector). */
const NEGATIVE_RANK = Math.fround(1e-20);
/** The query's distinct operands as SortAndUniqItems orders them, whether calc_rank_and ranks it, and a prefix term it holds. */
type RankPlan = { terms: string[]; conjunctive: boolean; prefix?: string };
const plans = new WeakMap<TsQuery, RankPlan>();

function planOf(query: TsQuery): RankPlan {
  let plan = plans.get(query);
  if (plan) return plan;
  const operands: Array<{ lexeme: string; bytes: Buffer; prefix: boolean }> = [];
  const collect = (node: TsQuery): unknown =>
    node.kind === "term"
      ? operands.push({ lexeme: node.lexeme, bytes: Buffer.from(node.lexeme), prefix: node.prefix })
      : node.kind === "not"
        ? collect(node.arg)
        : [collect(node.left), collect(node.right)];
  collect(query);
  // byte-wise, shorter first (tsCompareString), each once
  const terms = operands
    .sort((a, b) => Buffer.compare(a.bytes, b.bytes))
    .filter((operand, i, sorted) => i === 0 || !operand.bytes.equals(sorted[i - 1].bytes))
    .map((operand) => operand.lexeme);
  const prefix = operands.find((operand) => operand.prefix)?.lexeme;
  plans.set(query, (plan = { terms, conjunctive: query.kind === "and" || query.kind === "phrase", prefix }));
  return plan;
}

/** The query's distinct operands in the order PostgreSQL's ranking (SortAndUniqItems in tsrank.c) takes them. */
export function rankTerms(query: TsQuery): string[] {
  return [...planOf(query).terms];
}

/**
 * ts_rank(vector, query) with default weights {0.1,0.2,0.4,1.0} and normalization 0, as the float4 PostgreSQL returns.
 * `terms` is rankTerms(query); the vector's packed positions for terms[i] are read in place from `pool`, where
 * `positionsAt(i)` points at their count (0 when printed without any) and they follow it; -1 when the vector lacks that
 * lexeme (the search index's layout: no array is made per lexeme and listing). `vectorIsEmpty`: PostgreSQL ranks an empty
 * vector 0, where a non-empty one that misses an AND query ranks 1e-20. Query weights do not restrict ranking, as in
 * PostgreSQL. A prefix term (:*), which websearch_to_tsquery never makes, ranks each lexeme it starts (and which of a
 * plain and a prefixed operand ranks turns on PostgreSQL's unstable qsort): tsRank throws for one rather than rank otherwise.
 */
export function tsRank(
  query: TsQuery,
  terms: readonly string[],
  pool: Uint16Array,
  positionsAt: (i: number) => number,
  vectorIsEmpty = false,
): number {
  const plan = planOf(query);
  if (plan.prefix !== undefined) throw new Error(`tsRank does not rank the prefix term '${plan.prefix}':*`);
  if (vectorIsEmpty) return 0;
  const rank = plan.conjunctive && terms.length >= 2 ? rankAnd(terms.length, pool, positionsAt) : rankOr(terms.length, pool, positionsAt);
  return rank < 0 ? NEGATIVE_RANK : rank;
}

/** Where the terms' positions seen so far by calc_rank_and are (reused: ranking never re-enters). */
const seen: number[] = [];

/** calc_rank_and: every pair of occurrences of two different terms, closer pairs weighing more. */
function rankAnd(size: number, pool: Uint16Array, positionsAt: (i: number) => number): number {
  let rank = -1;
  for (let i = 0; i < size; i++) {
    seen[i] = positionsAt(i);
    for (let k = 0; k < i && seen[i] >= 0; k++) if (seen[k] >= 0) rank = pairUp(pool, seen[i], seen[k], rank);
  }
  return rank;
}

/**
 * calc_rank_and's inner loops: the occurrences of one term paired with another's. A term without
 * positions stands at the last position with weight D, and pairs even at distance 0.
 */
function pairUp(pool: Uint16Array, current: number, other: number, rank: number): number {
  const [currentCount, otherCount] = [pool[current], pool[other]];
  const stoodIn = currentCount === 0 || otherCount === 0;
  for (let l = 0; l < (currentCount || 1); l++) {
    const at = currentCount ? pool[current + 1 + l] : POSITION;
    for (let p = 0; p < (otherCount || 1); p++) {
      const to = otherCount ? pool[other + 1 + p] : POSITION;
      const distance = Math.abs((at & POSITION) - (to & POSITION));
      if (!distance && !stoodIn) continue;
      const closeness = distance === 0 || distance > 100 ? FAR : WORD_DISTANCE[distance];
      const weight = Math.fround(Math.sqrt(Math.fround(Math.fround(WEIGHTS[at >> 14] * WEIGHTS[to >> 14]) * closeness)));
      rank = rank < 0 ? weight : Math.fround(1 - (1 - rank) * (1 - weight));
    }
  }
  return rank;
}

/** calc_rank_or: each term's occurrences, the n-th weighing 1/n² of its weight (the heaviest counted in full), averaged over the terms. */
function rankOr(size: number, pool: Uint16Array, positionsAt: (i: number) => number): number {
  let rank = 0;
  for (let i = 0; i < size; i++) {
    const at = positionsAt(i);
    if (at >= 0) rank = Math.fround(rank + occurrences(pool, at) / 1.64493406685);
  }
  return size > 0 ? Math.fround(rank / size) : rank;
}

/** calc_rank_or's float sum for one lexeme (divided by π²/6 in double by the caller, as C does); a lexeme without positions counts once at weight D. */
function occurrences(pool: Uint16Array, at: number): number {
  const count = pool[at];
  let sum = 0;
  let heaviest = -1;
  let heaviestAt = 0;
  for (let j = 0; j < (count || 1); j++) {
    const weight = WEIGHTS[count ? pool[at + 1 + j] >> 14 : 0];
    sum = Math.fround(sum + Math.fround(weight / ((j + 1) * (j + 1))));
    heaviestAt = weight > heaviest ? j : heaviestAt;
    heaviest = Math.max(weight, heaviest);
  }
  return Math.fround(Math.fround(heaviest + sum) - Math.fround(heaviest / ((heaviestAt + 1) * (heaviestAt + 1))));
}
