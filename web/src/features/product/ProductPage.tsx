import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import EditOutlined from "@mui/icons-material/EditOutlined";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useParams } from "react-router-dom";
import { ProductDetailSkeleton } from "../../domain/product/ProductDetailSkeleton";
import { BelowTheFold } from "../../components/BelowTheFold";
import { EmptyState, QueryState } from "../../components/QueryState";
import { usePageTitle } from "../../components/usePageTitle";
import { ProductDetailDocument } from "../../generated/graphql";
import { useProductDetailQuery } from "../../generated/hooks";
import { useAuth } from "../../lib/auth";
import { preloadQuery, usePreloadedFetchPolicy } from "../../lib/preload";
import type { ApolloClient } from "@apollo/client";
import { ProductDetails, type Product } from "./ProductDetails";
import { ProductReviews } from "./ProductReviews";

type ProductPageProps = {
  /** The add-to-cart control (composed by the app, which owns the cart). */
  renderAddToCart?: (product: Product) => ReactNode;
};

/** A product page's data (its first page of reviews), asked for as a visit to the page starts (app/landing.ts). */
export function preloadProduct(client: ApolloClient, id: string): void {
  preloadQuery(client, ProductDetailDocument, { id, reviewsPage: 1 });
}

/** /shop/:id — product details, reviews, and a modal to add a comment with a star rating. */
export function ProductPage({ renderAddToCart }: ProductPageProps) {
  const { t } = useTranslation("product");
  const { id = "" } = useParams();
  const [reviewsPage, setReviewsPage] = useState(1);
  const variables = { id, reviewsPage };
  const query = useProductDetailQuery({ variables, fetchPolicy: usePreloadedFetchPolicy(ProductDetailDocument, variables) });
  const product = query.data?.product;
  const { user } = useAuth();
  usePageTitle(product?.name ?? (query.loading ? t("page.title") : t("page.notFoundTitle")));

  const isOwn = (p: Product) => Boolean(user && p.seller?.id === user.id);

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
            {/* the seller's own listing: edit it, never buy or review it */}
            <ProductDetails product={p} addToCart={isOwn(p) ? <EditButton id={p.id} /> : renderAddToCart?.(p)} />
            <BelowTheFold>
              <ProductReviews product={p} own={isOwn(p)} onPage={setReviewsPage} onPosted={() => void query.refetch()} />
            </BelowTheFold>
          </>
        )}
      </QueryState>
    </Container>
  );
}

function EditButton({ id }: { id: string }) {
  const { t } = useTranslation("product");
  return (
    <Button
      component={RouterLink}
      to={`/dashboard/seller/product/${id}`}
      variant="contained"
      size="large"
      fullWidth
      startIcon={<EditOutlined />}
    >
      {t("details.edit")}
    </Button>
  );
}
