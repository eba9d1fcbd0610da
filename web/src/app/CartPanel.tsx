import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { cartLines } from "../features/cart/cart";
import { useCart } from "../features/cart/CartContext";
import { useAuth } from "../lib/auth";
import { loadNamespaces } from "../lib/i18n";

// the panel (drawer, item rows, checkout) is not part of the first load: it loads when the cart first opens,
// with its words, so it opens already written in the reader's language
const CartPanelDrawer = lazy(async () => ({
  default: (await Promise.all([import("./CartPanelDrawer"), loadNamespaces(["cart", "checkout"])]))[0].CartPanelDrawer,
}));

const REOPEN_KEY = "cart.reopenAfterLogin";

/**
 * The cart panel with its checkout part, composed here so the cart and checkout features stay
 * apart. A visitor sent to log in from the cart finds the cart open again when they come back.
 */
export function CartPanel() {
  const { cart, isOpen, openCart, closeCart } = useCart();
  const { user } = useAuth();
  const lines = useMemo(() => cartLines(cart), [cart]);
  const [everOpened, setEverOpened] = useState(false);
  if (isOpen && !everOpened) setEverOpened(true);

  useEffect(() => {
    if (user && sessionStorage.getItem(REOPEN_KEY)) {
      sessionStorage.removeItem(REOPEN_KEY);
      if (cart.products.length > 0) openCart();
    }
  }, [user, cart.products.length, openCart]);

  if (!everOpened) return null;
  return (
    <Suspense fallback={null}>
      <CartPanelDrawer
        lines={lines}
        onSignInNeeded={() => {
          sessionStorage.setItem(REOPEN_KEY, "1");
          closeCart();
        }}
      />
    </Suspense>
  );
}
