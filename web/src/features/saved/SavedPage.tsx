import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { ProductCard, ProductGrid, ProductGridSkeleton } from "../../components/ProductCard";
import { EmptyState, QueryState } from "../../components/QueryState";
import { usePageTitle } from "../../components/usePageTitle";
import type { ProductCardFieldsFragment, SavedItemsQuery } from "../../generated/graphql";
import { useSavedItemsQuery } from "../../generated/hooks";
import { formatPKR } from "../../lib/format";

type SavedItem = SavedItemsQuery["savedItems"][number];

/** What changed since saving, in words. */
function noticeText(item: SavedItem): string | null {
  if (item.notice === "SOLD") return `${item.product.name} has sold.`;
  if (item.notice === "PRICE_DROP")
    return `${item.product.name} dropped from ${formatPKR(item.savedPrice)} to ${formatPKR(item.product.price)}.`;
  return null;
}

type SavedPageProps = { renderProductAction?: (product: ProductCardFieldsFragment) => ReactNode };

/** /saved — the signed-in user's saved listings, with a notice for each that got cheaper or sold. */
export function SavedPage({ renderProductAction }: SavedPageProps) {
  usePageTitle("Saved items");
  const query = useSavedItemsQuery({ fetchPolicy: "cache-and-network" });
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: "1.6rem", md: "2.125rem" }, mb: 2 }}>
        Saved items
      </Typography>
      <QueryState
        loading={query.loading}
        error={query.error}
        data={query.data?.savedItems}
        skeleton={<ProductGridSkeleton count={4} />}
        errorText="Error loading your saved items."
        empty={
          <EmptyState
            message="Nothing saved yet. Tap the heart on a listing to keep it here."
            action={
              <Button component={RouterLink} to="/shop" variant="contained">
                Browse the shop
              </Button>
            }
          />
        }
        onRetry={() => void query.refetch()}
      >
        {(items) => {
          const notices = items.map(noticeText).filter((text): text is string => Boolean(text));
          return (
            <>
              {notices.length > 0 && (
                <Alert severity="info" sx={{ mb: 2 }} role="status" aria-label="Changes to your saved items">
                  {notices.map((text) => (
                    <div key={text}>{text}</div>
                  ))}
                </Alert>
              )}
              <ProductGrid label="Saved items">
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
