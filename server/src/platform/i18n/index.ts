import { formatOrderNumber } from "../shared/order-number";
import { rupees } from "../shared/money";
import { en, type MessageKey } from "./en";
import { ur } from "./ur";

export type { MessageKey } from "./en";

/** The languages the app speaks; a user's choice is kept on their account (users.language). */
export const LANGUAGES = ["en", "ur"] as const;
export type Language = (typeof LANGUAGES)[number];
export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);
/** A stored or asked-for language, English when it is not one the app has. */
export const languageOr = (value: unknown): Language => (isLanguage(value) ? value : "en");

/**
 * What the server says, stored as a key and parameters rather than a sentence, so each reader gets
 * it in their own language. Parameters by name: `…Paisa` an amount, `order` an order number, `…At`
 * an ISO time, `status` an order status, `lines` lines already in the reader's language (not
 * isolated); anything else (names, titles, reasons) is shown as given.
 */
export type PhraseParams = Record<string, string | number>;
export type Phrase = { key: MessageKey; params?: PhraseParams };

const CATALOGUES: Record<Language, Record<MessageKey, string>> = { en, ur };

/** First strong isolate … pop directional isolate: an English name, price or number inside Urdu keeps its own direction (Unicode's plain-text `<bdi>`). */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** A time as people read it in a notice: "Tue 2 Dec, 14:30 (Pakistan time)", or the same in Urdu. */
export function formatTime(at: Date, language: Language): string {
  const format = new Intl.DateTimeFormat(language === "ur" ? "ur-PK" : "en-GB", {
    timeZone: "Asia/Karachi",
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
  }).format(at);
  return language === "ur" ? `${format} (پاکستانی وقت)` : `${format.replace(/(\d{4}|\w{3}) (\d{2}:\d{2})$/, "$1, $2")} (Pakistan time)`;
}

function param(name: string, value: string | number, language: Language): string {
  if (name.endsWith("Paisa")) return rupees(Number(value));
  if (name === "order") return formatOrderNumber(Number(value));
  if (name.endsWith("At")) return formatTime(new Date(value), language);
  if (name === "status") return CATALOGUES[language][`status.${value}` as MessageKey] ?? String(value);
  return String(value);
}

/** `key`'s plural form for `params.count` where `catalogue` has one ("key_one"), else `key` itself. */
export function pluralKey<K extends string>(catalogue: Partial<Record<K, string>>, key: K, params: PhraseParams, language: Language): K {
  if (typeof params.count !== "number") return key;
  const plural = `${key}_${new Intl.PluralRules(language).select(params.count)}` as K;
  return plural in catalogue ? plural : key;
}

/** A template with each `{{name}}` filled in `language` (each parameter isolated in right-to-left text). */
export function fill(template: string, params: PhraseParams, language: Language): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (!(name in params)) return "";
    const text = param(name, params[name], language);
    return language === "ur" && name !== "lines" ? isolate(text) : text;
  });
}

/** `phrase` in `language`: its template with each parameter filled in (isolated in right-to-left text). */
export function render(language: Language, phrase: Phrase): string {
  const catalogue = CATALOGUES[language];
  const params = phrase.params ?? {};
  const key = pluralKey(catalogue, phrase.key, params, language);
  return fill(catalogue[key] ?? en[key] ?? key, params, language);
}
