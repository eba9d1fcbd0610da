const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/**
 * The one money format of web and server: "Rs 1,800", paisa only when there are some ("Rs 1,800.50").
 * Built by hand, not with Intl: Node and the browsers ship different locale data (en-PK gives
 * "Rs 1,800.00", "PKR 1,800" or lakh grouping depending on the ICU). The space is a non-breaking
 * one so "Rs" never wraps away from its number. `compact` is for chart axes: "Rs 1.2k", "Rs 3.5M".
 */
export function formatPKR(rupees: number, options: { compact?: boolean } = {}): string {
  const paisa = Math.round(rupees * 100);
  const sign = paisa < 0 ? "-" : "";
  const abs = Math.abs(paisa);
  if (options.compact && abs >= 100_000) {
    const rupees = abs / 100;
    // one decimal at most; 999,950 rounds up to "1M", not "1,000k"
    const [scaled, unit] = rupees >= 999_950 ? [rupees / 1e6, "M"] : [rupees / 1e3, "k"];
    return `${sign}Rs\u00a0${group(String(Math.round(scaled * 10) / 10))}${unit}`;
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
