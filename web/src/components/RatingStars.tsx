import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatAmount, formatCount } from "../lib/format";

type RatingStarsProps = {
  /** 0 to 5; averages are shown to the half star. */
  value: number;
  /** How many reviews the average comes from; shown as "(12)" when given. */
  count?: number;
  size?: "small" | "medium" | "large";
};

const STAR_PX = { small: 18, medium: 24, large: 30 } as const;
/** Material's "Star" icon on a 24-unit square. */
const STAR_PATH = "M12 17.27 18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z";
const STARS = [0, 1, 2, 3, 4];

/**
 * Read-only stars (scale 5) with an accessible text such as "Rated 4.5 out of 5 from 12 reviews".
 * One SVG (grey stars, gold ones cut to the rating) rather than MUI's Rating, which draws an input
 * and a label per half star: a grid of cards renders noticeably faster on a phone.
 */
export function RatingStars({ value, count, size = "small" }: RatingStarsProps) {
  const { t } = useTranslation();
  // useId's characters are not all valid in url(#…)
  const clipId = `stars-${useId().replace(/[^\w-]/g, "")}`;
  const rounded = Math.round(value * 10) / 10;
  const shown = Math.min(5, Math.max(0, Math.round(value * 2) / 2));
  const rating = formatAmount(rounded);
  const label =
    count === undefined ? t("ratings.rated", { rating }) : count === 0 ? t("ratings.none") : t("ratings.ratedFrom", { rating, count });
  const stars = STARS.map((i) => <path key={i} d={STAR_PATH} transform={`translate(${i * 24} 0)`} />);
  return (
    <Box sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }} role="img" aria-label={label}>
      <svg width={STAR_PX[size] * 5} height={STAR_PX[size]} viewBox="0 0 120 24" aria-hidden="true" focusable="false">
        <clipPath id={clipId}>
          <rect width={shown * 24} height={24} />
        </clipPath>
        <g fill="rgba(0, 0, 0, 0.26)">{stars}</g>
        <g fill="#faaf00" clipPath={`url(#${clipId})`}>
          {stars}
        </g>
      </svg>
      {count !== undefined && (
        <Typography variant="body2" color="text.secondary" aria-hidden="true">
          ({formatCount(count)})
        </Typography>
      )}
    </Box>
  );
}
