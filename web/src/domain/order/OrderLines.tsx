import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import i18next from "i18next";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import type { OrderLineFieldsFragment } from "../../generated/graphql";
import { formatPKR } from "../../lib/format";

// these read the language at call time (as lib/format.ts does): their callers re-render on a switch

/** The first product's name, with "+ n more" when the order has several (`none` when it has no lines). */
export function orderTitle(order: { lines: ReadonlyArray<{ productName: string }> }, none = "—"): string {
  if (order.lines.length === 0) return none;
  const first = order.lines[0].productName;
  return order.lines.length > 1 ? i18next.t("orderLines.more", { ns: "deals", first, count: order.lines.length - 1 }) : first;
}

/** A line priced by an accepted offer: one unit at the agreed price, any others at the listed one. */
export function agreedPrice(offerPrice: number, unitPrice: number, quantity: number): string {
  const prices = { ns: "deals", offer: formatPKR(offerPrice), listed: formatPKR(unitPrice) };
  return quantity > 1 ? i18next.t("orderLines.agreedAndMore", { ...prices, count: quantity - 1 }) : i18next.t("orderLines.agreed", prices);
}

/** An order's lines as bought (snapshot name, price and picture), linking to the product while it exists. */
export function OrderLines({ lines }: { lines: ReadonlyArray<OrderLineFieldsFragment> }) {
  const { t } = useTranslation("deals");
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: "none", p: 0, m: 0 }} aria-label={t("orderLines.label")}>
      {lines.map((line) => (
        <Box component="li" key={line.id} sx={{ display: "grid", gridTemplateColumns: "56px 1fr auto", gap: 1.5, alignItems: "center" }}>
          <Box
            component="img"
            src={line.image}
            alt={line.productName}
            width={56}
            height={56}
            sx={{ width: 56, height: 56, objectFit: "cover", borderRadius: 1, bgcolor: "grey.100" }}
          />
          <Box sx={{ minWidth: 0 }}>
            {line.productId ? (
              <Link
                component={RouterLink}
                to={`/shop/${line.productId}`}
                underline="hover"
                color="text.primary"
                sx={{ fontWeight: 600, overflowWrap: "anywhere" }}
              >
                <bdi>{line.productName}</bdi>
              </Link>
            ) : (
              <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
                <bdi>{line.productName}</bdi>
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary">
              {line.offerPrice != null
                ? agreedPrice(line.offerPrice, line.unitPrice, line.quantity)
                : `${line.quantity} × ${formatPKR(line.unitPrice)}`}
            </Typography>
          </Box>
          <Typography sx={{ fontWeight: 600, fontVariantNumeric: "tabular-nums", textAlign: "right" }}>
            {formatPKR(line.lineTotal)}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
