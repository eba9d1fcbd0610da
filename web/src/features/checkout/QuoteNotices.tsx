import Alert from "@mui/material/Alert";
import { formatPKR } from "../../lib/format";
import type { Quote } from "./OrderSummary";

type QuoteLine = Quote["lines"][number];

/** Under the summary: the accepted offers the quote charges, and the lines no longer for sale. */
export function QuoteNotices({ offered, unavailable }: { offered: QuoteLine[]; unavailable: QuoteLine[] }) {
  return (
    <>
      {offered.map((l) => (
        <Alert key={l.productId} severity="success" sx={{ mt: 1 }}>
          Your accepted offer: {l.name} at {formatPKR(l.offerPrice!)}
          {l.quantity > 1 ? ` for one unit (the others at ${formatPKR(l.unitPrice)})` : ""}. The tax is on the agreed price.
        </Alert>
      ))}
      {unavailable.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          No longer available (left out of the total): {unavailable.map((l) => l.name).join(", ")}. Please remove{" "}
          {unavailable.length === 1 ? "it" : "them"} from your cart.
        </Alert>
      )}
    </>
  );
}
