/*
 * The shop's sorts and how far its lists reach, shared by the database's statements and the search
 * index. It imports nothing: the index's worker thread (search-index-worker.ts) loads it without
 * the rest of the app.
 */

export enum ProductSort {
  NEWEST = "NEWEST",
  PRICE_ASC = "PRICE_ASC",
  PRICE_DESC = "PRICE_DESC",
  RATING = "RATING",
  RELEVANCE = "RELEVANCE",
}

/** How long a sold listing stays in the shop (shown as "Sold") before it leaves the lists. */
export const SOLD_VISIBLE_DAYS = 3;

/** How many matches a search ranks (and counts) at most: the newest ones. */
export const SEARCH_CANDIDATES = 1000;
