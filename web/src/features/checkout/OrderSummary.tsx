import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import { OrderTotals } from "../../components/OrderTotals";
import type { PriceQuoteQuery } from "../../generated/graphql";

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
  if (failed) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Try again
          </Button>
        }
      >
        Could not price your cart.
      </Alert>
    );
  }
  if (loading || !quote) {
    return (
      <Stack spacing={0.5} role="status" aria-label="Loading order summary">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} variant="text" />
        ))}
      </Stack>
    );
  }
  return (
    <OrderTotals
      totals={quote}
      leadingRows={[["Selected items", String(quote.itemCount)]]}
      subtotalLabel="Total price"
      discountLabel={`Discount${quote.couponCode ? ` (${quote.couponCode})` : ""}`}
      taxLabel={`Tax (${Math.round(quote.taxRate * 100)}%)`}
      totalLabel="Grand total"
      sx={{ bgcolor: "grey.50", borderRadius: 1, p: 1.5, border: 1, borderColor: "divider" }}
    />
  );
}
