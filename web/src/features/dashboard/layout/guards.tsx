import { Navigate, Outlet, useLocation } from "react-router-dom";
import { useAuth } from "../../../lib/auth";
import { isKnownRole, ROLE_HOME, type Role } from "./menu";

/**
 * Pages of one role. Another role is sent to /unauthorized (the server refuses the data as well);
 * with `othersToTheirHome`, to its own dashboard instead (used for the /dashboard index).
 */
export function RequireRole({ roles, othersToTheirHome = false }: { roles: Role[]; othersToTheirHome?: boolean }) {
  const { user } = useAuth();
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  if (roles.includes(user.role)) return <Outlet />;
  if (othersToTheirHome && isKnownRole(user.role)) return <Navigate to={ROLE_HOME[user.role]} replace />;
  return <Navigate to="/unauthorized" replace />;
}
