import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { ProductCard, ProductGrid, ProductGridSkeleton } from "../../domain/product/ProductCard";
import { EmptyState, QueryState } from "../../components/QueryState";
import { usePageTitle } from "../../components/usePageTitle";
import type { ProductCardFieldsFragment, SavedItemsQuery } from "../../generated/graphql";
import { useSavedItemsQuery } from "../../generated/hooks";
import { formatPKR } from "../../lib/format";

type SavedItem = SavedItemsQuery["savedItems"][number];

/** What changed since saving, in words. */
function noticeText(t: TFunction<"saved">, item: SavedItem): string | null {
  if (item.notice === "SOLD") return t("sold", { name: item.product.name });
  if (item.notice === "PRICE_DROP")
    return t("priceDrop", { name: item.product.name, was: formatPKR(item.savedPrice), now: formatPKR(item.product.price) });
  return null;
}

type SavedPageProps = { renderProductAction?: (product: ProductCardFieldsFragment) => ReactNode };

/** /saved — the signed-in user's saved listings, with a notice for each that got cheaper or sold. */
export function SavedPage({ renderProductAction }: SavedPageProps) {
  const { t } = useTranslation("saved");
  usePageTitle(t("title"));
  const query = useSavedItemsQuery({ fetchPolicy: "cache-and-network" });
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: "1.6rem", md: "2.125rem" }, mb: 2 }}>
        {t("title")}
      </Typography>
      <QueryState
        loading={query.loading}
        error={query.error}
        data={query.data?.savedItems}
        skeleton={<ProductGridSkeleton count={4} />}
        empty={
          <EmptyState
            message={t("empty")}
            action={
              <Button component={RouterLink} to="/shop" variant="contained">
                {t("browse")}
              </Button>
            }
          />
        }
        onRetry={() => void query.refetch()}
      >
        {(items) => {
          const notices = items.map((item) => noticeText(t, item)).filter((text): text is string => Boolean(text));
          return (
            <>
              {notices.length > 0 && (
                <Alert severity="info" sx={{ mb: 2 }} role="status" aria-label={t("changes")}>
                  {notices.map((text) => (
                    <div key={text}>{text}</div>
                  ))}
                </Alert>
              )}
              <ProductGrid label={t("title")}>
                {items.map((item) => (
                  <li key={item.product.id}>
                    <ProductCard product={item.product} action={renderProductAction?.(item.product)} />
                  </li>
                ))}
              </ProductGrid>
            </>
          );
        }}
      </QueryState>
    </Container>
  );
}
