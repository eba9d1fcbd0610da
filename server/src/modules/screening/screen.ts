import { LinkifyIt } from "linkify-it";
import tlds from "tlds";
import { foldCharacters, foldForScreening, foldWords, type Folded } from "./fold";
import {
  GLUE_WORDS,
  isBareLinkHost,
  NUMBER_GLUE,
  NUMBER_WORDS,
  PATTERNS,
  PHONE_DIGITS,
  REPEAT_WORDS,
  SCREEN_FLAGS,
  type ScreenFlag,
} from "./rules";

const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true }).tlds(tlds);
/** Defanged addresses ("hxxps://", "evil[.]com") read as the addresses they stand for. */
const DEFANGED = /\bhxxp(s?):\/\/|\[\.\]|\(\.\)/g;

type Piece = { start: number; end: number; digits: string };
const TOKEN = /\d+|[\p{L}\p{M}]+/gu;

/** Digits and spelled-out digits of the text, in order; a word that is neither ends a number. */
function numberPieces(text: string): Piece[][] {
  const runs: Piece[][] = [];
  let run: Piece[] = [];
  let lastEnd = 0;
  let repeat = 1;
  for (const m of text.matchAll(TOKEN)) {
    const start = m.index;
    const token = m[0];
    const digits = /^\d/.test(token) ? token : NUMBER_WORDS[token];
    // what lies between matters only once a number has begun
    const glued = run.length === 0 && repeat === 1 ? true : NUMBER_GLUE.test(text.slice(lastEnd, start));
    if (GLUE_WORDS.has(token) && glued && run.length) {
      lastEnd = start + token.length;
      continue;
    }
    if (!glued || (digits === undefined && !REPEAT_WORDS[token])) {
      if (run.length) runs.push(run);
      run = [];
      repeat = 1;
    }
    lastEnd = start + token.length;
    if (REPEAT_WORDS[token]) {
      repeat = REPEAT_WORDS[token];
      continue;
    }
    if (digits === undefined) continue;
    run.push({ start, end: lastEnd, digits: digits[0].repeat(repeat) + digits.slice(1) });
    repeat = 1;
  }
  if (run.length) runs.push(run);
  return runs;
}

/** Where the text holds a Pakistani mobile number (digits, spelled out, or both), as [start, end) offsets of the message. */
export function phoneSpans(text: string): Array<[number, number]> {
  return foldedPhoneSpans(foldForScreening(text));
}

function foldedPhoneSpans(folded: Folded): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const run of numberPieces(folded.text)) {
    for (let i = 0; i < run.length; i++) {
      let digits = "";
      for (let j = i; j < run.length && digits.length < 14; j++) {
        digits += run[j].digits;
        if (PHONE_DIGITS.test(digits)) {
          spans.push([folded.from[run[i].start], folded.to[run[j].end - 1]]);
          i = j;
          break;
        }
      }
    }
  }
  return spans;
}

export type Screening = { flags: ScreenFlag[] };

/**
 * The screening of one chat message: which warning flags it raises (in SCREEN_FLAGS order). Links
 * to `siteHosts` (the site itself) are not off-site.
 */
export function screenMessage(text: string, siteHosts: string[] = []): Screening {
  const characters = foldCharacters(text);
  const folded = foldWords(characters);
  const normal = folded.text.replace(/\s+/g, " ");
  const raised = new Set<ScreenFlag>();
  if (foldedPhoneSpans(folded).length) raised.add("phone");
  for (const [flag, patterns] of Object.entries(PATTERNS) as Array<[ScreenFlag, RegExp[]]>) {
    if (patterns.some((p) => p.test(normal))) raised.add(flag);
  }
  if (hasOffsiteLink(characters.text, siteHosts)) raised.add("offsite_link");
  return { flags: SCREEN_FLAGS.filter((f) => raised.has(f)) };
}

/**
 * Whether the text (folded by code point) holds an address that is not the site's: with a scheme
 * (defanged ones too), an e-mail, or a bare domain ending in any TLD. A bare domain without a path
 * counts only with one of the endings people use for links (isBareLinkHost): "price.final" and
 * "done.now" are typos, not addresses.
 */
function hasOffsiteLink(folded: string, siteHosts: string[]): boolean {
  const plain = folded.replace(DEFANGED, (m: string, s?: string) => (m.startsWith("h") ? `http${s ?? ""}://` : "."));
  // an address has no spaces and has a dot, a colon or an @: linkify (a search over every TLD)
  // reads only such words; a link to the site is judged by linkify too, which ends it where another
  // address glued to it ("unibazaar.pk/x<evil.tk") begins
  for (const word of plain.split(/\s+/)) {
    if (!/[.:@]./.test(word)) continue;
    for (const match of linkify.match(word) ?? []) {
      const url = new URL(match.url);
      if (siteHosts.includes(url.host)) continue;
      const bare = match.schema === "" && !match.raw.startsWith("www.") && url.pathname === "/" && !url.search;
      if (!bare || isBareLinkHost(url.hostname)) return true;
    }
  }
  return false;
}

/** The text with every phone number's digits replaced by •, keeping its first two ("03••••••••••"). */
export function maskPhones(text: string): string {
  let masked = text;
  for (const [start, end] of phoneSpans(text).reverse()) {
    masked = masked.slice(0, start) + masked.slice(start, end).replace(/[\p{L}\p{N}]+/gu, "•••") + masked.slice(end);
  }
  return masked;
}
