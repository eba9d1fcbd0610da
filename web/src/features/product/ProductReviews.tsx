import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Divider from "@mui/material/Divider";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import RateReviewOutlined from "@mui/icons-material/RateReviewOutlined";
import VerifiedOutlined from "@mui/icons-material/VerifiedOutlined";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useLocation } from "react-router-dom";
import { PaginationBar } from "../../components/PaginationBar";
import { EmptyState } from "../../components/QueryState";
import { RatingStars } from "../../components/RatingStars";
import { useMyProductReviewQuery } from "../../generated/hooks";
import { useAuth } from "../../lib/auth";
import { formatCount, formatDate } from "../../lib/format";
import type { Product } from "./ProductDetails";

// the review form (text field, rating) loads when it is first opened, not with the page
const ReviewDialog = lazy(async () => ({ default: (await import("./ReviewDialog")).ReviewDialog }));

/** The product's reviews, a page at a time, and the button that writes (or edits) the caller's own. */
export function ProductReviews({
  product,
  own,
  onPage,
  onPosted,
}: {
  product: Product;
  /** The caller's own listing: they cannot review it. */
  own: boolean;
  onPage: (page: number) => void;
  onPosted: () => void;
}) {
  const { t } = useTranslation("product");
  const { user } = useAuth();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [formSeen, setFormSeen] = useState(false);
  if (open && !formSeen) setFormSeen(true);
  const mine = useMyProductReviewQuery({ variables: { productId: product.id }, skip: !user || own });
  const myReview = user ? mine.data?.myReview : null;
  const reviews = product.reviews;
  return (
    <Box component="section" aria-labelledby="reviews-heading" id="reviews" sx={{ mt: { xs: 5, md: 7 }, scrollMarginTop: 80 }}>
      <Divider sx={{ mb: 3 }} />
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 2, flexWrap: "wrap", mb: 2 }}>
        <Typography id="reviews-heading" variant="h5" component="h2">
          {t("reviews.heading", { number: formatCount(reviews.totalItems) })}
        </Typography>
        {own ? null : user ? (
          <Button variant="contained" startIcon={<RateReviewOutlined />} onClick={() => setOpen(true)}>
            {myReview ? t("reviews.edit") : t("reviews.write")}
          </Button>
        ) : (
          <Button
            component={RouterLink}
            to="/login"
            state={{ from: `${location.pathname}${location.search}` }}
            variant="outlined"
            startIcon={<RateReviewOutlined />}
          >
            {t("reviews.signIn")}
          </Button>
        )}
      </Box>
      {reviews.items.length === 0 ? (
        <EmptyState message={t("reviews.none")} />
      ) : (
        <Stack component="ul" spacing={2} sx={{ listStyle: "none", p: 0, m: 0 }} aria-label={t("reviews.label")}>
          {reviews.items.map((review) => (
            <Paper component="li" key={review.id} variant="outlined" sx={{ p: 2 }}>
              <Box
                component="article"
                aria-label={t("reviews.by", { author: review.author?.username ?? t("reviews.formerUserInSentence") })}
              >
                <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap" }}>
                  <Avatar sx={{ width: 32, height: 32, bgcolor: "secondary.dark", fontSize: 14 }} aria-hidden="true">
                    {(review.author?.username ?? "?").charAt(0).toUpperCase()}
                  </Avatar>
                  <Typography sx={{ fontWeight: 600 }}>
                    {review.author ? <bdi>{review.author.username}</bdi> : t("reviews.formerUser")}
                  </Typography>
                  <RatingStars value={review.rating} />
                  <Typography variant="body2" color="text.secondary" component="time" dateTime={review.createdAt}>
                    {formatDate(review.createdAt)}
                  </Typography>
                  {review.verifiedPurchase && (
                    <Chip
                      icon={<VerifiedOutlined />}
                      label={t("reviews.verifiedPurchase")}
                      size="small"
                      color="success"
                      variant="outlined"
                    />
                  )}
                </Box>
                <Typography dir="auto" sx={{ mt: 1, whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
                  {review.comment}
                </Typography>
              </Box>
            </Paper>
          ))}
        </Stack>
      )}
      <PaginationBar page={reviews.page} totalPages={reviews.totalPages} onChange={onPage} label={t("reviews.pages")} />
      {user && !own && formSeen && (
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
