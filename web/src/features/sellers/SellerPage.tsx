import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Container from "@mui/material/Container";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { VerifiedBadge } from "../../domain/seller/VerifiedBadge";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useParams } from "react-router-dom";
import { PaginationBar } from "../../components/PaginationBar";
import { ProductCard, ProductGrid, ProductGridSkeleton } from "../../domain/product/ProductCard";
import { EmptyState, QueryState } from "../../components/QueryState";
import { RatingStars } from "../../components/RatingStars";
import { usePageTitle } from "../../components/usePageTitle";
import { ReportButton } from "../../domain/report/ReportButton";
import { ShareButton } from "../../components/ShareButton";
import { formatCount, formatDate } from "../../lib/format";
import { ReliabilityLine } from "../../domain/reliability/ReliabilityLine";
import type { ProductCardFieldsFragment, SellerPageQuery } from "../../generated/graphql";
import { useSellerListingsQuery, useSellerPageQuery } from "../../generated/hooks";

type Seller = NonNullable<SellerPageQuery["sellerPage"]>;

const LISTINGS_PAGE_SIZE = 12;

type SellerPageProps = {
  /** The add-to-cart control of each card (composed by the app, which owns the cart). */
  renderProductAction?: (product: ProductCardFieldsFragment) => ReactNode;
};

/** /sellers/:username — who sells, since when, how buyers rated them, how many sales they completed, and their listings. */
export function SellerPage({ renderProductAction }: SellerPageProps) {
  const { t } = useTranslation("sellers");
  const { username = "" } = useParams();
  const query = useSellerPageQuery({ variables: { username } });
  const profile = query.data?.sellerPage;
  usePageTitle(
    profile ? profile.seller.storeName || profile.seller.username : query.loading ? t("page.loadingTitle") : t("page.notFoundTitle"),
  );

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, md: 4 } }}>
      <QueryState
        loading={query.loading}
        error={query.error}
        data={query.data ? query.data.sellerPage : undefined}
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
        onRetry={() => void query.refetch()}
      >
        {(found) => (
          <>
            <SellerHeader profile={found} />
            <Listings sellerId={found.seller.id} renderProductAction={renderProductAction} />
          </>
        )}
      </QueryState>
    </Container>
  );
}

function SellerHeader({ profile }: { profile: Seller }) {
  const { t } = useTranslation("sellers");
  const { seller } = profile;
  const name = seller.storeName || seller.username;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: "flex-start", mb: 3 }}>
      <Avatar src={seller.profileImage ?? undefined} alt="" sx={{ width: 64, height: 64, fontSize: "1.6rem" }}>
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: "1.5rem", md: "2.125rem" }, overflowWrap: "anywhere" }}>
          <bdi>{name}</bdi>
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
          {seller.storeName && (
            <Typography variant="body2" color="text.secondary">
              <bdi>@{seller.username}</bdi>
            </Typography>
          )}
          {seller.sellerType === "BUSINESS" && <Chip label={t("header.store")} size="small" variant="outlined" />}
          {seller.isVerifiedStudent && <VerifiedBadge university={seller.university} />}
        </Stack>
        {seller.university && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {seller.university}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t("header.memberSince", { date: formatDate(seller.memberSince) })}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
          <RatingStars value={profile.rating} count={profile.reviewCount} />
          <Typography variant="body2">
            {t("header.completedSales", { count: profile.completedSales, number: formatCount(profile.completedSales) })}
          </Typography>
        </Stack>
        <ReliabilityLine reliability={seller.reliability} />
        {seller.storeDescription && <Typography sx={{ mt: 1.5, whiteSpace: "pre-line" }}>{seller.storeDescription}</Typography>}
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: "wrap" }}>
          <ShareButton title={name} text={t("header.shareText", { name })} />
          <ReportButton target={{ kind: "user", userId: seller.id }} label={t("header.report")} />
        </Stack>
      </Box>
    </Stack>
  );
}

function Listings({ sellerId, renderProductAction }: { sellerId: string } & SellerPageProps) {
  const { t } = useTranslation("sellers");
  const [page, setPage] = useState(1);
  const query = useSellerListingsQuery({ variables: { sellerId, page, pageSize: LISTINGS_PAGE_SIZE } });
  const result = query.data?.products;
  return (
    <section aria-labelledby="seller-listings">
      <Typography id="seller-listings" variant="h5" component="h2" sx={{ mb: 2 }}>
        {result ? t("listings.headingWithTotal", { total: formatCount(result.totalItems) }) : t("listings.heading")}
      </Typography>
      <QueryState
        loading={query.loading}
        error={query.error}
        data={result}
        skeleton={<ProductGridSkeleton count={4} />}
        errorText={t("listings.loadFailed")}
        empty={t("listings.empty")}
        onRetry={() => void query.refetch()}
      >
        {(products) => (
          <>
            <ProductGrid label={t("listings.heading")}>
              {products.items.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} action={renderProductAction?.(product)} />
                </li>
              ))}
            </ProductGrid>
            <Box sx={{ mt: 3 }}>
              <PaginationBar page={products.page} totalPages={products.totalPages} onChange={setPage} label={t("listings.pages")} />
            </Box>
          </>
        )}
      </QueryState>
    </section>
  );
}
