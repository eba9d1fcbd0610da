import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { Outlet, type RouteObject } from "react-router-dom";
import { ErrorBoundary } from "../components/ErrorBoundary";
import { LoadingState } from "../components/LoadingState";
import { loadNamespaces } from "../lib/i18n";
import { pageCode } from "../lib/staleVersion";
import { MainLayout } from "./layout/MainLayout";
import { HomeSkeleton, ListingSkeleton, ProductSkeleton } from "./layout/PageSkeletons";
import { RouteError } from "./layout/RouteError";
import { RequireAuth } from "./RequireAuth";

/**
 * One chunk per page: `page(() => import("..."), "Name", ["shop"])` loads the named export on first
 * visit together with its catalogues (i18n namespaces), so the page renders its words at once;
 * `preload()` starts both before the first render asks (the page a visit lands on: app/landing.ts).
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K, namespaces: readonly string[] = []) {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () =>
    (loading ??= Promise.all([pageCode(load), loadNamespaces(namespaces)]).then(([module]) => ({ default: module[name] })));
  return Object.assign(lazy(preload), { preload });
}

// the pages with add-to-cart buttons load the cart catalogue too (the buttons' words), those that show
// categories, colours or conditions (product cards, filters, forms) the catalog one
const NotFoundPage = page(() => import("../features/pages/NotFoundPage"), "NotFoundPage", ["pages"]);
const HomeRoute = page(() => import("./pages/HomeRoute"), "HomeRoute", ["home", "cart", "catalog"]);
const ShopRoute = page(() => import("./pages/ShopRoutes"), "ShopRoute", ["shop", "cart", "catalog"]);
const SearchRoute = page(() => import("./pages/ShopRoutes"), "SearchRoute", ["shop", "cart", "catalog"]);
const CategoryRoute = page(() => import("./pages/ShopRoutes"), "CategoryRoute", ["shop", "cart", "catalog"]);
const ProductRoute = page(() => import("./pages/ProductRoute"), "ProductRoute", ["product", "cart", "trust", "catalog"]);
const SuccessPage = page(() => import("../features/checkout/SuccessPage"), "SuccessPage", ["checkout", "deals"]);
const SellerRoute = page(() => import("./pages/SellerRoute"), "SellerRoute", ["sellers", "cart", "trust", "catalog"]);
const SavedRoute = page(() => import("./pages/SavedRoute"), "SavedRoute", ["saved", "cart", "catalog"]);
const OrdersPage = page(() => import("../features/orders/OrdersPage"), "OrdersPage", ["orders", "deals", "trust"]);
const OrderDetailPage = page(() => import("../features/orders/OrderDetailPage"), "OrderDetailPage", ["orders", "deals", "trust"]);
const AboutPage = page(() => import("../features/pages/AboutPage"), "AboutPage", ["pages"]);
const ContactPage = page(() => import("../features/pages/ContactPage"), "ContactPage", ["pages"]);
const UnauthorizedPage = page(() => import("../features/pages/UnauthorizedPage"), "UnauthorizedPage", ["pages"]);
const LoginPage = page(() => import("../features/auth/LoginPage"), "LoginPage", ["auth"]);
const RegisterPage = page(() => import("../features/auth/RegisterPage"), "RegisterPage", ["auth"]);
const ForgotPasswordPage = page(() => import("../features/auth/ForgotPasswordPage"), "ForgotPasswordPage", ["auth"]);
const InboxPage = page(() => import("../features/messages/InboxPage"), "InboxPage", ["messages", "trust"]);
const ChatPage = page(() => import("../features/messages/ChatPage"), "ChatPage", ["messages", "trust"]);
const SellRoute = page(() => import("./pages/SellRoute"), "SellRoute");
const BlogPostPage = page(() => import("../features/home/BlogPostPage"), "BlogPostPage", ["home"]);
const NotificationsPage = page(() => import("../features/notifications/NotificationsPage"), "NotificationsPage", ["notifications"]);
// the side menu's words are in the dashboard catalogue: it comes with the layout, with the orders' shared words (deals),
// and with it the dashboard's page table, role guards and menu (none of them in a storefront page's first load)
const DashboardLayout = lazy(
  async () =>
    (
      await Promise.all([pageCode(() => import("./layout/DashboardLayout")), loadNamespaces(["dashboard", "deals", "trust", "catalog"])])
    )[0],
);
const SavedSearchesPage = page(() => import("../features/alerts/SavedSearchesPage"), "SavedSearchesPage", ["alerts"]);
const WantedBoardPage = page(() => import("../features/wanted/WantedBoardPage"), "WantedBoardPage", ["wanted", "catalog"]);

/** The pages a visit usually lands on, for app/landing.ts. */
export const landingPages = { home: HomeRoute, shop: ShopRoute, product: ProductRoute };

