import type { StoredUser } from "../../../lib/session";

export type Role = StoredUser["role"];
/** `label` is a catalogue key ("dashboard:menu.…"): the layout shows it with t(). */
export type MenuItem = { label: string; to: string } | { label: string; logout: true };

export const KNOWN_ROLES: readonly Role[] = ["USER", "SELLER", "ADMIN"];

export const isKnownRole = (role: unknown): role is Role => KNOWN_ROLES.includes(role as Role);

/** Where each role's dashboard starts. */
export const ROLE_HOME: Record<Role, string> = {
  USER: "/dashboard",
  SELLER: "/dashboard/seller",
  ADMIN: "/dashboard/admin",
};

/** Catalogue keys of each role's dashboard title. */
export const ROLE_TITLE: Record<Role, string> = {
  USER: "dashboard:menu.buyerDashboard",
  SELLER: "dashboard:menu.sellerDashboard",
  ADMIN: "dashboard:menu.adminDashboard",
};

/** The side menus by role, plus Messages (docs/deviations.md), with one spelling of "Log out" everywhere. */
export const SIDE_MENU: Record<Role, MenuItem[]> = {
  ADMIN: [
    { label: "dashboard:menu.adminDashboard", to: "/dashboard/admin" },
    { label: "dashboard:menu.moderation", to: "/dashboard/admin/moderation" },
    { label: "dashboard:menu.reports", to: "/dashboard/admin/reports" },
    { label: "dashboard:menu.disputes", to: "/dashboard/admin/disputes" },
    { label: "dashboard:menu.payouts", to: "/dashboard/admin/payouts" },
    { label: "dashboard:menu.payments", to: "/dashboard/admin/payments" },
    { label: "dashboard:menu.jobs", to: "/dashboard/admin/jobs" },
    { label: "dashboard:menu.messages", to: "/messages" },
    { label: "dashboard:menu.profile", to: "/dashboard/profile" },
    { label: "dashboard:menu.logOut", logout: true },
  ],
  USER: [
    { label: "dashboard:menu.myOrders", to: "/dashboard/orders" },
    { label: "dashboard:menu.messages", to: "/messages" },
    { label: "dashboard:menu.profile", to: "/dashboard/profile" },
    { label: "dashboard:menu.logOut", logout: true },
  ],
  SELLER: [
    { label: "dashboard:menu.manageProducts", to: "/dashboard/seller/manage-products" },
    { label: "dashboard:menu.addProduct", to: "/dashboard/seller/add-new-post" },
    { label: "dashboard:menu.manageOrders", to: "/dashboard/seller/manage-orders" },
    { label: "dashboard:menu.yourOrders", to: "/dashboard/seller/orders" },
    { label: "dashboard:menu.balance", to: "/dashboard/seller/balance" },
    { label: "dashboard:menu.messages", to: "/messages" },
    { label: "dashboard:menu.profile", to: "/dashboard/profile" },
    { label: "dashboard:menu.logOut", logout: true },
  ],
};
