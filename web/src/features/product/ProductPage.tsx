import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Breadcrumbs from "@mui/material/Breadcrumbs";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Container from "@mui/material/Container";
import Divider from "@mui/material/Divider";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import LocalShippingOutlined from "@mui/icons-material/LocalShippingOutlined";
import RateReviewOutlined from "@mui/icons-material/RateReviewOutlined";
import StorefrontOutlined from "@mui/icons-material/StorefrontOutlined";
import VerifiedOutlined from "@mui/icons-material/VerifiedOutlined";
import { ReservationNotice } from "../../components/ReservationCountdown";
import { ReservedChip } from "../../components/ReservedChip";
import { VerifiedBadge } from "../../components/VerifiedBadge";
import { lazy, Suspense, useState, type ReactNode } from "react";
import { Link as RouterLink, useLocation, useParams } from "react-router-dom";
import { discountPercent, Money } from "../../components/Money";
import { PaginationBar } from "../../components/PaginationBar";
import { ProductDetailSkeleton } from "../../components/ProductDetailSkeleton";
import { EmptyState, QueryState } from "../../components/QueryState";
import { RatingStars } from "../../components/RatingStars";
import { ReportButton } from "../../components/ReportButton";
import { ShareButton } from "../../components/ShareButton";
import { SellerLink } from "../../components/SellerLink";
import { usePageTitle } from "../../components/usePageTitle";
import type { ProductDetailQuery } from "../../generated/graphql";
import { useMyAcceptedOfferQuery, useMyProductReviewQuery, useProductDetailQuery } from "../../generated/hooks";
import { useAuth } from "../../lib/auth";
import { formatDate, formatDateTime, formatPKR } from "../../lib/format";
import { ProductGallery } from "./ProductGallery";

// the review form (text field, rating) loads when it is first opened, not with the page
const ReviewDialog = lazy(async () => ({ default: (await import("./ReviewDialog")).ReviewDialog }));

type Product = NonNullable<ProductDetailQuery["product"]>;

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
            <Reviews product={p} onPage={setReviewsPage} onPosted={() => void query.refetch()} />
          </>
        )}
      </QueryState>
    </Container>
  );
}

function ProductDetails({ product, addToCart }: { product: Product; addToCart: ReactNode }) {
  const off = discountPercent(product.price, product.oldPrice);
  return (
    <>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 2, "& ol": { flexWrap: "wrap" } }}>
        <Link component={RouterLink} to="/" underline="hover" color="inherit">
          Home
        </Link>
        <Link component={RouterLink} to="/shop" underline="hover" color="inherit">
          Shop
        </Link>
        <Link
          component={RouterLink}
          to={`/categories/${product.category}`}
          underline="hover"
          color="inherit"
          sx={{ textTransform: "capitalize" }}
        >
          {product.category}
        </Link>
        <Typography color="text.primary" aria-current="page" sx={{ overflowWrap: "anywhere" }}>
          {product.name}
        </Typography>
      </Breadcrumbs>
      <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, gap: { xs: 3, md: 5 } }}>
        <ProductGallery images={product.images} name={product.name}>
          {off && <Chip label={`-${off}%`} color="error" sx={{ position: "absolute", top: 12, left: 12, fontWeight: 700 }} />}
          {product.sold && (
            <Chip
              label="Sold"
              sx={{ position: "absolute", top: 12, right: 12, fontWeight: 700, bgcolor: "grey.900", color: "common.white" }}
            />
          )}
          {!product.sold && product.reservedUntil && <ReservedChip inset={12} />}
        </ProductGallery>
        <div>
          {product.hiddenAt && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {product.heldReason ?? "A moderator hid this listing: only its seller and the admins can see it."}
            </Alert>
          )}
          {product.priceNote && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {product.priceNote}
            </Alert>
          )}
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: "1.6rem", md: "2.2rem" }, overflowWrap: "anywhere" }}>
            {product.name}
          </Typography>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1, mt: 1, flexWrap: "wrap" }}>
            <RatingStars value={product.rating} count={product.ratingCount} size="medium" />
            <Link href="#reviews" variant="body2">
              {product.ratingCount === 1 ? "1 review" : `${product.ratingCount} reviews`}
            </Link>
          </Box>
          <Box sx={{ mt: 2 }}>
            <Money amount={product.price} oldPrice={product.oldPrice} variant="h5" />
          </Box>
          {product.seller && (
            <Typography sx={{ mt: 2, display: "flex", alignItems: "center", gap: 1 }}>
              <StorefrontOutlined fontSize="small" color="action" aria-hidden="true" />
              Sold by{" "}
              <strong>
                <SellerLink seller={product.seller} />
              </strong>
              {product.seller?.sellerType === "BUSINESS" && <Chip label="Store" size="small" variant="outlined" />}
              {product.seller.isVerifiedStudent && <VerifiedBadge university={product.seller.university} />}
            </Typography>
          )}
          {product.seller?.university && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {product.seller.university}
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: "wrap", rowGap: 1 }}>
            <Chip
              label={
                <span>
                  Category: <span style={{ textTransform: "capitalize" }}>{product.category}</span>
                </span>
              }
              variant="outlined"
            />
            {product.color && (
              <Chip
                label={
                  <span>
                    Colour: <span style={{ textTransform: "capitalize" }}>{product.color}</span>
                  </span>
                }
                variant="outlined"
              />
            )}
            <Chip label={`Condition: ${product.conditionLabel}`} variant="outlined" />
            {product.campusName && <Chip label={`Campus: ${product.campusName}`} variant="outlined" />}
          </Stack>
          <Typography sx={{ mt: 3, whiteSpace: "pre-line" }}>{product.description}</Typography>
          {!product.sold && <AcceptedOffer product={product} />}
          {!product.sold && <ReservationNotice product={product} />}
          <Box sx={{ mt: 3, maxWidth: { sm: 320 } }}>{addToCart}</Box>
          <Paper variant="outlined" sx={{ mt: 3, p: 2, display: "flex", gap: 1.5, alignItems: "center", bgcolor: "#f3faf7" }}>
            <LocalShippingOutlined color="primary" aria-hidden="true" />
            <Typography variant="body2">Free delivery on campus. Pay cash on delivery or by card.</Typography>
          </Paper>
          <Box sx={{ mt: 2, display: "flex", gap: 1, flexWrap: "wrap" }}>
            <ShareButton title={product.name} text={`${product.name}, ${formatPKR(product.price)} on UniBazaar`} />
            <ReportButton target={{ kind: "listing", productId: product.id, ownerId: product.seller?.id }} label="Report this listing" />
          </Box>
        </div>
      </Box>
    </>
  );
}

