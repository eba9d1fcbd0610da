import i18next from "i18next";
import { formatCount, formatPKR } from "@unibazaar/rules/money";

/** The one money and count format, shared with the server (chart axes: lib/axis-money.ts). */
export { formatCount, formatPKR };

/**
 * Numbers, PKR amounts and dates in the reader's language, through Intl: `en-PK` gives "Rs 1,800",
 * "24 Nov 2026, 4:30 pm"; `ur-PK` gives the same digits with Urdu month names ("24 نومبر، 2026").
 * They read the language at call time; components that show them re-render on a language switch
 * through their own `useTranslation`.
 */
export const currentLocale = () => (i18next.language?.startsWith("ur") ? "ur-PK" : "en-PK");

// Intl formatters are costly to build and a list page formats hundreds of values: one per locale and options
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function numberFormat(options: Intl.NumberFormatOptions) {
  const key = `${currentLocale()} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(currentLocale(), options)));
  return format;
}
function dateFormat(options: Intl.DateTimeFormatOptions) {
  const key = `${currentLocale()} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(currentLocale(), options)));
  return format;
}

/**
 * Builds the formatters the storefront's first screens use, one per task, just after startup: the
 * first Intl object loads the browser's locale data, and each new formatter costs a few milliseconds
 * more, which on a phone would otherwise swell the long task of the first render with prices, ratings
 * and dates.
 */
export function prepareFormats(): void {
  const steps = [() => formatAmount(0), () => formatDate("2026-01-01")];
  const next = () => {
    steps.shift()?.();
    if (steps.length > 0) window.setTimeout(next, 0);
  };
  window.setTimeout(next, 0);
}

/** A number of rupees without the currency sign, for a sentence that places "Rs" itself: "2,000", "999.5". */
export const formatAmount = (rupees: number): string => numberFormat({ maximumFractionDigits: 2 }).format(rupees);

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
