import Alert from "@mui/material/Alert";
import { useTranslation } from "react-i18next";
import { formatPKR } from "../../lib/format";
import type { Quote } from "./OrderSummary";

type QuoteLine = Quote["lines"][number];

/** Under the summary: the accepted offers the quote charges, and the lines no longer for sale. */
export function QuoteNotices({ offered, unavailable }: { offered: QuoteLine[]; unavailable: QuoteLine[] }) {
  const { t } = useTranslation("checkout");
  return (
    <>
      {offered.map((l) => (
        <Alert key={l.productId} severity="success" sx={{ mt: 1 }}>
          {l.quantity > 1
            ? t("notices.offerOneOfMany", { name: l.name, price: formatPKR(l.offerPrice!), unitPrice: formatPKR(l.unitPrice) })
            : t("notices.offer", { name: l.name, price: formatPKR(l.offerPrice!) })}
        </Alert>
      ))}
      {unavailable.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t("notices.unavailable", { count: unavailable.length, names: unavailable.map((l) => l.name) })}
        </Alert>
      )}
    </>
  );
}
