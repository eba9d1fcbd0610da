import i18next from "i18next";
import { formatAmount, formatCount, formatPKR } from "@unibazaar/rules/money";

/**
 * The one money, amount and count format, shared with the server (chart axes: lib/axis-money.ts).
 * Built by hand, not with Intl.NumberFormat: the first number formatter loads the browser's locale
 * data, a long task of 80-200 ms on a phone while the first page draws.
 */
export { formatAmount, formatCount, formatPKR };

/**
 * Dates in the reader's language, through Intl: `en-PK` gives "24 Nov 2026, 4:30 pm"; `ur-PK` the
 * same digits with Urdu month names ("24 نومبر، 2026"). Numbers have the same digits in both.
 * They read the language at call time; components that show them re-render on a language switch
 * through their own `useTranslation`.
 */
export const currentLocale = () => (i18next.language?.startsWith("ur") ? "ur-PK" : "en-PK");

// Intl formatters are costly to build and a list page formats hundreds of values: one per locale and options
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(options: Intl.DateTimeFormatOptions) {
  const key = `${currentLocale()} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(currentLocale(), options)));
  return format;
}

/**
 * Builds the date formatter the home page's blog shows, in a task of its own just after startup: the
 * first Intl object loads the browser's locale data, which on a phone would otherwise swell the long
 * task of the first render.
 */
export function prepareFormats(): void {
  window.setTimeout(() => formatDate("2026-01-01"), 0);
}

const DAY: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric" };

/**
 * A day in the reader's time zone: "24 Nov 2026". A bare "2026-11-24" is that calendar day anywhere:
 * it is read and shown in UTC, which also spares the browser finding out its own time zone (the
 * costliest part of a first date format, a long task on a phone) where a page shows only days.
 */
export const formatDate = (iso: string): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(iso) ? dateFormat({ ...DAY, timeZone: "UTC" }).format(new Date(iso)) : dateFormat(DAY).format(new Date(iso));
/** A moment in the reader's time zone: "24 Nov 2026, 4:30 pm". */
export const formatDateTime = (iso: string): string => dateFormat({ ...DAY, hour: "numeric", minute: "2-digit" }).format(new Date(iso));

/** A moment with the caller's own fields (a weekday, a fixed time zone...), in the reader's language. */
export const formatWith = (date: Date, options: Intl.DateTimeFormatOptions): string => dateFormat(options).format(date);

/** A calendar month given as "2026-11" (or a date in it, read in UTC): "Nov 2026". */
export const formatMonth = (month: string): string => {
  const [year, m] = month.split("-").map(Number);
  return dateFormat({ month: "short", year: "numeric" }).format(new Date(year, m - 1, 1));
};
