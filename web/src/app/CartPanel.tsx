import { CartDrawer } from "../features/cart/CartDrawer";

/** The cart panel with its checkout part (composed here so the cart and checkout features stay apart). */
export function CartPanel() {
  return <CartDrawer checkout={null} />;
}
