import { CategoryPage, SearchPage, ShopPage } from "../../features/shop/ShopPages";
import { cardAction } from "./cartActions";
import { saveSearchAction } from "./saveSearchAction";

/** The three listings (/shop, /search, /categories/:name) share one chunk: they are the same listing. */
export function ShopRoute() {
  return <ShopPage renderProductAction={cardAction} renderSearchAction={saveSearchAction} />;
}

export function SearchRoute() {
  return <SearchPage renderProductAction={cardAction} renderSearchAction={saveSearchAction} />;
}

export function CategoryRoute() {
  return <CategoryPage renderProductAction={cardAction} renderSearchAction={saveSearchAction} />;
}
