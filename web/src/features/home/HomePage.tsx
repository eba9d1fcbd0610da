import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { BelowTheFold } from "../../components/BelowTheFold";
import { FIRST_ROW, ProductCard, ProductGrid, ProductGridSkeleton } from "../../domain/product/ProductCard";
import { QueryState } from "../../components/QueryState";
import { usePageTitle } from "../../components/usePageTitle";
import { TrendingProductsDocument, type ProductCardFieldsFragment } from "../../generated/graphql";
import { useTrendingProductsQuery } from "../../generated/hooks";
import { preloadQuery, usePreloadedFetchPolicy } from "../../lib/preload";
import type { ApolloClient } from "@apollo/client";
import { DealsBlock } from "./DealsBlock";
import { Hero } from "./Hero";
import { TRENDING_COUNT } from "./trending";
import { BlogList, PromiseBanner } from "./HomeSections";

type HomePageProps = {
  /** E.g. an add-to-cart button under each trending product (composed by the app). */
  renderProductAction?: (product: ProductCardFieldsFragment) => ReactNode;
};

/** Home: hero, trending products, monthly deals, the promise banner and the blog. */
export function HomePage({ renderProductAction }: HomePageProps) {
  usePageTitle(null);
  return (
    <>
      <Hero />
      <TrendingSection renderProductAction={renderProductAction} />
      <BelowTheFold farBelow={{ phone: 2400, desktop: 1030 }}>
        <DealsBlock />
        <PromiseBanner />
        <BlogList />
      </BelowTheFold>
    </>
  );
}

const TRENDING_VARIABLES = { limit: TRENDING_COUNT };

/** Home's data, asked for as a visit to home starts (app/landing.ts). */
export function preloadHome(client: ApolloClient): void {
  preloadQuery(client, TrendingProductsDocument, TRENDING_VARIABLES);
}

/** The trending products: their own component, so their answer redraws this section alone. */
function TrendingSection({ renderProductAction }: HomePageProps) {
  const { t } = useTranslation("home");
  const trending = useTrendingProductsQuery({
    variables: TRENDING_VARIABLES,
    fetchPolicy: usePreloadedFetchPolicy(TrendingProductsDocument, TRENDING_VARIABLES),
  });
  return (
    <Container maxWidth="lg" component="section" aria-labelledby="trending-heading" sx={{ py: { xs: 4, md: 6 } }}>
      <Box sx={{ display: "flex", alignItems: "baseline", justifyContent: "space-between", mb: 3, gap: 2 }}>
        <Typography id="trending-heading" variant="h4" component="h2" sx={{ fontSize: { xs: "1.5rem", md: "2rem" } }}>
          {t("trending.heading")}
        </Typography>
        <Button component={RouterLink} to="/shop">
          {t("trending.viewAll")}
        </Button>
      </Box>
      <QueryState
        loading={trending.loading}
        error={trending.error}
        data={trending.data?.trendingProducts}
        errorText={t("trending.loadFailed")}
        empty={t("trending.empty")}
        skeleton={<ProductGridSkeleton count={TRENDING_COUNT} wide />}
        onRetry={() => void trending.refetch()}
      >
        {(products) => (
          <ProductGrid label={t("trending.heading")} wide>
            {products.map((product, index) => (
              <li key={product.id}>
                <ProductCard product={product} action={renderProductAction?.(product)} priority={index < FIRST_ROW} />
              </li>
            ))}
          </ProductGrid>
        )}
      </QueryState>
    </Container>
  );
}
