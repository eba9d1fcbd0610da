const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

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
 * The one money format of web and server: "Rs 1,800", paisa only when there are some ("Rs 1,800.50"),
 * the same digits in English and Urdu. Built by hand, not with Intl: Node and the browsers ship
 * different locale data (en-PK gives "Rs 1,800.00", "PKR 1,800" or lakh grouping depending on the
 * ICU). The space is a non-breaking one so "Rs" never wraps away from its number. `compact` is for
 * chart axes, in the reader's `language`: "Rs 12.3K", "Rs 3.5M"; "Rs 12.3 ہزار", "Rs 35 لاکھ".
 */
export function formatPKR(rupees: number, options: { compact?: boolean; language?: "en" | "ur" } = {}): string {
  const paisa = Math.round(rupees * 100);
  const sign = paisa < 0 ? "-" : "";
  const abs = Math.abs(paisa);
  if (options.compact && abs >= 100_000) {
    const whole = abs / 100;
    const units = COMPACT_UNITS[options.language ?? "en"];
    // the largest unit that reads as at least one, after rounding to one decimal (999,999 is "1M", not "1,000K")
    const [size, unit] = units.find(([size]) => Math.round((whole / size) * 10) >= 10) ?? units[units.length - 1];
    return `${sign}Rs\u00a0${group(String(Math.round((whole / size) * 10) / 10))}${unit}`;
  }
  const whole = group(String(Math.floor(abs / 100)));
  const rest = abs % 100;
  return `${sign}Rs\u00a0${whole}${rest ? `.${String(rest).padStart(2, "0")}` : ""}`;
}

/** A whole count with thousands separators, the same grouping as money: "10,000" (no Intl locale data to load). */
export function formatCount(count: number): string {
  const whole = Math.trunc(count);
  return `${whole < 0 ? "-" : ""}${group(String(Math.abs(whole)))}`;
}
