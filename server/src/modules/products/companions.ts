import type { SelectedFields } from "../../platform/graphql/selection";
import type { RequestLoaders } from "../../platform/request";

/**
 * Another module's rows about one listing, read in the product page's own statement: a page that
 * shows the listing with its reviews and reservations costs one round trip to the database, not
 * one each (a statement cost the server about a sixth of a product page's CPU). The companion
 * hands what it read to its own loader, where the field resolvers that would have read it look.
 */
export type ProductCompanion = {
  /** Names the companion's SQL in the statement's text: the same key, the same SQL. */
  key: string;
  /** One value (JSON) about the listing `p`; `param(i)` is the placeholder of `values[i]`. */
  sql: (param: (index: number) => string) => string;
  values: readonly unknown[];
  /** Given the value read for the listing `productId`. */
  take: (value: unknown, productId: string) => void;
};

/** What a product page asks besides the listing's own columns: the fields selected of it, and the request's loaders. */
export type ProductPageAsks = { fields: SelectedFields; loaders: RequestLoaders };

/** A module's companion for a page that asks `fields`, or null when the page shows nothing of it. */
export type CompanionSource = (asks: ProductPageAsks) => ProductCompanion | null;
