import { ProductPage } from "../../features/product/ProductPage";
import { productPageAction } from "./cartActions";

/** The product page composed with the cart's add button. */
export function ProductRoute() {
  return <ProductPage renderAddToCart={productPageAction} />;
}
