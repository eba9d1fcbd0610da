import type { TFunction } from "i18next";
import type { ReliabilityFieldsFragment } from "../generated/graphql";
import { formatAmount } from "../lib/format";

/** "14 deals, 0 no-shows, usually replies within an hour": a user's record in one line. */
export function reliabilitySummary(t: TFunction, r: ReliabilityFieldsFragment): string {
  const parts = [t("reliability.deals", { count: r.completedDeals }), t("reliability.noShows", { count: r.noShows })];
  if (r.cancellations) parts.push(t("reliability.cancellations", { count: r.cancellations }));
  if (r.typicalReply) parts.push(t(`reliability.reply.${r.typicalReply}`));
  return parts.join(t("reliability.separator"));
}

/** "Rated 4.5 as a buyer (3)", or null before any seller's review. */
export function buyerRatingText(t: TFunction, r: ReliabilityFieldsFragment): string | null {
  return r.buyerRating === null || r.buyerRating === undefined
    ? null
    : t("reliability.asBuyer", { rating: formatAmount(r.buyerRating), count: r.buyerReviewCount });
}
