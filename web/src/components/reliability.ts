import type { ReliabilityFieldsFragment } from "../generated/graphql";

const REPLY_WORDS = {
  WITHIN_HOUR: "usually replies within an hour",
  WITHIN_DAY: "usually replies within a day",
  LONGER: "usually replies after a day",
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "14 deals, 0 no-shows, usually replies within an hour": a user's record in one line. */
export function reliabilitySummary(r: ReliabilityFieldsFragment): string {
  const parts = [plural(r.completedDeals, "deal", "deals"), plural(r.noShows, "no-show", "no-shows")];
  if (r.cancellations) parts.push(plural(r.cancellations, "late cancellation", "late cancellations"));
  if (r.typicalReply) parts.push(REPLY_WORDS[r.typicalReply]);
  return parts.join(", ");
}

/** "Rated 4.5 as a buyer (3)", or null before any seller's review. */
export function buyerRatingText(r: ReliabilityFieldsFragment): string | null {
  return r.buyerRating === null || r.buyerRating === undefined ? null : `Rated ${r.buyerRating} as a buyer (${r.buyerReviewCount})`;
}
