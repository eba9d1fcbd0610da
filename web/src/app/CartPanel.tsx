import LinearProgress from "@mui/material/LinearProgress";
import { lazy, Suspense, useEffect, useMemo } from "react";
import { cartLines } from "../features/cart/cart";
import { CartDrawer } from "../features/cart/CartDrawer";
import { useCart } from "../features/cart/CartContext";
import { useAuth } from "../lib/auth";

// the checkout form (text fields, quote, order mutation) loads the first time the cart opens
const CheckoutPanel = lazy(async () => ({ default: (await import("../features/checkout/CheckoutPanel")).CheckoutPanel }));

const REOPEN_KEY = "cart.reopenAfterLogin";

/**
 * The cart panel with its checkout part, composed here so the cart and checkout features stay
 * apart. A visitor sent to log in from the cart finds the cart open again when they come back.
 */
export function CartPanel() {
  const { cart, clear, isOpen, openCart, closeCart } = useCart();
  const { user } = useAuth();
  const lines = useMemo(() => cartLines(cart), [cart]);

  useEffect(() => {
    if (user && sessionStorage.getItem(REOPEN_KEY)) {
      sessionStorage.removeItem(REOPEN_KEY);
      if (cart.products.length > 0) openCart();
    }
  }, [user, cart.products.length, openCart]);

  return (
    <CartDrawer
      checkout={
        <Suspense fallback={<LinearProgress aria-label="Loading checkout" />}>
          <CheckoutPanel
            lines={lines}
            active={isOpen}
            onClearCart={clear}
            onOrderPlaced={() => {
              clear();
              closeCart();
            }}
            onPaymentPending={closeCart}
            onSignInNeeded={() => {
              sessionStorage.setItem(REOPEN_KEY, "1");
              closeCart();
            }}
          />
        </Suspense>
      }
    />
  );
}
