import type { CatalogOptionsQuery } from "../../generated/graphql";
import type { CatalogLabel } from "../../lib/catalogLabels";
import { priceRangeLabel, type ShopParams, type ShopT } from "./shopParams";

export type ActiveFilter = { key: "category" | "color" | "price" | "campus" | "condition" | "verified" | "q"; label: string };

type Where = {
  /** /categories/:name: the category comes from the path, so it is no removable filter */
  fixedCategory?: string;
  /** /search shows the search text in its own box, not as a chip */
  searchFirst: boolean;
};

/** The filters in the URL, each with the label of its option (the slug until the options have loaded). */
export function activeFilters(
  params: ShopParams,
  catalog: CatalogOptionsQuery["catalogOptions"] | undefined,
  { fixedCategory, searchFirst }: Where,
  t: ShopT,
  catalogLabel: CatalogLabel,
): ActiveFilter[] {
  const labelOf = (list: Array<{ slug: string; label: string }> | undefined, slug: string) =>
    list?.find((o) => o.slug === slug)?.label ?? slug;
  const active: ActiveFilter[] = [];
  if (params.campus) active.push({ key: "campus", label: labelOf(catalog?.campuses, params.campus) });
  if (params.verified) active.push({ key: "verified", label: t("filters.verifiedOnly") });
  if (!fixedCategory && params.category)
    active.push({ key: "category", label: catalogLabel("category", params.category, labelOf(catalog?.categories, params.category)) });
  if (params.color) active.push({ key: "color", label: catalogLabel("color", params.color, labelOf(catalog?.colors, params.color)) });
  if (params.price) active.push({ key: "price", label: priceRangeLabel(params.price, t) });
  if (params.condition)
    active.push({ key: "condition", label: catalogLabel("condition", params.condition, labelOf(catalog?.conditions, params.condition)) });
  if (params.q && !searchFirst) active.push({ key: "q", label: t("filters.searchText", { text: params.q }) });
  return active;
}
