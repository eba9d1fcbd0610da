import Button, { type ButtonProps } from "@mui/material/Button";
import AddShoppingCart from "@mui/icons-material/AddShoppingCart";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutlineOutlined";
import { useNotify } from "../../components/Notify";
import { isInCart, type CartProductInput } from "./cart";
import { useCart } from "./CartContext";

type AddToCartButtonProps = {
  product: CartProductInput;
  size?: ButtonProps["size"];
  fullWidth?: boolean;
};

/** Adds the product once (quantity 1); when it is already in the cart the button opens the cart instead. */
export function AddToCartButton({ product, size = "medium", fullWidth }: AddToCartButtonProps) {
  const { cart, add, openCart } = useCart();
  const notify = useNotify();
  const inCart = isInCart(cart, product.id);
  if (inCart) {
    return (
      <Button
        variant="outlined"
        size={size}
        fullWidth={fullWidth}
        startIcon={<CheckCircleOutline />}
        onClick={openCart}
        aria-label={`In cart: ${product.name} (view cart)`}
      >
        In cart
      </Button>
    );
  }
  return (
    <Button
      variant="contained"
      size={size}
      fullWidth={fullWidth}
      startIcon={<AddShoppingCart />}
      aria-label={`Add to cart: ${product.name}`}
      onClick={() => {
        add(product);
        notify.success(`${product.name} added to your cart.`);
      }}
    >
      Add to cart
    </Button>
  );
}
