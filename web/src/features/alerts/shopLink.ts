import type { SavedSearchFieldsFragment } from "../../generated/graphql";

/** The shop's address for a saved search, in the shop's query-string keys (`q`, `category`, `price=min-max`, `verified=1`...). */
export function shopLink(search: SavedSearchFieldsFragment): string {
  const params = new URLSearchParams();
  if (search.search) params.set("q", search.search);
  for (const key of ["category", "color", "campus", "condition"] as const) {
    const value = search[key];
    if (value) params.set(key, value);
  }
  if (search.minPrice != null || search.maxPrice != null) params.set("price", `${search.minPrice ?? 0}-${search.maxPrice ?? ""}`);
  if (search.verifiedSellersOnly) params.set("verified", "1");
  const query = params.toString();
  return query ? `/shop?${query}` : "/shop";
}
