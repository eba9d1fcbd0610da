import { HomePage } from "../../features/home/HomePage";
import { cardAction } from "./cartActions";

/** Home composed with the cart's add button on each trending product. */
export function HomeRoute() {
  return <HomePage renderProductAction={cardAction} />;
}
