import type { ReactNode } from "react";
import Button, { type ButtonProps } from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { AddToCartButton } from "../../features/cart/AddToCartButton";
import { SaveButton } from "../../features/saved/SaveButton";

type Sellable = {
  id: string;
  name: string;
  price: number;
  oldPrice?: number | null;
  image: string;
  sold?: boolean;
  /** Set while every unit left is reserved for other buyers. */
  reservedUntil?: string | null;
};

/**
 * The add-to-cart control and the save heart the app hands to the listing and product features
 * (they do not know the cart or the saved list).
 */
export function cardAction(product: Sellable) {
  return withHeart(product, cartControl(product, "small"));
}

export function productPageAction(product: Sellable) {
  return withHeart(product, cartControl(product, "large"));
}

function withHeart(product: Sellable, control: ReactNode) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ width: "100%", alignItems: "center" }}>
      {control}
      <SaveButton product={product} />
    </Stack>
  );
}

// a sold listing stays on show for a while but never goes into a cart
function cartControl(product: Sellable, size: ButtonProps["size"]) {
  if (product.sold)
    return (
      <Button variant="outlined" size={size} fullWidth disabled aria-label={`Sold: ${product.name}`}>
        Sold
      </Button>
    );
  if (product.reservedUntil)
    return (
      <Button variant="outlined" size={size} fullWidth disabled aria-label={`Reserved: ${product.name}`}>
        Reserved
      </Button>
    );
  return <AddToCartButton product={toCartProduct(product)} size={size} fullWidth />;
}

function toCartProduct({ id, name, price, oldPrice, image }: Sellable) {
  return { id, name, price, oldPrice: oldPrice ?? null, image };
}
