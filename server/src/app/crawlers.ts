import express, { type Router } from "express";
import type { ProductsService } from "../modules/products/service";
import { publicBase } from "../platform/http/public-url";

/** The sitemap protocol's limit of URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Storefront pages worth indexing besides the products. */
const STATIC_PAGES = ["/", "/shop", "/about-us", "/contact"];

/**
 * /robots.txt and /sitemap.xml for search engines: real files, not the web app's HTML. Both name
 * this server's own origin (PUBLIC_URL, else the host and protocol the trusted proxies forward),
 * since the sitemap protocol wants absolute URLs.
 */
export function createCrawlerRouter(services: { products: ProductsService }, publicUrl: string | undefined): Router {
  const router = express.Router();
  router.get("/robots.txt", (req, res) => {
    res.type("text/plain").set("Cache-Control", "public, max-age=3600");
    res.send(
      [
        "User-agent: *",
        // private or transactional pages: nothing there for a search engine
        "Disallow: /dashboard",
        "Disallow: /orders",
        "Disallow: /success",
        "Disallow: /pay/",
        "Disallow: /api/",
        "Disallow: /graphql",
        "Disallow: /graphiql",
        "",
        `Sitemap: ${publicBase(req, publicUrl)}/sitemap.xml`,
        "",
      ].join("\n"),
    );
  });
  router.get("/sitemap.xml", async (req, res, next) => {
    try {
      const base = publicBase(req, publicUrl);
      const products = await services.products.sitemapEntries(SITEMAP_MAX_URLS - STATIC_PAGES.length);
      const urls = [
        ...STATIC_PAGES.map((page) => `<url><loc>${base}${page}</loc></url>`),
        ...products.map((p) => `<url><loc>${base}/shop/${p.id}</loc><lastmod>${p.updatedAt.toISOString()}</lastmod></url>`),
      ];
      res.type("application/xml").set("Cache-Control", "public, max-age=3600");
      res.send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`,
      );
    } catch (error) {
      next(error);
    }
  });
  return router;
}
