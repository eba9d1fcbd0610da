import { SuccessPage } from "../../features/checkout/SuccessPage";
import { useCart } from "../../features/cart/CartContext";

/** The payment result, composed with the cart: a paid card checkout empties the cart it came from. */
export function SuccessRoute() {
  const { clear } = useCart();
  return <SuccessPage onCartPaid={clear} />;
}
