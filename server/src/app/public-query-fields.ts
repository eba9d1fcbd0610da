/**
 * Root query fields whose answer is the same for every anonymous caller and changes only with
 * writes that drop the catalogue's cache (CATALOG_CACHE: listings, reviews, a listing selling out
 * or coming back, sellers' names and badges, moderation). An anonymous request of only these is
 * answered from the shared cache (platform/graphql/public-answers.ts). A field whose answer
 * depends on the caller, or on anything those writes leave alone, must not be listed.
 */
export const PUBLIC_QUERY_FIELDS: ReadonlySet<string> = new Set([
  "products",
  "product",
  "trendingProducts",
  "catalogOptions",
  "totalReviews",
]);
