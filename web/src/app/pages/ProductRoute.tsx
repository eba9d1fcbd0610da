import Stack from "@mui/material/Stack";
import { MessageButton } from "../../domain/messages/MessageButton";
import { ProductPage } from "../../features/product/ProductPage";
import { productPageAction } from "./cartActions";

/** The product page composed with the cart's add button and "Message seller". */
export function ProductRoute() {
  return (
    <ProductPage
      renderAddToCart={(product) => (
        <Stack spacing={1}>
          {productPageAction(product)}
          <MessageButton productId={product.id} sellerId={product.seller?.id} size="large" fullWidth />
        </Stack>
      )}
    />
  );
}
