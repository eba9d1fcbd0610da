import { SavedPage } from "../../features/saved/SavedPage";
import { cardAction } from "./cartActions";

/** The saved list composed with the cart's add button and the heart on each listing. */
export function SavedRoute() {
  return <SavedPage renderProductAction={cardAction} />;
}
