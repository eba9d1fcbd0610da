import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { RatingStars } from "../../components/RatingStars";
import { ReliabilityLine } from "../../components/ReliabilityLine";
import type { DealReviewFieldsFragment, OrderDealFieldsFragment } from "../../generated/graphql";
import { useAuth } from "../../lib/auth";
import { formatDate } from "../../lib/format";
import { DealReviewDialog } from "./DealReviewDialog";
import { NoShowPanel } from "./NoShowPanel";

/**
 * The end of a deal on the order page, for whichever side is looking: the buyer's record (to the
 * seller), a no-show report, and the two-way reviews (each hidden until both are written or the
 * window closes).
 */
export function OrderDealPanel({ order, onChanged }: { order: OrderDealFieldsFragment; onChanged: () => void }) {
  const { user } = useAuth();
  const side = user?.id === order.seller?.id ? "SELLER" : user?.id === order.buyer?.id ? "BUYER" : null;
  if (!side) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="deal-heading" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
      <Typography id="deal-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {side === "SELLER" ? "Buyer and reviews" : "Reviews"}
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
  const [open, setOpen] = useState(false);
  const { closesAt, canReview, mine, theirs, theirsWritten } = order.reviews;
  if (!closesAt) return <Typography color="text.secondary">Reviews open when the order is completed.</Typography>;
  const other = side === "BUYER" ? "the seller" : "the buyer";
  return (
    <Stack spacing={1.5} data-testid="order-reviews">
      {canReview && (
        <Box>
          <Button variant="contained" onClick={() => setOpen(true)}>
            {side === "BUYER" ? "Review the seller" : "Review the buyer"}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {theirsWritten
              ? `${capitalize(other)} has written their review: write yours to see it.`
              : `Open until ${formatDate(closesAt)}.`}
          </Typography>
        </Box>
      )}
      {mine && <ReviewCard title="Your review" review={mine} />}
      {mine && !theirs && (
        <Typography color="text.secondary" data-testid="review-hidden">
          Your review is hidden: it shows when {other} writes theirs, or on {formatDate(closesAt)}.
        </Typography>
      )}
      {theirs && <ReviewCard title={side === "BUYER" ? "The seller's review of you" : "The buyer's review of you"} review={theirs} />}
      {!mine && !theirs && !canReview && (
        <Typography color="text.secondary">The review window closed on {formatDate(closesAt)}.</Typography>
      )}
      <DealReviewDialog
        orderId={order.id}
        side={side}
        otherName={side === "BUYER" ? "the seller" : (order.buyer?.username ?? "the buyer")}
        open={open}
        onClose={() => setOpen(false)}
        onPosted={onChanged}
      />
    </Stack>
  );
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function ReviewCard({ title, review }: { title: string; review: DealReviewFieldsFragment }) {
  const parts = [
    [review.side === "BUYER" ? "As described" : "As agreed", review.asDescribed],
    ["Communication", review.communication],
    ["Punctuality", review.punctuality],
  ] as const;
  return (
    <Paper variant="outlined" component="section" sx={{ p: 1.5 }} aria-label={title}>
      <Typography variant="subtitle2">{title}</Typography>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <RatingStars value={review.stars} />
        <Typography variant="body2">{review.stars.toFixed(1)}</Typography>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {parts.map(([label, value]) => `${label} ${value}/5`).join(" · ")}
      </Typography>
      <Typography sx={{ mt: 1, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{review.comment}</Typography>
    </Paper>
  );
}
