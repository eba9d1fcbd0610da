import { LINK, NUMBER_GLUE, NUMBER_WORDS, PATTERNS, PHONE_DIGITS, REPEAT_WORDS, SCREEN_FLAGS, type ScreenFlag } from "./rules";

const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF\u00AD]/;
const URDU_DIGIT_ZERO = 0x06f0; // ۰ to ۹
const ARABIC_DIGIT_ZERO = 0x0660; // ٠ to ٩

/**
 * Lower case, NFKC (full-width digits, ligatures), Urdu and Arabic-Indic digits to ASCII, zero-width
 * characters to spaces. Character by character, so an offset in the result is the same offset in
 * the message (phone numbers are masked in the original text).
 */
export function normalise(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    const code = ch.charCodeAt(0);
    // ASCII: only the case changes (NFKC leaves it as it is)
    if (code < 0x80) out += code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : ch;
    else if (code >= URDU_DIGIT_ZERO && code <= URDU_DIGIT_ZERO + 9) out += String(code - URDU_DIGIT_ZERO);
    else if (code >= ARABIC_DIGIT_ZERO && code <= ARABIC_DIGIT_ZERO + 9) out += String(code - ARABIC_DIGIT_ZERO);
    else if (ZERO_WIDTH.test(ch)) out += " ";
    else {
      const folded = ch.normalize("NFKC").toLowerCase();
      out += folded.length === 1 ? folded : ch;
    }
  }
  return out;
}

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
    const glued = NUMBER_GLUE.test(text.slice(lastEnd, start));
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

/** Where the text holds a Pakistani mobile number (digits, spelled out, or both), as [start, end) offsets. */
export function phoneSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const run of numberPieces(normalise(text))) {
    for (let i = 0; i < run.length; i++) {
      let digits = "";
      for (let j = i; j < run.length && digits.length < 14; j++) {
        digits += run[j].digits;
        if (PHONE_DIGITS.test(digits)) {
          spans.push([run[i].start, run[j].end]);
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
  const normal = normalise(text).replace(/\s+/g, " ");
  const raised = new Set<ScreenFlag>();
  if (phoneSpans(text).length) raised.add("phone");
  for (const [flag, patterns] of Object.entries(PATTERNS) as Array<[ScreenFlag, RegExp[]]>) {
    if (patterns.some((p) => p.test(normal))) raised.add(flag);
  }
  for (const [link] of normal.matchAll(LINK)) {
    if (!siteHosts.some((host) => hostOf(link) === host)) raised.add("offsite_link");
  }
  return { flags: SCREEN_FLAGS.filter((f) => raised.has(f)) };
}

function hostOf(link: string): string {
  try {
    return new URL(/^https?:\/\//.test(link) ? link : `http://${link}`).host;
  } catch {
    return link;
  }
}

/** The text with every phone number's digits replaced by •, keeping its first two ("03••••••••••"). */
export function maskPhones(text: string): string {
  let masked = text;
  for (const [start, end] of phoneSpans(text).reverse()) {
    masked = masked.slice(0, start) + masked.slice(start, end).replace(/[\p{L}\p{N}]+/gu, "•••") + masked.slice(end);
  }
  return masked;
}
