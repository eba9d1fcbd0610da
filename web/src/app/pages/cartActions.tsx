import Button, { type ButtonProps } from "@mui/material/Button";
import { AddToCartButton } from "../../features/cart/AddToCartButton";

type Sellable = { id: string; name: string; price: number; oldPrice?: number | null; image: string; sold?: boolean };

/** The add-to-cart control the app hands to the listing and product features (they do not know the cart). */
export function cardAction(product: Sellable) {
  return cartControl(product, "small");
}

export function productPageAction(product: Sellable) {
  return cartControl(product, "large");
}

// a sold listing stays on show for a while but never goes into a cart
function cartControl(product: Sellable, size: ButtonProps["size"]) {
  if (product.sold)
    return (
      <Button variant="outlined" size={size} fullWidth disabled aria-label={`Sold: ${product.name}`}>
        Sold
      </Button>
    );
  return <AddToCartButton product={toCartProduct(product)} size={size} fullWidth />;
}

function toCartProduct({ id, name, price, oldPrice, image }: Sellable) {
  return { id, name, price, oldPrice: oldPrice ?? null, image };
}
