const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/**
 * The one money format of web and server: "Rs 1,800", paisa only when there are some ("Rs 1,800.50"),
 * the same digits in English and Urdu. Built by hand, not with Intl: Node and the browsers ship
 * different locale data (en-PK gives "Rs 1,800.00", "PKR 1,800" or lakh grouping depending on the
 * ICU). The space is a non-breaking one so "Rs" never wraps away from its number.
 */
export function formatPKR(rupees: number): string {
  const paisa = Math.round(rupees * 100);
  const whole = group(String(Math.floor(Math.abs(paisa) / 100)));
  const rest = Math.abs(paisa) % 100;
  return `${paisa < 0 ? "-" : ""}Rs\u00a0${whole}${rest ? `.${String(rest).padStart(2, "0")}` : ""}`;
}

/**
 * A number without the currency sign, for a sentence that places "Rs" itself or a rating: "2,000",
 * "999.5", "4.25": the same grouping, at most two decimals and no trailing zero.
 */
export function formatAmount(value: number): string {
  const hundredths = Math.round(value * 100);
  const whole = group(String(Math.floor(Math.abs(hundredths) / 100)));
  const rest = Math.abs(hundredths) % 100;
  const decimals = rest ? `.${String(rest).padStart(2, "0").replace(/0$/, "")}` : "";
  return `${hundredths < 0 ? "-" : ""}${whole}${decimals}`;
}

/** A whole count with thousands separators, the same grouping as money: "10,000" (no Intl locale data to load). */
export function formatCount(count: number): string {
  const whole = Math.trunc(count);
  return `${whole < 0 ? "-" : ""}${group(String(Math.abs(whole)))}`;
}
