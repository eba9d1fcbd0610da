import { AddToCartButton } from "../../features/cart/AddToCartButton";

type Sellable = { id: string; name: string; price: number; oldPrice?: number | null; image: string };

/** The add-to-cart control the app hands to the listing and product features (they do not know the cart). */
export function cardAction(product: Sellable) {
  return <AddToCartButton product={toCartProduct(product)} size="small" fullWidth />;
}

export function productPageAction(product: Sellable) {
  return <AddToCartButton product={toCartProduct(product)} size="large" fullWidth />;
}

function toCartProduct({ id, name, price, oldPrice, image }: Sellable) {
  return { id, name, price, oldPrice: oldPrice ?? null, image };
}
