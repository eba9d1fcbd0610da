import type { StoredUser } from "../../../lib/session";

export type Role = StoredUser["role"];
export type MenuItem = { label: string; to: string } | { label: string; logout: true };

export const KNOWN_ROLES: readonly Role[] = ["USER", "SELLER", "ADMIN"];

export const isKnownRole = (role: unknown): role is Role => KNOWN_ROLES.includes(role as Role);

/** Where each role's dashboard starts. */
export const ROLE_HOME: Record<Role, string> = {
  USER: "/dashboard",
  SELLER: "/dashboard/seller",
  ADMIN: "/dashboard/admin",
};

export const ROLE_TITLE: Record<Role, string> = {
  USER: "My Dashboard",
  SELLER: "Seller Dashboard",
  ADMIN: "Admin Dashboard",
};

/** The side menus by role, plus Messages (docs/deviations.md), with one spelling of "Log out" everywhere. */
export const SIDE_MENU: Record<Role, MenuItem[]> = {
  ADMIN: [
    { label: "Admin Dashboard", to: "/dashboard/admin" },
    { label: "Moderation", to: "/dashboard/admin/moderation" },
    { label: "Reported conversations", to: "/dashboard/admin/reports" },
    { label: "Disputes", to: "/dashboard/admin/disputes" },
    { label: "Payouts", to: "/dashboard/admin/payouts" },
    { label: "Background jobs", to: "/dashboard/admin/jobs" },
    { label: "Messages", to: "/messages" },
    { label: "Profile", to: "/dashboard/profile" },
    { label: "Log out", logout: true },
  ],
  USER: [
    { label: "My Orders", to: "/dashboard/orders" },
    { label: "Messages", to: "/messages" },
    { label: "Profile", to: "/dashboard/profile" },
    { label: "Log out", logout: true },
  ],
  SELLER: [
    { label: "Manage My Products", to: "/dashboard/seller/manage-products" },
    { label: "Add Product", to: "/dashboard/seller/add-new-post" },
    { label: "Manage Orders", to: "/dashboard/seller/manage-orders" },
    { label: "Your orders", to: "/dashboard/seller/orders" },
    { label: "Balance and payouts", to: "/dashboard/seller/balance" },
    { label: "Messages", to: "/messages" },
    { label: "Profile", to: "/dashboard/profile" },
    { label: "Log out", logout: true },
  ],
};