/** The signed-in buyer's accepted offer on this listing: the price they agreed, and how to buy at it. */
function AcceptedOffer({ product }: { product: Product }) {
  const { user } = useAuth();
  const query = useMyAcceptedOfferQuery({ variables: { productId: product.id }, skip: !user, fetchPolicy: "cache-and-network" });
  const offer = user ? query.data?.myAcceptedOffer : null;
  if (!offer) return null;
  return (
    <Alert severity="success" sx={{ mt: 3 }} aria-label="Your accepted offer">
      <Typography component="p" sx={{ fontWeight: 700 }}>
        Your offer of {formatPKR(offer.amount)} was accepted.
      </Typography>
      Add it to your cart and check out: one unit costs {formatPKR(offer.amount)} instead of {formatPKR(product.price)}, plus tax, until{" "}
      {formatDateTime(offer.expiresAt)}.
    </Alert>
  );
}

function Reviews({ product, onPage, onPosted }: { product: Product; onPage: (page: number) => void; onPosted: () => void }) {
  const { user } = useAuth();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [formSeen, setFormSeen] = useState(false);
  if (open && !formSeen) setFormSeen(true);
  const mine = useMyProductReviewQuery({ variables: { productId: product.id }, skip: !user });
  const myReview = user ? mine.data?.myReview : null;
  const reviews = product.reviews;
  return (
    <Box component="section" aria-labelledby="reviews-heading" id="reviews" sx={{ mt: { xs: 5, md: 7 }, scrollMarginTop: 80 }}>
      <Divider sx={{ mb: 3 }} />
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, flexWrap: "wrap", mb: 2 }}>
        <Typography id="reviews-heading" variant="h5" component="h2">
          Reviews ({reviews.totalItems})
        </Typography>
        {user ? (
          <Button variant="contained" startIcon={<RateReviewOutlined />} onClick={() => setOpen(true)}>
            {myReview ? "Edit your review" : "Write a review"}
          </Button>
        ) : (
          <Button
            component={RouterLink}
            to="/login"
            state={{ from: `${location.pathname}${location.search}` }}
            variant="outlined"
            startIcon={<RateReviewOutlined />}
          >
            Sign in to write a review
          </Button>
        )}
      </Box>
      {reviews.items.length === 0 ? (
        <EmptyState message="No reviews yet." />
      ) : (
        <Stack component="ul" spacing={2} sx={{ listStyle: "none", p: 0, m: 0 }} aria-label="Reviews">
          {reviews.items.map((review) => (
            <Paper component="li" key={review.id} variant="outlined" sx={{ p: 2 }}>
              <Box component="article" aria-label={`Review by ${review.author?.username ?? "a former user"}`}>
                <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap" }}>
                  <Avatar sx={{ width: 32, height: 32, bgcolor: "secondary.dark", fontSize: 14 }} aria-hidden="true">
                    {(review.author?.username ?? "?").charAt(0).toUpperCase()}
                  </Avatar>
                  <Typography sx={{ fontWeight: 600 }}>{review.author?.username ?? "Former user"}</Typography>
                  <RatingStars value={review.rating} />
                  <Typography variant="body2" color="text.secondary" component="time" dateTime={review.createdAt}>
                    {formatDate(review.createdAt)}
                  </Typography>
                  {review.verifiedPurchase && (
                    <Chip icon={<VerifiedOutlined />} label="Verified purchase" size="small" color="success" variant="outlined" />
                  )}
                </Box>
                <Typography sx={{ mt: 1, whiteSpace: "pre-line", overflowWrap: "anywhere" }}>{review.comment}</Typography>
              </Box>
            </Paper>
          ))}
        </Stack>
      )}
      <PaginationBar page={reviews.page} totalPages={reviews.totalPages} onChange={onPage} label="Review pages" />
      {user && formSeen && (
        <Suspense fallback={null}>
          <ReviewDialog
            // filled in again once the caller's review has loaded
            key={myReview?.id ?? "new"}
            productId={product.id}
            productName={product.name}
            existing={myReview}
            open={open}
            onClose={() => setOpen(false)}
            onPosted={() => {
              onPosted();
              void mine.refetch();
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
