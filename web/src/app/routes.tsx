import type { RouteObject } from "react-router-dom";
import { dashboardRoutes } from "../features/dashboard/routes";

/** Spec section 2: public routes under the main layout, the dashboard under /dashboard. */
export const routes: RouteObject[] = [{ path: "/", element: <p>UniBazaar</p> }, ...dashboardRoutes];
