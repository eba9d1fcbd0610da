import type { StoredUser } from "../../lib/session";

export type MenuLink = { label: string; to: string };

/** The avatar menu by role; every menu ends with Log out, which goes to /. */
export function avatarMenuFor(role: StoredUser["role"]): MenuLink[] {
  switch (role) {
    case "ADMIN":
      return [
        { label: "Dashboard", to: "/dashboard/admin" },
        { label: "Profile", to: "/dashboard/profile" },
      ];
    case "SELLER":
      return [
        { label: "Dashboard", to: "/dashboard/seller" },
        { label: "Manage Products", to: "/dashboard/seller/manage-products" },
        { label: "Manage Orders", to: "/dashboard/seller/manage-orders" },
        { label: "Add Product", to: "/dashboard/seller/add-new-post" },
        { label: "Profile", to: "/dashboard/profile" },
      ];
    default:
      return [
        { label: "Dashboard", to: "/dashboard" },
        { label: "Profile", to: "/dashboard/profile" },
      ];
  }
}

export const MAIN_LINKS: MenuLink[] = [
  { label: "Home", to: "/" },
  { label: "Shop", to: "/shop" },
  { label: "Wanted", to: "/wanted" },
];
