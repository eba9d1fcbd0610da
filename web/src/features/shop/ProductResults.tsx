import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { errorMessage } from "../../components/errors";
import { PaginationBar } from "../../components/PaginationBar";
import { FIRST_ROW, ProductCard, ProductGrid, ProductGridSkeleton } from "../../domain/product/ProductCard";
import { EmptyState, QueryState } from "../../components/QueryState";
import type { ProductCardFieldsFragment } from "../../generated/graphql";
import type { useShopProductsQuery } from "../../generated/hooks";
import { SHOP_PAGE_SIZE } from "./shopParams";

type ProductResultsProps = {
  products: ReturnType<typeof useShopProductsQuery>;
  /** /categories/:name: a category the server does not know offers the whole shop instead */
  fixedCategory?: string;
  /** whether a filter or a search text is set, so an empty result offers to clear them */
  canClear: boolean;
  onClear: () => void;
  onPage: (page: number) => void;
  renderProductAction?: (product: ProductCardFieldsFragment) => ReactNode;
};

/** The listing's grid of products and its pages, with its loading, failure and "no products" states. */
export function ProductResults({ products, fixedCategory, canClear, onClear, onPage, renderProductAction }: ProductResultsProps) {
  const { t } = useTranslation("shop");
  // a filter the server does not know (e.g. /categories/unknown) finds nothing; it is not an outage
  const badFilter = CombinedGraphQLErrors.is(products.error) && products.error.errors.some((e) => e.extensions?.code === "BAD_USER_INPUT");
  if (badFilter)
    return (
      <EmptyState
        message={t("results.none")}
        action={
          <>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {errorMessage(products.error, "")}
            </Typography>
            {fixedCategory ? (
              <Button component={RouterLink} to="/shop" variant="outlined">
                {t("results.browseAll")}
              </Button>
            ) : (
              <Button variant="outlined" onClick={onClear}>
                {t("results.clear")}
              </Button>
            )}
          </>
        }
      />
    );
  return (
    <QueryState
      loading={products.loading}
      error={products.error}
      data={products.data?.products}
      empty={
        <EmptyState
          message={t("results.none")}
          action={
            canClear ? (
              <Button variant="outlined" onClick={onClear}>
                {t("results.clear")}
              </Button>
            ) : undefined
          }
        />
      }
      skeleton={<ProductGridSkeleton count={SHOP_PAGE_SIZE} />}
      onRetry={() => void products.refetch()}
    >
      {(result) => (
        <Box sx={{ opacity: products.loading ? 0.6 : 1, transition: "opacity .2s" }}>
          <ProductGrid label={t("results.label")}>
            {result.items.map((product, index) => (
              <li key={product.id}>
                <ProductCard product={product} action={renderProductAction?.(product)} headingComponent="h2" priority={index < FIRST_ROW} />
              </li>
            ))}
          </ProductGrid>
          <PaginationBar page={result.page} totalPages={result.totalPages} onChange={onPage} label={t("results.pages")} />
        </Box>
      )}
    </QueryState>
  );
}
