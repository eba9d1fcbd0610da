import i18next from "i18next";
import { formatAmount, formatCount, formatPKR } from "@unibazaar/rules/money";

/**
 * The one money, amount and count format, shared with the server (chart axes: lib/axis-money.ts).
 * Built by hand, not with Intl.NumberFormat: the first number formatter loads the browser's locale
 * data, a long task of 80-200 ms on a phone while the first page draws.
 */
export { formatAmount, formatCount, formatPKR };

/**
 * Dates in the reader's language: "24 Nov 2026, 4:30 pm" in English; the same digits with Urdu
 * month names in Urdu ("24 نومبر، 2026، 4:30 PM"), as Intl's `en-PK` and `ur-PK` write them. The
 * days, moments and months every page shows are written by hand like amounts: the first Intl date
 * formatter loads the browser's locale data, a task of 30-50 ms on this machine (over 150 ms on a
 * phone) on every page that shows a date. They read the language at call time; components that
 * show them re-render on a language switch through their own `useTranslation`.
 */
export const currentLocale = () => (i18next.language?.startsWith("ur") ? "ur-PK" : "en-PK");

const MONTHS = {
  "en-PK": ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"],
  "ur-PK": ["جنوری", "فروری", "مارچ", "اپریل", "مئی", "جون", "جولائی", "اگست", "ستمبر", "اکتوبر", "نومبر", "دسمبر"],
};

/** The parts of a date, read in UTC or in the reader's time zone. */
type DateParts = { year: number; month: number; day: number };
const utcParts = (date: Date): DateParts => ({ year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate() });
const localParts = (date: Date): DateParts => ({ year: date.getFullYear(), month: date.getMonth(), day: date.getDate() });

/** "24 Nov 2026" or "24 نومبر، 2026". */
function writeDay({ year, month, day }: DateParts): string {
  const locale = currentLocale();
  return locale === "ur-PK" ? `${day} ${MONTHS[locale][month]}، ${year}` : `${day} ${MONTHS[locale][month]} ${year}`;
}

/**
 * A day in the reader's time zone: "24 Nov 2026". A bare "2026-11-24" is that calendar day anywhere:
 * it is read and shown in UTC.
 */
export const formatDate = (iso: string): string => {
  const date = new Date(iso);
  return writeDay(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? utcParts(date) : localParts(date));
};

/** A moment in the reader's time zone: "24 Nov 2026, 4:30 pm" (Urdu: "24 نومبر، 2026، 4:30 PM"). */
export const formatDateTime = (iso: string): string => {
  const date = new Date(iso);
  const hour = date.getHours();
  const urdu = currentLocale() === "ur-PK";
  const [am, pm] = urdu ? ["AM", "PM"] : ["am", "pm"];
  const time = `${hour % 12 || 12}:${String(date.getMinutes()).padStart(2, "0")} ${hour < 12 ? am : pm}`;
  return `${writeDay(localParts(date))}${urdu ? "، " : ", "}${time}`;
};

// the rarer shapes (a weekday, a fixed time zone) go through Intl: one formatter per locale and options
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment with the caller's own fields (a weekday, a fixed time zone...), in the reader's language. */
export const formatWith = (date: Date, options: Intl.DateTimeFormatOptions): string => {
  const key = `${currentLocale()} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(currentLocale(), options)));
  return format.format(date);
};

/** A calendar month given as "2026-11" (or a date in it, read in UTC): "Nov 2026". */
export const formatMonth = (month: string): string => {
  const [year, m] = month.split("-").map(Number);
  return `${MONTHS[currentLocale()][m - 1]} ${year}`;
};
