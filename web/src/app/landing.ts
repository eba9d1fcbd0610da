import type { ApolloClient } from "@apollo/client";
import { i18nReady } from "../lib/i18n";
import { landingPages } from "./routes";

/**
 * The page a visit lands on (home, the shop, a product) starts loading with the app: its code, its
 * words and its first query at once, instead of one after the other once the app has drawn (on a
 * phone over mobile data, its listings arrived seconds after the page's frame). The query comes from
 * the page's own code, which index.html already fetches beside the app's, so no page's query adds
 * to another's first load.
 */
export function preloadLanding(client: ApolloClient, { pathname, search }: Pick<Location, "pathname" | "search">): void {
  // the page's words in the reader's language, known once i18next has started
  const preloadPage = (page: { preload: () => Promise<unknown> }) => void i18nReady.then(page.preload);
  // a product's address carries its id (a UUID); anything else is left to the page
  const product = /^\/shop\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(pathname);
  if (pathname === "/") {
    preloadPage(landingPages.home);
    void import("../features/home/HomePage").then((home) => home.preloadHome(client));
  } else if (pathname === "/shop") {
    preloadPage(landingPages.shop);
    void import("../features/shop/ProductListing").then((shop) => shop.preloadShop(client, new URLSearchParams(search)));
  } else if (product) {
    preloadPage(landingPages.product);
    void import("../features/product/ProductPage").then((page) => page.preloadProduct(client, product[1]));
  }
}
