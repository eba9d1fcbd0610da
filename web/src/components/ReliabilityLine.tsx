import Typography, { type TypographyProps } from "@mui/material/Typography";
import type { ReliabilityFieldsFragment } from "../generated/graphql";
import { buyerRatingText, reliabilitySummary } from "./reliability";

type ReliabilityLineProps = {
  reliability: ReliabilityFieldsFragment;
  /** Add the rating sellers gave this user as a buyer (where a seller decides about them). */
  asBuyer?: boolean;
  variant?: TypographyProps["variant"];
};

/** A user's record in deals, e.g. "14 deals, 0 no-shows, usually replies within an hour". */
export function ReliabilityLine({ reliability, asBuyer = false, variant = "body2" }: ReliabilityLineProps) {
  const rating = asBuyer ? buyerRatingText(reliability) : null;
  const rate =
    reliability.responseRate === null || reliability.responseRate === undefined ? null : `answers ${reliability.responseRate}% of chats`;
  return (
    <Typography variant={variant} color="text.secondary" data-testid="reliability-line" sx={{ overflowWrap: "anywhere" }}>
      {[reliabilitySummary(reliability), rate, rating].filter(Boolean).join(" · ")}
    </Typography>
  );
}
