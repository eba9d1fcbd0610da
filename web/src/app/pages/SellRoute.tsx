import { Navigate } from "react-router-dom";
import { useAuth } from "../../lib/auth";

/**
 * /sell, the "Sell" button's target (behind RequireAuth, so visitors sign in or up first): a seller
 * goes to the listing form, a buyer to the profile's "Start selling", an admin to their dashboard.
 */
export function SellRoute() {
  const { user } = useAuth();
  if (user?.role === "SELLER") return <Navigate to="/dashboard/seller/add-new-post" replace />;
  if (user?.role === "ADMIN") return <Navigate to="/dashboard/admin" replace />;
  return <Navigate to="/dashboard/profile#start-selling" replace />;
}
