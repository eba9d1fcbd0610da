import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import { useState, type ReactNode } from "react";
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
  const { id = "" } = useParams();
  const [reviewsPage, setReviewsPage] = useState(1);
  const query = useProductDetailQuery({ variables: { id, reviewsPage } });
  const product = query.data?.product;
  usePageTitle(product?.name ?? (query.loading ? "Product" : "Product not found"));

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <QueryState
        loading={query.loading}
        error={query.error}
        data={query.data ? query.data.product : undefined}
        isEmpty={() => false}
        errorText="Error loading product details."
        empty={
          <EmptyState
            message="Product not found."
            action={
              <Button component={RouterLink} to="/shop" variant="contained">
                Back to the shop
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
            <ProductReviews product={p} onPage={setReviewsPage} onPosted={() => void query.refetch()} />
          </>
        )}
      </QueryState>
    </Container>
  );
}
