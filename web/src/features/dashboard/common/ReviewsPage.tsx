import AddIcon from "@mui/icons-material/Add";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { useDashboardMyReviewsQuery, useDashboardReceivedReviewsQuery } from "../../../generated/hooks";
import type { DashboardMyReviewsQuery } from "../../../generated/graphql";
import { PagedList } from "../../../components/PagedList";
import { RatingStars } from "../../../components/RatingStars";
import { formatDate } from "../../../lib/format";
import { EmptyState } from "../../../components/QueryState";
import { LoadingState } from "../../../components/LoadingState";
import { usePageTitle } from "../../../components/usePageTitle";

const PAGE_SIZE = 20;

/**
 * The reviews the signed-in user has written, with a tile that leads to the shop to write more;
 * a seller also sees the reviews buyers wrote on their products.
 */
export default function ReviewsPage({ received = false }: { received?: boolean }) {
  const { t } = useTranslation("dashboard");
  usePageTitle(t("reviews.title"));
  const [page, setPage] = useState(1);
  const { data, loading, error, refetch } = useDashboardMyReviewsQuery({
    variables: { page, pageSize: PAGE_SIZE },
    fetchPolicy: "cache-and-network",
  });

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t("reviews.title")}
      </Typography>
      <PagedList
        query={{ loading, error, refetch }}
        data={data?.myReviews}
        skeleton={<LoadingState label={t("reviews.loading")} />}
        // with no reviews yet the tile that leads to the shop still shows
        empty={
          <>
            <EmptyState message={t("reviews.noneGiven")} />
            <GivenReviews reviews={[]} />
          </>
        }
        noun="reviews"
        onPage={setPage}
      >
        {(result) => <GivenReviews reviews={result.items} />}
      </PagedList>
      {received && <ReceivedReviews />}
    </Stack>
  );
}

/** The given reviews as cards, then a tile that leads to the shop to write more. */
function GivenReviews({ reviews }: { reviews: DashboardMyReviewsQuery["myReviews"]["items"] }) {
  const { t } = useTranslation("dashboard");
  const addTile = (
    <Card variant="outlined" sx={{ height: "100%", borderStyle: "dashed" }}>
      <CardActionArea
        component={RouterLink}
        to="/shop"
        sx={{ height: "100%", minHeight: 140, display: "flex", flexDirection: "column", justifyContent: "center" }}
      >
        <AddIcon fontSize="large" color="primary" aria-hidden="true" />
        <Typography sx={{ mt: 1, fontWeight: 600 }}>{t("reviews.add")}</Typography>
      </CardActionArea>
    </Card>
  );

  return (
    <Grid container spacing={2} component="ul" sx={{ listStyle: "none", p: 0, m: 0 }} aria-label={t("reviews.yours")}>
      {reviews.map((review) => (
        <Grid key={review.id} component="li" size={{ xs: 12, sm: 6, lg: 4 }}>
          <Card variant="outlined" sx={{ height: "100%" }}>
            <CardContent>
              <RatingStars value={review.rating} />
              <Typography dir="auto" sx={{ mt: 1, whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
                {review.comment}
              </Typography>
              <Typography variant="body2" sx={{ mt: 1 }}>
                {review.product ? (
                  <Trans
                    t={t}
                    i18nKey="reviews.product"
                    components={{ product: <Link component={RouterLink} to={`/shop/${review.product.id}`} /> }}
                    values={{ name: review.product.name }}
                  />
                ) : (
                  t("reviews.productGone")
                )}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      ))}
      <Grid component="li" size={{ xs: 12, sm: 6, lg: 4 }}>
        {addTile}
      </Grid>
    </Grid>
  );
}

function ReceivedReviews() {
  const { t } = useTranslation("dashboard");
  const [page, setPage] = useState(1);
  const { data, loading, error, refetch } = useDashboardReceivedReviewsQuery({
    variables: { page, pageSize: PAGE_SIZE },
    fetchPolicy: "cache-and-network",
  });
  return (
    <Stack component="section" spacing={2} aria-labelledby="received-reviews-heading" sx={{ pt: 2 }}>
      <Typography id="received-reviews-heading" variant="h5" component="h2">
        {t("reviews.received")}
      </Typography>
      <PagedList
        query={{ loading, error, refetch }}
        data={data?.receivedReviews}
        skeleton={<LoadingState label={t("reviews.loading")} />}
        empty={t("reviews.noneReceived")}
        noun="reviews"
        onPage={setPage}
      >
        {(result) => (
          <Grid container spacing={2} component="ul" sx={{ listStyle: "none", p: 0, m: 0 }} aria-label={t("reviews.received")}>
            {result.items.map((review) => (
              <Grid key={review.id} component="li" size={{ xs: 12, sm: 6, lg: 4 }}>
                <Card variant="outlined" sx={{ height: "100%" }}>
                  <CardContent>
                    <RatingStars value={review.rating} />
                    <Typography dir="auto" sx={{ mt: 1, whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
                      {review.comment}
                    </Typography>
                    <Typography variant="body2" sx={{ mt: 1 }}>
                      {review.product ? (
                        <Trans
                          t={t}
                          i18nKey="reviews.byOn"
                          components={{ product: <Link component={RouterLink} to={`/shop/${review.product.id}`} /> }}
                          values={{ author: review.author?.username ?? t("reviews.formerUser"), name: review.product.name }}
                        />
                      ) : (
                        t("reviews.byOnGone", { author: review.author?.username ?? t("reviews.formerUser") })
                      )}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
                    </Typography>
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
        )}
      </PagedList>
    </Stack>
  );
}
