import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { SxProps, Theme } from "@mui/material/styles";
import { useTranslation } from "react-i18next";
import type { OrderTotalsFieldsFragment } from "../../generated/graphql";
import { formatPKR } from "../../lib/format";

type OrderTotalsProps = {
  /** An order's OrderTotalsFields (OrderTotals.graphql), or the cart's price quote. */
  totals: OrderTotalsFieldsFragment;
  /** Rows shown above the subtotal, as [label, value] (the cart's item count). */
  leadingRows?: ReadonlyArray<readonly [string, string]>;
  subtotalLabel?: string;
  discountLabel?: string;
  taxLabel?: string;
  totalLabel?: string;
  sx?: SxProps<Theme>;
};

/**
 * Subtotal, discount (when there is one), tax and the total below a rule, all in PKR, as a
 * description list: an order's totals and the cart's price quote.
 */
export function OrderTotals({ totals, leadingRows = [], subtotalLabel, discountLabel, taxLabel, totalLabel, sx }: OrderTotalsProps) {
  const { t } = useTranslation("deals");
  const rows: Array<readonly [string, string]> = [...leadingRows, [subtotalLabel ?? t("totals.subtotal"), formatPKR(totals.subtotal)]];
  if (totals.discount > 0) rows.push([discountLabel ?? t("totals.discount"), `− ${formatPKR(totals.discount)}`]);
  rows.push([taxLabel ?? t("totals.tax"), formatPKR(totals.tax)]);
  return (
    <Box component="dl" sx={[{ m: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: "flex", justifyContent: "space-between", py: 0.25 }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontVariantNumeric: "tabular-nums" }}>
            {value}
          </Typography>
        </Box>
      ))}
      <Box sx={{ display: "flex", justifyContent: "space-between", borderTop: 1, borderColor: "divider", mt: 0.75, pt: 0.75 }}>
        <Typography component="dt" sx={{ fontWeight: 700 }}>
          {totalLabel ?? t("totals.total")}
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 800, fontVariantNumeric: "tabular-nums" }}>
          {formatPKR(totals.total)}
        </Typography>
      </Box>
    </Box>
  );
}
