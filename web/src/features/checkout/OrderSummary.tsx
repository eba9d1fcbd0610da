import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";
import { OrderTotals } from "../../domain/order/OrderTotals";
import type { PriceQuoteQuery } from "../../generated/graphql";
import { formatCount } from "../../lib/format";

export type Quote = PriceQuoteQuery["priceQuote"];

/** The server's price quote of the cart (never totals computed in the browser). */
export function OrderSummary({
  quote,
  loading,
  failed,
  onRetry,
}: {
  quote: Quote | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation("checkout");
  if (failed) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t("summary.tryAgain")}
          </Button>
        }
      >
        {t("summary.failed")}
      </Alert>
    );
  }
  if (loading || !quote) {
    return (
      <Stack spacing={0.5} role="status" aria-label={t("summary.loading")}>
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} variant="text" />
        ))}
      </Stack>
    );
  }
  return (
    <OrderTotals
      totals={quote}
      leadingRows={[[t("summary.selectedItems"), formatCount(quote.itemCount)]]}
      subtotalLabel={t("summary.totalPrice")}
      discountLabel={quote.couponCode ? t("summary.discountWithCode", { code: quote.couponCode }) : t("summary.discount")}
      taxLabel={t("summary.tax", { rate: Math.round(quote.taxRate * 100) })}
      totalLabel={t("summary.grandTotal")}
      sx={{ bgcolor: "grey.50", borderRadius: 1, p: 1.5, border: 1, borderColor: "divider" }}
    />
  );
}
