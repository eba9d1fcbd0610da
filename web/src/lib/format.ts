/** Money: the one formatter web and server share ("Rs 1,800", "Rs 1,800.50"); its own entry, so zod stays out of the first load. */
export { formatCount, formatPKR } from "@unibazaar/rules/money";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

// Built by hand, not with Intl: browsers' locale data differ ("24-Nov-2026", "Sept", "PM"); one look everywhere.
const day = (d: Date) => `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
const clock = (d: Date) => `${d.getHours() % 12 || 12}:${String(d.getMinutes()).padStart(2, "0")} ${d.getHours() < 12 ? "am" : "pm"}`;

/** A day in the reader's time zone: "24 Nov 2026". A bare "2026-11-24" is that calendar day anywhere. */
export const formatDate = (iso: string): string => {
  const bare = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return day(bare ? new Date(Number(bare[1]), Number(bare[2]) - 1, Number(bare[3])) : new Date(iso));
};
/** A moment in the reader's time zone: "24 Nov 2026, 4:30 pm". */
export const formatDateTime = (iso: string): string => {
  const d = new Date(iso);
  return `${day(d)}, ${clock(d)}`;
};
/** A calendar month given as "2026-11" (or a date in it, read in UTC): "Nov 2026". */
export const formatMonth = (month: string): string => {
  const [year, m] = month.split("-").map(Number);
  return `${MONTHS[m - 1]} ${year}`;
};
