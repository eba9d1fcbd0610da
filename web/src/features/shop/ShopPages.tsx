import { useParams } from "react-router-dom";
import { useCatalogOptionsQuery } from "../../generated/hooks";
import { ProductListing, type ProductListingProps } from "./ProductListing";

type ActionProps = Pick<ProductListingProps, "renderProductAction" | "renderSearchAction">;

/** /shop */
export function ShopPage(props: ActionProps) {
  return <ProductListing title="Shop" intro="Everything students are selling right now." {...props} />;
}

/** /search: the search box first; 'No products found.' when nothing matches. */
export function SearchPage(props: ActionProps) {
  return <ProductListing title="Search" intro="Search all products by name or description." searchFirst {...props} />;
}

/** /categories/:categoryName — the category in any case (old names such as "textbooks" work too). */
export function CategoryPage(props: ActionProps) {
  const { categoryName = "" } = useParams();
  const options = useCatalogOptionsQuery({ fetchPolicy: "cache-first" });
  const slug = categoryName.trim().toLowerCase();
  const label =
    options.data?.catalogOptions.categories.find((c) => c.slug === slug)?.label ??
    (slug ? slug.charAt(0).toUpperCase() + slug.slice(1) : "Category");
  return <ProductListing key={slug} title={label} intro={`Products in ${label}.`} fixedCategory={slug} {...props} />;
}
