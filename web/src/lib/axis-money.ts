import { formatPKR } from "@unibazaar/rules/money";

/** Chart-axis units, largest first: thousands and millions in English, thousands, lakhs, crores and arabs in Urdu. */
const COMPACT_UNITS = {
  en: [
    [1e9, "B"],
    [1e6, "M"],
    [1e3, "K"],
  ],
  ur: [
    [1e9, "\u00a0ارب"],
    [1e7, "\u00a0کروڑ"],
    [1e5, "\u00a0لاکھ"],
    [1e3, "\u00a0ہزار"],
  ],
} as const satisfies Record<string, readonly (readonly [number, string])[]>;

/**
 * A chart axis's amount, shortened in the reader's language: "Rs 12.3K", "Rs 3.5M"; "Rs 12.3 ہزار",
 * "Rs 35 لاکھ". Below Rs 1,000 it is `formatPKR`'s. (Its own module, imported by the charts only,
 * so the storefront's first load carries none of its units.)
 */
export function formatPKRCompact(rupees: number, language: "en" | "ur" = "en"): string {
  const whole = Math.abs(Math.round(rupees * 100)) / 100;
  if (whole < 1000) return formatPKR(rupees);
  const units = COMPACT_UNITS[language];
  // the largest unit that reads as at least one, after rounding to one decimal (999,999 is "1M", not "1,000K")
  const [size, unit] = units.find(([size]) => Math.round((whole / size) * 10) >= 10) ?? units[units.length - 1];
  return `${rupees < 0 ? "-" : ""}Rs\u00a0${Math.round((whole / size) * 10) / 10}${unit}`;
}
