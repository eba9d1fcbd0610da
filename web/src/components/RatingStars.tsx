import Box from "@mui/material/Box";
import Rating from "@mui/material/Rating";
import Typography from "@mui/material/Typography";

type RatingStarsProps = {
  /** 0 to 5; averages are shown to the half star. */
  value: number;
  /** How many reviews the average comes from; shown as "(12)" when given. */
  count?: number;
  size?: "small" | "medium" | "large";
};

/** Read-only stars (scale 5) with an accessible text such as "Rated 4.5 out of 5 from 12 reviews". */
export function RatingStars({ value, count, size = "small" }: RatingStarsProps) {
  const rounded = Math.round(value * 10) / 10;
  const label =
    count === undefined
      ? `Rated ${rounded} out of 5`
      : count === 0
        ? "No ratings yet"
        : `Rated ${rounded} out of 5 from ${count} ${count === 1 ? "review" : "reviews"}`;
  return (
    <Box sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }} role="img" aria-label={label}>
      <Rating value={value} precision={0.5} readOnly size={size} aria-hidden="true" />
      {count !== undefined && (
        <Typography variant="body2" color="text.secondary" aria-hidden="true">
          ({count})
        </Typography>
      )}
    </Box>
  );
}
