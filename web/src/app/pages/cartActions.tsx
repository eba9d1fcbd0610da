import type { ReactNode } from "react";
import Button, { type ButtonProps } from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";
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
  return withHeart(product, <CartControl product={product} size="small" />);
}

export function productPageAction(product: Sellable) {
  return withHeart(product, <CartControl product={product} size="large" />);
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
function CartControl({ product, size }: { product: Sellable; size: ButtonProps["size"] }) {
  const { t } = useTranslation();
  if (product.sold)
    return (
      <Button variant="outlined" size={size} fullWidth disabled aria-label={t("listing.soldName", { name: product.name })}>
        {t("listing.sold")}
      </Button>
    );
  if (product.reservedUntil)
    return (
      <Button variant="outlined" size={size} fullWidth disabled aria-label={t("listing.reservedName", { name: product.name })}>
        {t("listing.reserved")}
      </Button>
    );
  return <AddToCartButton product={toCartProduct(product)} size={size} fullWidth />;
}

function toCartProduct({ id, name, price, oldPrice, image }: Sellable) {
  return { id, name, price, oldPrice: oldPrice ?? null, image };
}
