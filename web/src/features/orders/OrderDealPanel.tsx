import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RatingStars } from "../../components/RatingStars";
import { ReliabilityLine } from "../../domain/reliability/ReliabilityLine";
import type { DealReviewFieldsFragment, OrderDealFieldsFragment } from "../../generated/graphql";
import { useAuth } from "../../lib/auth";
import { formatCount, formatDate } from "../../lib/format";
import { DealReviewDialog } from "./DealReviewDialog";
import { NoShowPanel } from "./NoShowPanel";

/**
 * The end of a deal on the order page, for whichever side is looking: the buyer's record (to the
 * seller), a no-show report, and the two-way reviews (each hidden until both are written or the
 * window closes).
 */
export function OrderDealPanel({ order, onChanged }: { order: OrderDealFieldsFragment; onChanged: () => void }) {
  const { t } = useTranslation("orders");
  const { user } = useAuth();
  const side = user?.id === order.seller?.id ? "SELLER" : user?.id === order.buyer?.id ? "BUYER" : null;
  if (!side) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="deal-heading" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
      <Typography id="deal-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t(`deal.heading.${side}`)}
      </Typography>
      <Stack spacing={2}>
        {side === "SELLER" && order.buyer && (
          <Box>
            <Typography sx={{ fontWeight: 600 }}>{order.buyer.username}</Typography>
            <ReliabilityLine reliability={order.buyer.reliability} asBuyer />
          </Box>
        )}
        <NoShowPanel order={order} onChanged={onChanged} />
        <ReviewsBlock order={order} side={side} onChanged={onChanged} />
      </Stack>
    </Paper>
  );
}

function ReviewsBlock({ order, side, onChanged }: { order: OrderDealFieldsFragment; side: "BUYER" | "SELLER"; onChanged: () => void }) {
  const { t } = useTranslation("orders");
  const [open, setOpen] = useState(false);
  const { closesAt, mine, theirs, theirsWritten } = order.reviews;
  // the review button follows the order's actions, the one list the server keeps for every button
  const canReview = order.actions.includes("REVIEW");
  if (!closesAt) return <Typography color="text.secondary">{t("deal.notOpen")}</Typography>;
  const date = formatDate(closesAt);
  return (
    <Stack spacing={1.5} data-testid="order-reviews">
      {canReview && (
        <Box>
          <Button variant="contained" onClick={() => setOpen(true)}>
            {t(`deal.review.${side}`)}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {theirsWritten ? t(`deal.theirsWritten.${side}`) : t("deal.openUntil", { date })}
          </Typography>
        </Box>
      )}
      {mine && <ReviewCard title={t("deal.yours")} review={mine} />}
      {mine && !theirs && (
        <Typography color="text.secondary" data-testid="review-hidden">
          {t(`deal.hidden.${side}`, { date })}
        </Typography>
      )}
      {theirs && <ReviewCard title={t(`deal.theirs.${side}`)} review={theirs} />}
      {!mine && !theirs && !canReview && <Typography color="text.secondary">{t("deal.closed", { date })}</Typography>}
      <DealReviewDialog
        orderId={order.id}
        side={side}
        otherName={side === "BUYER" ? t("deal.theSeller") : (order.buyer?.username ?? t("deal.theBuyer"))}
        open={open}
        onClose={() => setOpen(false)}
        onPosted={onChanged}
      />
    </Stack>
  );
}

function ReviewCard({ title, review }: { title: string; review: DealReviewFieldsFragment }) {
  const { t } = useTranslation("orders");
  const parts = [
    [t(`deal.part.${review.side}`), review.asDescribed],
    [t("review.communication"), review.communication],
    [t("review.punctuality"), review.punctuality],
  ] as const;
  return (
    <Paper variant="outlined" component="section" sx={{ p: 1.5 }} aria-label={title}>
      <Typography variant="subtitle2">{title}</Typography>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <RatingStars value={review.stars} />
        <Typography variant="body2">{review.stars.toFixed(1)}</Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {parts.map(([label, value]) => t("deal.partScore", { label, value: formatCount(value) })).join(" · ")}
      </Typography>
      <Typography dir="auto" sx={{ mt: 1, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
        {review.comment}
      </Typography>
    </Paper>
  );
}
