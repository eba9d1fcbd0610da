/**
 * The screening rules, as reviewed data: what makes a chat message carry a safety card. Patterns run
 * on folded text (see fold.ts: lower case, NFKC, look-alike letters to Latin, every script's digits
 * to ASCII, no combining marks, zero-width or bidi characters, spaced-out letters joined).
 * Each entry has tests in screening.test.ts, including what must not be flagged.
 */

export const SCREEN_FLAGS = [
  "phone",
  "messaging_app",
  "wallet_or_account",
  "advance_payment",
  "code_request",
  "courier_first",
  "offsite_link",
] as const;
export type ScreenFlag = (typeof SCREEN_FLAGS)[number];

/** Digits people spell out, in English, Roman Urdu and Urdu script. */
export const NUMBER_WORDS: Record<string, string> = {
  zero: "0",
  oh: "0",
  o: "0",
  sifr: "0",
  sifar: "0",
  sefar: "0",
  صفر: "0",
  one: "1",
  aik: "1",
  ek: "1",
  ایک: "1",
  two: "2",
  do: "2",
  دو: "2",
  three: "3",
  teen: "3",
  tin: "3",
  تین: "3",
  four: "4",
  char: "4",
  chaar: "4",
  چار: "4",
  five: "5",
  paanch: "5",
  panch: "5",
  پانچ: "5",
  six: "6",
  chay: "6",
  chhe: "6",
  che: "6",
  چھ: "6",
  seven: "7",
  saat: "7",
  sat: "7",
  سات: "7",
  eight: "8",
  aath: "8",
  aat: "8",
  آٹھ: "8",
  nine: "9",
  nau: "9",
  no: "9",
  نو: "9",
};

/** Words that repeat the next digit: "double zero" is 00. */
export const REPEAT_WORDS: Record<string, number> = { double: 2, dubble: 2, dabal: 2, triple: 3, tripple: 3 };

/**
 * A Pakistani mobile number once its digits are joined: 03xx xxxxxxx, 92 3xx xxxxxxx, 0092 3xx xxxxxxx.
 * Landlines and other countries are left out: too close to prices, ISBNs and serial numbers.
 */
export const PHONE_DIGITS = /^(?:03\d{9}|923\d{9}|00923\d{9})$/;

/** Between two pieces of one number: anything but letters and digits ("0300:123|4567", "0300 ~ 1234567"). */
export const NUMBER_GLUE = /^[^\p{L}\p{N}]*$/u;

/** Words that join two pieces of one number: "0300 and 1234567". */
export const GLUE_WORDS = new Set(["and", "aur", "or", "n", "then", "phir"]);

const w = (words: string) => `(?:${words})`;
const PAY = w("payment|paise|paisay|pese|paisa|pay|rupay|rupees|raqam|amount|money|پیسے|ادائیگی|رقم");
const SEND = w(
  "bhej\\w*|bhij\\w*|send|kar\\s?do|kr\\s?do|kar\\s?dein|kardo|krdo|transfer|de\\s?do|dedo|bata\\s?do|batao|share|forward|بھیج\\w*|دیں|بتا\\w*",
);
const FIRST = w("pehle|pehlay|pahle|pehley|first|before|پہلے");

