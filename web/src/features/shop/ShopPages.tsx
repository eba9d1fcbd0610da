import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { useCatalogOptionsQuery } from "../../generated/hooks";
import { useCatalogLabel } from "../../lib/catalogLabels";
import { ProductListing, type ProductListingProps } from "./ProductListing";

type ActionProps = Pick<ProductListingProps, "renderProductAction" | "renderSearchAction">;

/** /shop */
export function ShopPage(props: ActionProps) {
  const { t } = useTranslation("shop");
  return <ProductListing title={t("pages.shopTitle")} intro={t("pages.shopIntro")} {...props} />;
}

/** /search: the search box first; 'No products found.' when nothing matches. */
export function SearchPage(props: ActionProps) {
  const { t } = useTranslation("shop");
  return <ProductListing title={t("pages.searchTitle")} intro={t("pages.searchIntro")} searchFirst {...props} />;
}

/** /categories/:categoryName — the category in any case (old names such as "textbooks" work too). */
export function CategoryPage(props: ActionProps) {
  const { t } = useTranslation("shop");
  const catalogLabel = useCatalogLabel();
  const { categoryName = "" } = useParams();
  const options = useCatalogOptionsQuery({ fetchPolicy: "cache-first" });
  const slug = categoryName.trim().toLowerCase();
  const serverLabel = options.data?.catalogOptions.categories.find((c) => c.slug === slug)?.label;
  const label = slug ? catalogLabel("category", slug, serverLabel) : t("pages.category");
  return <ProductListing key={slug} title={label} intro={t("pages.categoryIntro", { category: label })} fixedCategory={slug} {...props} />;
}
