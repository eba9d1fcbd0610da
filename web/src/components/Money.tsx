import Box from "@mui/material/Box";
import Typography, { type TypographyProps } from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { formatPKR } from "../lib/format";
import { visuallyHidden } from "./visuallyHidden";

type MoneyProps = {
  amount: number;
  /** The earlier price, shown struck through when it is higher than `amount`. */
  oldPrice?: number | null;
  variant?: TypographyProps["variant"];
  color?: TypographyProps["color"];
  component?: React.ElementType;
};

/** A PKR amount (always via formatPKR, in the reader's language), with the old price struck through when there is one. */
export function Money({ amount, oldPrice, variant = "body1", color = "text.primary", component = "span" }: MoneyProps) {
  const { t } = useTranslation();
  const showOld = oldPrice != null && oldPrice > amount;
  return (
    <Box component="span" sx={{ display: "inline-flex", alignItems: "baseline", gap: 1, flexWrap: "wrap" }}>
      <Typography component={component} variant={variant} color={color} sx={{ fontWeight: 700 }}>
        {formatPKR(amount)}
      </Typography>
      {showOld && (
        // screen readers do not announce strike-through: a hidden "was" says what the number is
        <Typography component="s" variant="body2" color="text.secondary">
          <Box component="span" sx={visuallyHidden}>
            {t("money.was")}{" "}
          </Box>
          {formatPKR(oldPrice)}
        </Typography>
      )}
    </Box>
  );
}

/** Percentage saved against the old price, e.g. 18 for 2,450 instead of 2,999. */
export function discountPercent(amount: number, oldPrice?: number | null): number | null {
  if (oldPrice == null || oldPrice <= amount || oldPrice <= 0) return null;
  return Math.round(((oldPrice - amount) / oldPrice) * 100);
}
