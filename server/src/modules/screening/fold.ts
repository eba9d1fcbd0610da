import { confusablesMap } from "confusables";

/**
 * Text folded for screening, with where each of its UTF-16 units came from in the message:
 * `from[i]`..`to[i]` is the part of the original text that unit `i` stands for (so a phone number
 * found in the folded text is masked in the message as written).
 */
export type Folded = { text: string; from: number[]; to: number[] };

/** Dropped: combining marks (keycap U+20E3, variation selectors too) and format characters (zero-width, bidi controls, soft hyphen). */
const INVISIBLE = /^[\p{M}\p{Cf}]$/u;
const DIGIT = /^\p{Nd}$/u;
const ARABIC_SCRIPT = /^\p{Script=Arabic}$/u;
const ASCII = /^[ -~\t\n\r]*$/;
const folds = new Map<string, string>();

/**
 * A decimal digit's value: Unicode lays out every digit script as 0 to 9 in a row, so the value is
 * the number of digits before it in its run, modulo 10.
 */
function digitValue(cp: number): string {
  let before = 0;
  while (DIGIT.test(String.fromCodePoint(cp - before - 1))) before++;
  return String(before % 10);
}

/** One code point, folded: NFKC (full-width, mathematical, circled digits), any script's digits to ASCII, lower case, look-alike letters to Latin (not in Urdu script, whose letters the rules read as they are). */
function foldCodePoint(ch: string): string {
  const cached = folds.get(ch);
  if (cached !== undefined) return cached;
  let out = "";
  for (const c of ch.normalize("NFKC")) {
    if (INVISIBLE.test(c)) continue;
    if (DIGIT.test(c)) out += c < "\u0080" ? c : digitValue(c.codePointAt(0)!);
    else {
      const lower = c.toLowerCase();
      out += ARABIC_SCRIPT.test(lower) ? lower : (confusablesMap.get(lower) ?? confusablesMap.get(c) ?? lower).toLowerCase();
    }
  }
  folds.set(ch, out);
  return out;
}

/** Folds the text code point by code point (see foldCodePoint); ASCII only changes case. */
export function foldCharacters(text: string): Folded {
  if (ASCII.test(text)) {
    const from = new Array<number>(text.length);
    const to = new Array<number>(text.length);
    for (let i = 0; i < text.length; i++) {
      from[i] = i;
      to[i] = i + 1;
    }
    return { text: text.toLowerCase(), from, to };
  }
  const pieces: string[] = [];
  const from: number[] = [];
  const to: number[] = [];
  for (let i = 0; i < text.length;) {
    const code = text.charCodeAt(i);
    const size = code >= 0xd800 && code <= 0xdbff ? 2 : 1;
    const folded =
      code < 0x80 ? (code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : text[i]) : foldCodePoint(text.slice(i, i + size));
    for (let k = 0; k < folded.length; k++) {
      from.push(i);
      to.push(i + size);
    }
    pieces.push(folded);
    i += size;
  }
  return { text: pieces.join(""), from, to };
}

/** A word of digits and o, l or i ("o3oo1234567", "l234"): those letters stand for 0 and 1. */
const DIGIT_LOOKALIKES = /(?<![a-z0-9])[oli]*\d[\doli]*(?![a-z0-9])/g;
const LOOKALIKE_DIGIT: Record<string, string> = { o: "0", l: "1", i: "1" };
/** Letters written one by one ("w h a t s a p p", "o.t.p", "a-d-v-a-n-c-e"): three or more. */
const SPACED_LETTERS = /(?<![\p{L}\p{N}])[a-z](?:[^\p{L}\p{N}\n]{1,3}[a-z](?![\p{L}\p{N}])){2,}/gu;
/** Symbols inside a word: "wh@tsapp", "ea$ypaisa"; a dash, underscore or star joining two words ("easy-paisa") reads as a space. */
const INSIDE_WORD = /(?<=[a-z])[@$\-_*~|](?=[a-z])/g;
const SYMBOL_LETTER: Record<string, string> = { "@": "a", $: "s" };

/**
 * The text as the rules read it: folded by code point, then look-alike digits, letters spelled
 * out one by one and symbols inside words undone. Offsets stay tied to the message.
 */
export function foldForScreening(text: string): Folded {
  return foldWords(foldCharacters(text));
}

/** foldForScreening's second step, on text already folded by code point. */
export function foldWords(folded: Folded): Folded {
  const text = folded.text
    .replace(DIGIT_LOOKALIKES, (digits) => digits.replace(/[oli]/g, (letter) => LOOKALIKE_DIGIT[letter]))
    .replace(INSIDE_WORD, (symbol) => SYMBOL_LETTER[symbol] ?? " ");
  const spaced = [...text.matchAll(SPACED_LETTERS)];
  if (!spaced.length) return { ...folded, text };
  // drop what separates the letters, with its offsets
  let out = "";
  const from: number[] = [];
  const to: number[] = [];
  let next = 0;
  const keep = (end: number) => {
    out += text.slice(next, end);
    for (let k = next; k < end; k++) {
      from.push(folded.from[k]);
      to.push(folded.to[k]);
    }
  };
  for (const m of spaced) {
    for (let k = m.index; k < m.index + m[0].length; k++) {
      if (text.charCodeAt(k) < 97 || text.charCodeAt(k) > 122) {
        keep(k);
        next = k + 1;
      }
    }
  }
  keep(text.length);
  return { text: out, from, to };
}
