import type { TFunction } from "i18next";
import type { ReliabilityFieldsFragment } from "../../generated/graphql";
import { formatAmount } from "../../lib/format";

/** "14 deals, 0 no-shows, usually replies within an hour": a user's record in one line. */
export function reliabilitySummary(t: TFunction, r: ReliabilityFieldsFragment): string {
  const parts = [t("trust:reliability.deals", { count: r.completedDeals }), t("trust:reliability.noShows", { count: r.noShows })];
  if (r.cancellations) parts.push(t("trust:reliability.cancellations", { count: r.cancellations }));
  if (r.typicalReply) parts.push(t(`trust:reliability.reply.${r.typicalReply}`));
  return parts.join(t("trust:reliability.separator"));
}

/** "Rated 4.5 as a buyer (3)", or null before any seller's review. */
export function buyerRatingText(t: TFunction, r: ReliabilityFieldsFragment): string | null {
  return r.buyerRating === null || r.buyerRating === undefined
    ? null
    : t("trust:reliability.asBuyer", { rating: formatAmount(r.buyerRating), count: r.buyerReviewCount });
}
