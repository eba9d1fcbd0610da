import Typography, { type TypographyProps } from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { ReliabilityFieldsFragment } from "../../generated/graphql";
import { formatCount } from "../../lib/format";
import { buyerRatingText, reliabilitySummary } from "./reliability";

type ReliabilityLineProps = {
  reliability: ReliabilityFieldsFragment;
  /** Add the rating sellers gave this user as a buyer (where a seller decides about them). */
  asBuyer?: boolean;
  variant?: TypographyProps["variant"];
};

/** A user's record in deals, e.g. "14 deals, 0 no-shows, usually replies within an hour". */
export function ReliabilityLine({ reliability, asBuyer = false, variant = "body2" }: ReliabilityLineProps) {
  const { t } = useTranslation("trust");
  const rating = asBuyer ? buyerRatingText(t, reliability) : null;
  const rate =
    reliability.responseRate === null || reliability.responseRate === undefined
      ? null
      : t("trust:reliability.responseRate", { rate: formatCount(reliability.responseRate) });
  return (
    <Typography variant={variant} color="text.secondary" data-testid="reliability-line" sx={{ overflowWrap: "anywhere" }}>
      {[reliabilitySummary(t, reliability), rate, rating].filter(Boolean).join(" · ")}
    </Typography>
  );
}
