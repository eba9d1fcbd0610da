import type { TFunction } from "i18next";
import type { ProductFilter, ProductSort, ShopProductsQueryVariables } from "../../generated/graphql";
import { formatAmount, formatCount } from "../../lib/format";

/**
 * The shop's state lives in the URL query string so a listing can be shared and Back works:
 * ?category=books&color=black&price=50-100&campus=lums-lahore&condition=like-new&verified=1&q=calculator&sort=PRICE_ASC&page=2
 * Empty values are left out. Changing anything but the page returns to page 1.
 */
export type ShopParams = {
  category: string;
  color: string;
  /** A price range as "min-max", or "min-" for no maximum. */
  price: string;
  /** Campus and condition slugs. */
  campus: string;
  condition: string;
  /** "Verified sellers only" (`verified=1`). */
  verified: boolean;
  q: string;
  sort: ProductSort | "";
  page: number;
};

export const SHOP_PAGE_SIZE = 8;

export const SORTS: readonly ProductSort[] = ["RELEVANCE", "NEWEST", "PRICE_ASC", "PRICE_DESC", "RATING"];

const SORT_VALUES = new Set<string>(SORTS);
type Key = "category" | "color" | "price" | "campus" | "condition" | "verified" | "q" | "sort" | "page";

/** Reads the shop state; anything malformed counts as not set (a bad page is page 1). */
export function parseShopParams(search: URLSearchParams): ShopParams {
  const text = (key: string) => (search.get(key) ?? "").trim();
  const sort = text("sort").toUpperCase();
  const pageText = text("page");
  const page = /^\d{1,6}$/.test(pageText) ? Number(pageText) : 1;
  const price = text("price");
  const choice = (key: string) => (text(key).toLowerCase() === "all" ? "" : text(key).toLowerCase());
  return {
    category: choice("category"),
    color: choice("color"),
    price: parsePriceRange(price) ? price : "",
    campus: choice("campus"),
    condition: choice("condition"),
    verified: text("verified") === "1",
    q: text("q"),
    sort: SORT_VALUES.has(sort) ? (sort as ProductSort) : "",
    page: page >= 1 ? page : 1,
  };
}

/**
 * The query string after setting one value ("" or null removes it). Any change other than the
 * page itself goes back to page 1; keys the shop does not know are kept.
 */
export function withShopParam(search: URLSearchParams, key: Key, value: string | number | null): URLSearchParams {
  const next = new URLSearchParams(search);
  const text = value == null ? "" : String(value).trim();
  if (text === "" || (key === "page" && text === "1")) next.delete(key);
  else next.set(key, text);
  if (key !== "page") next.delete("page");
  return next;
}

/** Removes every filter, the search and the page (the sort is kept). */
export function clearShopFilters(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of ["category", "color", "price", "campus", "condition", "verified", "q", "page"]) next.delete(key);
  return next;
}

/** The URL key of a price range: "0-50", "50-100", "200-" (no maximum). */
export function priceRangeKey(range: { min: number; max?: number | null }): string {
  return `${range.min}-${range.max ?? ""}`;
}

export function parsePriceRange(key: string): { min: number; max: number | null } | null {
  const match = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)?$/.exec(key);
  if (!match) return null;
  const min = Number(match[1]);
  const max = match[2] === undefined ? null : Number(match[2]);
  if (max !== null && max < min) return null;
  return { min, max };
}

/** The shop catalogue's `t` (these helpers word what they return in the reader's language). */
export type ShopT = TFunction<"shop">;

/**
 * A price range, the shop's bands and the shopper's own, in the reader's language: "Under Rs 1,000",
 * "Rs 2,000 to 3,000", "Rs 2,000 and above" (the server's band labels are English only).
 */
export function priceRangeLabel(key: string, t: ShopT): string {
  const range = parsePriceRange(key);
  if (!range) return key;
  const min = formatAmount(range.min);
  if (range.max === null) return t("price.andAbove", { min });
  const max = formatAmount(range.max);
  return range.min === 0 ? t("price.under", { max }) : t("price.between", { min, max });
}

/**
 * The URL key for a custom minimum and maximum typed in rupees ("" = no bound), or the problem
 * to show beside the fields (its key under `price.errors` in the shop catalogue).
 */
export function customPriceKey(minText: string, maxText: string): { key: string } | { error: "notAmount" | "maxBelowMin" } {
  const amount = (text: string) => (text.trim() === "" ? null : /^\d+(\.\d{1,2})?$/.test(text.trim()) ? Number(text.trim()) : NaN);
  const min = amount(minText);
  const max = amount(maxText);
  if (Number.isNaN(min) || Number.isNaN(max)) return { error: "notAmount" };
  if (min === null && max === null) return { key: "" };
  if (max !== null && min !== null && max < min) return { error: "maxBelowMin" };
  return { key: `${min ?? 0}-${max ?? ""}` };
}

/** The sort to ask for: the chosen one, else best match while searching, else newest. */
export function effectiveSort(params: Pick<ShopParams, "sort" | "q">): ProductSort {
  if (params.sort) return params.sort;
  return params.q ? "RELEVANCE" : "NEWEST";
}

/** The API filter for the state; `fixedCategory` (from /categories/:name) wins over the query string. */
export function toProductFilter(params: ShopParams, fixedCategory?: string): ProductFilter {
  const filter: ProductFilter = {};
  const category = fixedCategory?.trim().toLowerCase() || params.category;
  if (category) filter.category = category;
  if (params.color) filter.color = params.color;
  if (params.campus) filter.campus = params.campus;
  if (params.condition) filter.condition = params.condition;
  if (params.verified) filter.verifiedSellersOnly = true;
  const range = parsePriceRange(params.price);
  if (range) {
    filter.minPrice = range.min;
    if (range.max !== null) filter.maxPrice = range.max;
  }
  if (params.q) filter.search = params.q;
  return filter;
}

/** The listing query's variables for the state (the page's own query, and the visit's preload of /shop). */
export function shopProductsVariables(
  params: ShopParams,
  fixedCategory?: string,
): ShopProductsQueryVariables & { filter: ProductFilter; sort: ProductSort } {
  return { filter: toProductFilter(params, fixedCategory), sort: effectiveSort(params), page: params.page, pageSize: SHOP_PAGE_SIZE };
}

/** Whether a requested page exists: pages outside 1..totalPages are ignored. */
export function isPageInRange(page: number, totalPages: number): boolean {
  return Number.isInteger(page) && page >= 1 && page <= Math.max(1, totalPages);
}

/** "1 product", "63 products", or past the server's count bound "10,000+ products". */
export function productCount(total: number, exact: boolean, t: ShopT): string {
  const number = formatCount(total);
  return exact ? t("count.products", { count: total, number }) : t("count.atLeast", { number });
}
