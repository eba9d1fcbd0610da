import type { StoredUser } from "../../lib/session";

/** `label` is a key of the `common` catalogue ("nav.home"). */
export type MenuLink = { label: string; to: string };

/** The avatar menu by role; every menu ends with Log out, which goes to /. */
export function avatarMenuFor(role: StoredUser["role"]): MenuLink[] {
  switch (role) {
    case "ADMIN":
      return [
        { label: "nav.dashboard", to: "/dashboard/admin" },
        { label: "nav.profile", to: "/dashboard/profile" },
      ];
    case "SELLER":
      return [
        { label: "nav.dashboard", to: "/dashboard/seller" },
        { label: "nav.manageProducts", to: "/dashboard/seller/manage-products" },
        { label: "nav.manageOrders", to: "/dashboard/seller/manage-orders" },
        { label: "nav.addProduct", to: "/dashboard/seller/add-new-post" },
        { label: "nav.profile", to: "/dashboard/profile" },
      ];
    default:
      return [
        { label: "nav.dashboard", to: "/dashboard" },
        { label: "nav.profile", to: "/dashboard/profile" },
      ];
  }
}

export const MAIN_LINKS: MenuLink[] = [
  { label: "nav.homeLink", to: "/" },
  { label: "nav.shop", to: "/shop" },
];

/** The phone menu's links after the main ones (the wide header shows these as buttons or in the footer). */
export const PHONE_MENU_LINKS: MenuLink[] = [
  { label: "nav.sell", to: "/sell" },
  { label: "nav.search", to: "/search" },
  { label: "nav.about", to: "/about-us" },
  { label: "nav.contact", to: "/contact" },
];