/** A page whose code is on its way, with a placeholder of its shape meanwhile (no layout shift when it arrives). */
function shaped(page: ReactNode, skeleton: ReactNode) {
  return <Suspense fallback={skeleton}>{page}</Suspense>;
}

/** Public routes under the main layout (with its error page), the dashboard pages under /dashboard in their own layout. */
export const routes: RouteObject[] = [
  {
    element: (
      <ErrorBoundary fallback={RouteError}>
        <MainLayout />
      </ErrorBoundary>
    ),
    children: [
      {
        // errors inside a page keep the navigation and footer around the error page
        element: (
          <ErrorBoundary fallback={RouteError}>
            <Outlet />
          </ErrorBoundary>
        ),
        children: [
          { index: true, element: shaped(<HomeRoute />, <HomeSkeleton />) },
          { path: "/shop", element: shaped(<ShopRoute />, <ListingSkeleton />) },
          { path: "/shop/:id", element: shaped(<ProductRoute />, <ProductSkeleton />) },
          { path: "/sellers/:username", element: <SellerRoute /> },
          { path: "/search", element: shaped(<SearchRoute />, <ListingSkeleton />) },
          { path: "/categories/:categoryName", element: shaped(<CategoryRoute />, <ListingSkeleton />) },
          {
            path: "/success",
            element: (
              <RequireAuth>
                <SuccessPage />
              </RequireAuth>
            ),
          },
          {
            path: "/saved",
            element: (
              <RequireAuth>
                <SavedRoute />
              </RequireAuth>
            ),
          },
          {
            path: "/saved-searches",
            element: (
              <RequireAuth>
                <SavedSearchesPage />
              </RequireAuth>
            ),
          },
          {
            path: "/wanted",
            element: (
              <RequireAuth>
                <WantedBoardPage />
              </RequireAuth>
            ),
          },
          {
            path: "/orders",
            element: (
              <RequireAuth>
                <OrdersPage />
              </RequireAuth>
            ),
          },
          {
            path: "/orders/:orderId",
            element: (
              <RequireAuth>
                <OrderDetailPage />
              </RequireAuth>
            ),
          },
          {
            path: "/sell",
            element: (
              <RequireAuth>
                <SellRoute />
              </RequireAuth>
            ),
          },
          {
            path: "/messages",
            element: (
              <RequireAuth>
                <InboxPage />
              </RequireAuth>
            ),
          },
          {
            path: "/messages/:conversationId",
            element: (
              <RequireAuth>
                <ChatPage />
              </RequireAuth>
            ),
          },
          {
            path: "/notifications",
            element: (
              <RequireAuth>
                <NotificationsPage />
              </RequireAuth>
            ),
          },
          { path: "/blog/:slug", element: <BlogPostPage /> },
          { path: "/about-us", element: <AboutPage /> },
          { path: "/contact", element: <ContactPage /> },
          { path: "/login", element: <LoginPage /> },
          { path: "/register", element: <RegisterPage /> },
          { path: "/forgot-password", element: <ForgotPasswordPage /> },
          { path: "/unauthorized", element: <UnauthorizedPage /> },
          { path: "*", element: <NotFoundPage /> },
        ],
      },
    ],
  },
  {
    // signed-in users only; the role picks the side menu, and the layout routes the pages under it
    path: "/dashboard/*",
    element: (
      <ErrorBoundary fallback={RouteError}>
        <Suspense fallback={<LoadingState />}>
          <DashboardLayout />
        </Suspense>
      </ErrorBoundary>
    ),
  },
];
