import type { RouteObject } from "react-router-dom";

/** The signed-in side under /dashboard (built by the dashboards feature). */
export const dashboardRoutes: RouteObject[] = [];
