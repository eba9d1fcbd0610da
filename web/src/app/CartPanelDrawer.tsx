import LinearProgress from "@mui/material/LinearProgress";
import { lazy, Suspense, useState } from "react";
import type { cartLines } from "../features/cart/cart";
import { CartDrawer } from "../features/cart/CartDrawer";
import { useCart } from "../features/cart/CartContext";
import { useTranslation } from "react-i18next";
import { loadNamespaces } from "../lib/i18n";

// the checkout form (text fields, quote, order mutation) loads the first time the cart opens
// the meetup fields' words (deals catalogue) come with the checkout's code
const CheckoutPanel = lazy(async () => ({
  default: (await Promise.all([import("../features/checkout/CheckoutPanel"), loadNamespaces(["deals"])]))[0].CheckoutPanel,
}));

/** The cart drawer with the checkout part below the items (see CartPanel, which loads this on first open). */
export function CartPanelDrawer({ lines, onSignInNeeded }: { lines: ReturnType<typeof cartLines>; onSignInNeeded: () => void }) {
  const { t } = useTranslation();
  const { clear, isOpen, closeCart } = useCart();
  const [agreedPrices, setAgreedPrices] = useState<Record<string, number>>({});
  return (
    <CartDrawer
      agreedPrices={agreedPrices}
      checkout={
        <Suspense fallback={<LinearProgress aria-label={t("cartPanel.loadingCheckout")} />}>
          <CheckoutPanel
            lines={lines}
            active={isOpen}
            onClearCart={clear}
            onOrderPlaced={() => {
              clear();
              closeCart();
            }}
            onSignInNeeded={onSignInNeeded}
            onAgreedPrices={setAgreedPrices}
          />
        </Suspense>
      }
    />
  );
}
