import { SellerPage } from "../../features/sellers/SellerPage";
import { cardAction } from "./cartActions";

/** A seller's page composed with the cart's add button on each listing. */
export function SellerRoute() {
  return <SellerPage renderProductAction={cardAction} />;
}
