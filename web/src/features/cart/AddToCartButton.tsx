import Button, { type ButtonProps } from "@mui/material/Button";
import AddShoppingCart from "@mui/icons-material/AddShoppingCart";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutlineOutlined";
import { useTranslation } from "react-i18next";
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
  const { t } = useTranslation("cart");
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
        aria-label={t("button.inCartName", { name: product.name })}
      >
        {t("button.inCart")}
      </Button>
    );
  }
  return (
    <Button
      variant="contained"
      size={size}
      fullWidth={fullWidth}
      startIcon={<AddShoppingCart />}
      aria-label={t("button.addName", { name: product.name })}
      onClick={() => {
        add(product);
        notify.success(t("button.added", { name: product.name }));
      }}
    >
      {t("button.add")}
    </Button>
  );
}
