import { lazy } from "react";
import type { RouteObject } from "react-router-dom";
import { RequireRole } from "./layout/guards";

const BuyerHome = lazy(() => import("./buyer/BuyerHome"));
const MyOrdersPage = lazy(() => import("./common/MyOrdersPage"));
const ReviewsPage = lazy(() => import("./common/ReviewsPage"));
const ProfilePage = lazy(() => import("./common/ProfilePage"));
const SellerHome = lazy(() => import("./seller/SellerHome"));
const ManageProducts = lazy(() => import("./seller/ManageProducts"));
const AddProduct = lazy(() => import("./seller/AddProduct"));
const EditProduct = lazy(() => import("./seller/EditProduct"));
const ManageOrders = lazy(() => import("./seller/ManageOrders"));
const AdminHome = lazy(() => import("./admin/AdminHome"));
const ManageUsers = lazy(() => import("./admin/ManageUsers"));
const ReportedConversations = lazy(() => import("./admin/ReportedConversations"));
const Moderation = lazy(() => import("./admin/Moderation"));
const BackgroundJobs = lazy(() => import("./admin/BackgroundJobs"));
const Disputes = lazy(() => import("./admin/Disputes"));
const Payouts = lazy(() => import("./admin/Payouts"));
const BalancePage = lazy(() => import("./seller/BalancePage"));

/** The pages under /dashboard, each loaded on first visit (the app puts them in its dashboard layout). */
export const dashboardPages: RouteObject[] = [
  // the index is the buyer's home; a seller or admin landing here goes to their own
  { element: <RequireRole roles={["USER"]} othersToTheirHome />, children: [{ index: true, element: <BuyerHome /> }] },
  {
    element: <RequireRole roles={["USER"]} />,
    children: [
      { path: "orders", element: <MyOrdersPage title="My Orders" /> },
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
      { path: "orders", element: <MyOrdersPage title="Your orders" /> },
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
    ],
  },
];
