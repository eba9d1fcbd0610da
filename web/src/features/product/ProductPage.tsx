import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import { useDeferredValue, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useParams } from "react-router-dom";
import { ProductDetailSkeleton } from "../../components/ProductDetailSkeleton";
import { EmptyState, QueryState } from "../../components/QueryState";
import { usePageTitle } from "../../components/usePageTitle";
import { useProductDetailQuery } from "../../generated/hooks";
import { ProductDetails, type Product } from "./ProductDetails";
import { ProductReviews } from "./ProductReviews";

type ProductPageProps = {
  /** The add-to-cart control (composed by the app, which owns the cart). */
  renderAddToCart?: (product: Product) => ReactNode;
};

/** /shop/:id — product details, reviews, and a modal to add a comment with a star rating. */
export function ProductPage({ renderAddToCart }: ProductPageProps) {
  const { t } = useTranslation("product");
  const { id = "" } = useParams();
  const [reviewsPage, setReviewsPage] = useState(1);
  const query = useProductDetailQuery({ variables: { id, reviewsPage } });
  const product = query.data?.product;
  usePageTitle(product?.name ?? (query.loading ? t("page.title") : t("page.notFoundTitle")));

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <QueryState
        loading={query.loading}
        error={query.error}
        data={query.data ? query.data.product : undefined}
        isEmpty={() => false}
        empty={
          <EmptyState
            message={t("page.notFound")}
            action={
              <Button component={RouterLink} to="/shop" variant="contained">
                {t("page.backToShop")}
              </Button>
            }
          />
        }
        skeleton={<ProductDetailSkeleton />}
        onRetry={() => void query.refetch()}
      >
        {(p) => (
          <>
            <ProductDetails product={p} addToCart={renderAddToCart?.(p)} />
            <AfterDetails>
              <ProductReviews product={p} onPage={setReviewsPage} onPosted={() => void query.refetch()} />
            </AfterDetails>
          </>
        )}
      </QueryState>
    </Container>
  );
}

/**
 * Below the fold: drawn in a render of its own right after the details, so a phone's main thread
 * runs two shorter tasks instead of one long one (the details paint first; nothing above moves).
 */
function AfterDetails({ children }: { children: ReactNode }) {
  return useDeferredValue(true, false) ? children : null;
}
