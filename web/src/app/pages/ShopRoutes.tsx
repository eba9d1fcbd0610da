import { CategoryPage, SearchPage, ShopPage } from "../../features/shop/ShopPages";
import { cardAction } from "./cartActions";

/** The three listings (/shop, /search, /categories/:name) share one chunk: they are the same listing. */
export function ShopRoute() {
  return <ShopPage renderProductAction={cardAction} />;
}

export function SearchRoute() {
  return <SearchPage renderProductAction={cardAction} />;
}

export function CategoryRoute() {
  return <CategoryPage renderProductAction={cardAction} />;
}
