import { CAMPUSES, type CampusSlug } from "../../platform/shared/campuses";
/**
 * The one list of categories and colours, served by the API. There used to be two category lists
 * (shop filter and add-product form); they are merged here, and the old names stay as aliases
 * (see docs/deviations.md).
 */
export const CATEGORIES = [
  { slug: "accessories", label: "Accessories" },
  { slug: "books", label: "Books" },
  { slug: "clothing", label: "Clothing" },
  { slug: "cosmetics", label: "Cosmetics" },
  { slug: "electronics", label: "Electronics" },
  { slug: "furniture", label: "Furniture" },
  { slug: "jewellery", label: "Jewellery" },
  { slug: "sports", label: "Sports" },
  { slug: "stationery", label: "Stationery" },
] as const;

export const COLORS = [
  { slug: "black", label: "Black", hex: "#212121" },
  { slug: "red", label: "Red", hex: "#c62828" },
  { slug: "gold", label: "Gold", hex: "#c9a227" },
  { slug: "blue", label: "Blue", hex: "#1565c0" },
  { slug: "silver", label: "Silver", hex: "#9e9e9e" },
  { slug: "beige", label: "Beige", hex: "#d7c4a3" },
  { slug: "green", label: "Green", hex: "#2e7d32" },
] as const;

export type CategorySlug = (typeof CATEGORIES)[number]["slug"];
export type ColorSlug = (typeof COLORS)[number]["slug"];

/** Names from the two old lists that now mean one of the canonical categories. */
const CATEGORY_ALIASES: Record<string, CategorySlug> = { textbooks: "books", dress: "clothing", jewelry: "jewellery" };

/** Maps a category name as a user or legacy client wrote it to its slug, or undefined. */
export function normalizeCategory(name: string): CategorySlug | undefined {
  const key = name.trim().toLowerCase();
  if (CATEGORIES.some((c) => c.slug === key)) return key as CategorySlug;
  return CATEGORY_ALIASES[key];
}

export function normalizeColor(name: string): ColorSlug | undefined {
  const key = name.trim().toLowerCase();
  return COLORS.some((c) => c.slug === key) ? (key as ColorSlug) : undefined;
}

/**
 * The shop's price-range filter, in PKR; `max: null` has no upper bound. Bands that fit what
 * students pay (bands of 50/100/200 put nearly every listing in the last band: docs/deviations.md).
 */
export const PRICE_RANGES = [
  { label: "Under Rs 1,000", min: 0, max: 1000 },
  { label: "Rs 1,000 to 5,000", min: 1000, max: 5000 },
  { label: "Rs 5,000 to 20,000", min: 5000, max: 20000 },
  { label: "Rs 20,000 and above", min: 20000, max: null },
] as const;

/**
 * The shared cache's namespace for public catalogue answers (trending, entry pages, counts). Every
 * write to products drops it: listing, editing, delisting, a seller's removal, a rating change.
 */
export const CATALOG_CACHE = "catalog";

/** A listing's condition, best first; a listing that does not say is "good". */
export const CONDITIONS = [
  { slug: "new", label: "New" },
  { slug: "like-new", label: "Like new" },
  { slug: "good", label: "Good" },
  { slug: "fair", label: "Fair" },
] as const;

export type ConditionSlug = (typeof CONDITIONS)[number]["slug"];
export const DEFAULT_CONDITION: ConditionSlug = "good";

/** The campuses a listing may name (optional). */
export { CAMPUSES, type CampusSlug };

const slugOf =
  <T extends string>(list: ReadonlyArray<{ slug: T }>) =>
  (name: string): T | undefined => {
    const key = name.trim().toLowerCase();
    return list.find((item) => item.slug === key)?.slug;
  };

export const normalizeCondition = slugOf(CONDITIONS);
export const normalizeCampus = slugOf(CAMPUSES);
export const labelOf = (list: ReadonlyArray<{ slug: string; label: string }>, slug: string | null): string | null =>
  list.find((item) => item.slug === slug)?.label ?? null;
