import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";
import type { OrderLineFieldsFragment } from "../generated/graphql";
import { formatPKR } from "../lib/format";

type Totals = { subtotal: number; discount: number; tax: number; total: number };

/** An order's lines as bought (snapshot name, price and picture), linking to the product while it exists. */
export function OrderLines({ lines }: { lines: ReadonlyArray<OrderLineFieldsFragment> }) {
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: "none", p: 0, m: 0 }} aria-label="Products in this order">
      {lines.map((line) => (
        <Box component="li" key={line.id} sx={{ display: "grid", gridTemplateColumns: "56px 1fr auto", gap: 1.5, alignItems: "center" }}>
          <Box component="img" src={line.image} alt={line.productName} width={56} height={56} sx={{ width: 56, height: 56, objectFit: "cover", borderRadius: 1, bgcolor: "grey.100" }} />
          <Box sx={{ minWidth: 0 }}>
            {line.productId ? (
              <Link component={RouterLink} to={`/shop/${line.productId}`} underline="hover" color="text.primary" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
                {line.productName}
              </Link>
            ) : (
              <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{line.productName}</Typography>
            )}
            <Typography variant="body2" color="text.secondary">
              {line.quantity} × {formatPKR(line.unitPrice)}
            </Typography>
          </Box>
          <Typography sx={{ fontWeight: 600, fontVariantNumeric: "tabular-nums", textAlign: "right" }}>{formatPKR(line.lineTotal)}</Typography>
        </Box>
      ))}
    </Stack>
  );
}

/** Subtotal, discount (when there is one), tax and total, all in PKR. */
export function OrderTotals({ totals, taxLabel = "Tax (5%)" }: { totals: Totals; taxLabel?: string }) {
  const rows: Array<[string, string]> = [["Subtotal", formatPKR(totals.subtotal)]];
  if (totals.discount > 0) rows.push(["Discount", `− ${formatPKR(totals.discount)}`]);
  rows.push([taxLabel, formatPKR(totals.tax)]);
  return (
    <Box component="dl" sx={{ m: 0 }}>
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
          Total
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontWeight: 800, fontVariantNumeric: "tabular-nums" }}>
          {formatPKR(totals.total)}
        </Typography>
      </Box>
    </Box>
  );
}