/** Per flag, the patterns that raise it (on normalised text). */
export const PATTERNS: Record<Exclude<ScreenFlag, "offsite_link">, RegExp[]> = {
  phone: [
    // asking for or giving a number, without the digits
    /\b(?:apna|mera|meri|mujhe|your|my|ur|contact|mobile|cell|phone|whats\s?app)\s+(?:whats\s?app\s+|contact\s+|phone\s+|mobile\s+)?(?:number|no\.?|num)\b/,
    /\b(?:number|no\.?)\s+(?:de\s?do|dedo|do|bhejo|share|send|dein|batao)\b/,
    /\bcall\s+(?:me|karo|kro|kar\s+lo|kar\s+lena|kar\s+leta|kar\s+do)\b/,
    /(?:میرا|اپنا)\s+نمبر|نمبر\s+(?:دیں|بھیج)/,
  ],
  messaging_app: [
    /\bwh?ats?\s?app?\b|\bwhats?\s?ap\b|\bwtsapp?\b|\bwhtsapp?\b|\bwatsap+\b/,
    /\bwa\.me\b|\bchat\.whatsapp\.com\b|\bt\.me\/|\btelegram\b|\bsignal\s+(?:pe|par|per|on)\b|\binstagram\b|\binsta\s+(?:pe|par|dm)\b|\bsnapchat\b/,
    /\bwa\s+(?:pe|par|per|on|kar|kr|kro|karo|number|no)\b/,
    /واٹس\s?ایپ|واٹساپ|وٹس\s?ایپ|ٹیلیگرام|ٹیلی\s?گرام/,
  ],
  wallet_or_account: [
    /\beasy\s?paisa\b|\bjazz\s?cash\b|\bsada\s?pay\b|\bnaya\s?pay\b|\bu\s?paisa\b|\braast\b/,
    /\biban\b|\bpk\d{2}\s?[a-z]{4}(?:\s?\d{4}){4}\b/,
    /\b(?:account|acc|a\/c)\s*(?:number|no\.?|#)|\bbank\s+(?:transfer|account|details)\b/,
    /ایزی\s?پیسہ|جاز\s?کیش|بینک\s+اکاؤنٹ|اکاؤنٹ\s+نمبر/,
  ],
  advance_payment: [
    // "thanks in advance" is politeness, "advanced" a book title
    /(?<!(?:thanks|thank\s+you|thankyou|thx|shukriya)\s+in\s+)\badvance\b/,
    new RegExp(`\\b${FIRST}\\s+${PAY}|\\b${PAY}\\s+${FIRST}\\b`),
    new RegExp(`\\b(?:pay|send\\s+(?:the\\s+)?(?:money|payment))\\s+${FIRST}\\b`),
    /\btoken\s+(?:money|amount)\b|\bbooking\s+(?:amount|fee|ke\s+liye)\b/,
    /ایڈوانس|پیشگی|پہلے\s+(?:پیسے|ادائیگی|رقم)/,
  ],
  code_request: [
    /\botp\b/,
    new RegExp(`\\b(?:code|pin)\\b.{0,30}\\b${SEND}|\\b${SEND}.{0,30}\\b(?:verification\\s+|\\d\\s*digit\\s+)code\\b`),
    /\b(?:verification|sms|\d\s*digit)\s+code\b|\bcode\s+(?:aya|aaya|ayega|received|you\s+(?:just\s+)?(?:got|received))\b/,
    /کوڈ|او\s?ٹی\s?پی/,
  ],
  courier_first: [
    new RegExp(
      `\\b(?:courier|tcs|leopards?|parcel|m&p|trax)\\b.{0,40}(?:${FIRST}|${PAY}|advance|charges)|(?:${PAY}|${FIRST}).{0,40}\\b(?:courier|tcs|leopards?)\\b`,
    ),
    /\bcourier\s+(?:it|kar\w*)\b.{0,30}\b(?:after|pay)/,
  ],
};

/**
 * The endings of a bare domain (no scheme, no path) that count as an address: the common ones, and
 * any two-letter country code after a name of three letters or more. Any other needs a scheme or a
 * path ("evil.dev/pay"), so a missing space ("ok.so", "done.now", "book.new") is not taken for a link.
 */
export const BARE_LINK_TLDS = new Set(
  "com pk net org io me ly co app link xyz info shop store site online gl dev top tk ml ga cf gq click live biz page cash pay".split(" "),
);
export function isBareLinkHost(host: string): boolean {
  const labels = host.split(".");
  const tld = labels[labels.length - 1];
  return BARE_LINK_TLDS.has(tld) || (tld.length === 2 && labels[labels.length - 2].length >= 3);
}

/** What the recipient of a flagged message is told, once per conversation. */
export const SAFETY_ADVICE = "Never pay before you meet; UniBazaar never asks for a code.";
