import type { ProductFields } from "./service";

/** Shared by the product tests. */

/** A listing's fields that the server accepts, with `over` on top. */
export const validProduct = (over: Partial<ProductFields> = {}): ProductFields => ({
  name: "Scientific Calculator",
  description: "Casio-style calculator with 417 functions, call 03001234567.",
  category: "electronics",
  color: "black",
  price: 2450.5,
  oldPrice: 2999,
  image: "/uploads/calc.webp",
  ...over,
});

export const LIST = `query ($filter: ProductFilter, $sort: ProductSort, $page: Int, $pageSize: Int) {
  products(filter: $filter, sort: $sort, page: $page, pageSize: $pageSize) { totalItems totalPages page pageSize items { id name price rating ratingCount category color seller { username } } } }`;
