import type { PublicFields } from "../platform/graphql/public-answers";

/**
 * Root query fields whose answers are kept whole in the shared cache and handed to others
 * (platform/graphql/public-answers.ts). Each must change only with writes that drop the
 * catalogue's cache (CATALOG_CACHE: listings, reviews, a listing selling out or coming back,
 * sellers' names and badges, moderation). A field whose answer depends on anything else must not
 * be listed.
 */
export const PUBLIC_QUERY_FIELDS: PublicFields = {
  /** The same answer for every caller, signed in or not: no resolver under them reads the caller. */
  everyone: new Set(["products", "trendingProducts", "catalogOptions", "totalReviews"]),
  /** The same for every anonymous caller: a listing's seller and admins also see it while hidden. */
  anonymous: new Set(["product"]),
};
