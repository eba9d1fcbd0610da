import { lazy, type ComponentType } from "react";
import type { RouteObject } from "react-router-dom";
import { loadNamespaces } from "../../lib/i18n";
import { pageCode } from "../../lib/staleVersion";
import { RequireRole } from "./layout/guards";

/** A page's code and its catalogues, loaded together on first visit (the seller's and admin's pages have their own). */
const page = <P,>(load: () => Promise<{ default: ComponentType<P> }>, namespaces: string[]) =>
  lazy(async () => (await Promise.all([pageCode(load), loadNamespaces(namespaces)]))[0]);

const BuyerHome = page(() => import("./buyer/BuyerHome"), ["dashboard"]);
const ReviewsPage = page(() => import("./common/ReviewsPage"), ["dashboard"]);
const ProfilePage = page(() => import("./common/ProfilePage"), ["dashboard"]);
const SellerHome = page(() => import("./seller/SellerHome"), ["seller"]);
const ManageProducts = page(() => import("./seller/ManageProducts"), ["seller"]);
const AddProduct = page(() => import("./seller/AddProduct"), ["seller"]);
const EditProduct = page(() => import("./seller/EditProduct"), ["seller"]);
const ManageOrders = page(() => import("./seller/ManageOrders"), ["seller"]);
const AdminHome = page(() => import("./admin/AdminHome"), ["admin"]);
const ManageUsers = page(() => import("./admin/ManageUsers"), ["admin"]);
const ReportedConversations = page(() => import("./admin/ReportedConversations"), ["admin"]);
const Moderation = page(() => import("./admin/Moderation"), ["admin"]);
const BackgroundJobs = page(() => import("./admin/BackgroundJobs"), ["admin"]);
const Disputes = page(() => import("./admin/Disputes"), ["admin"]);
const Payouts = page(() => import("./admin/Payouts"), ["admin"]);
const PaymentProblems = page(() => import("./admin/PaymentProblems"), ["admin"]);
const BalancePage = page(() => import("./seller/BalancePage"), ["seller"]);

/**
 * The pages under /dashboard, each loaded on first visit (the app puts them in its dashboard layout).
 * My Orders is the orders feature's list: the app hands it in, as one feature never imports another.
 */
export const dashboardPages = (MyOrders: ComponentType<{ seller?: boolean }>): RouteObject[] => [
  // the index is the buyer's home; a seller or admin landing here goes to their own
  { element: <RequireRole roles={["USER"]} othersToTheirHome />, children: [{ index: true, element: <BuyerHome /> }] },
  {
    element: <RequireRole roles={["USER"]} />,
    children: [
      { path: "orders", element: <MyOrders /> },
      { path: "reviews", element: <ReviewsPage /> },
    ],
  },
  { path: "profile", element: <ProfilePage /> },
  {
    path: "seller",
    element: <RequireRole roles={["SELLER"]} />,
    children: [
      { index: true, element: <SellerHome /> },
      { path: "manage-products", element: <ManageProducts /> },
      { path: "add-new-post", element: <AddProduct /> },
      { path: "product/:id", element: <EditProduct /> },
      { path: "manage-orders", element: <ManageOrders /> },
      { path: "orders", element: <MyOrders seller /> },
      { path: "reviews", element: <ReviewsPage received /> },
      { path: "balance", element: <BalancePage /> },
    ],
  },
  {
    path: "admin",
    element: <RequireRole roles={["ADMIN"]} />,
    children: [
      { index: true, element: <AdminHome /> },
      { path: "users", element: <ManageUsers /> },
      { path: "reports", element: <ReportedConversations /> },
      { path: "moderation", element: <Moderation /> },
      { path: "jobs", element: <BackgroundJobs /> },
      { path: "disputes", element: <Disputes /> },
      { path: "payouts", element: <Payouts /> },
      { path: "payments", element: <PaymentProblems /> },
    ],
  },
];
