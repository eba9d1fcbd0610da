import express, { type Response, type Router } from "express";
import { formatPKR } from "@unibazaar/rules";
import type { CatalogService } from "../modules/products";
import type { SellersService } from "../modules/sellers";
import { escapeHtml } from "../platform/http/html";
import { absoluteImageUrl, publicBase } from "../platform/http/public-url";
import { toRupees } from "../platform/shared/money";

/** The sitemap protocol's limit of URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Storefront pages worth indexing besides the products. */
const STATIC_PAGES = ["/", "/shop", "/about-us", "/contact"];

/**
 * Link-preview fetchers of chat apps and social sites: they read a page's meta tags and run no
 * JavaScript, so the web app's empty shell would preview as a bare "UniBazaar".
 */
const PREVIEW_AGENTS =
  /facebookexternalhit|facebookcatalog|Facebot|Twitterbot|WhatsApp|TelegramBot|Slackbot|LinkedInBot|Discordbot|SkypeUriPreview|Pinterest|redditbot|Viber|Snapchat|Embedly|Iframely/i;

/** How long a preview may be kept: a price change shows within minutes. */
const PREVIEW_MAX_AGE_SECONDS = 300;
/** Preview descriptions are cut here (the apps show two or three lines). */
const PREVIEW_DESCRIPTION_CHARS = 200;

type Preview = { type: "product" | "profile"; title: string; description: string; image: string | null; url: string; pricePKR?: number };

/**
 * /robots.txt and /sitemap.xml for search engines: real files, not the web app's HTML. Both name
 * this server's own origin (PUBLIC_URL, else the host and protocol the trusted proxies forward),
 * since the sitemap protocol wants absolute URLs. Product and seller
 * pages fetched by a link-preview agent get a small page of Open Graph and Twitter tags (title,
 * price, absolute image URL, description); browsers get the web app as before.
 */
export function createCrawlerRouter(services: { catalog: CatalogService; sellers: SellersService }, publicUrl?: string): Router {
  const router = express.Router();
  router.get("/shop/:id", async (req, res, next) => {
    if (!PREVIEW_AGENTS.test(req.get("user-agent") ?? "")) return next();
    try {
      const product = await services.catalog.byId(String(req.params.id), null);
      if (!product) return next();
      const base = publicBase(req, publicUrl);
      const price = toRupees(product.pricePaisa);
      sendPreview(res, {
        type: "product",
        title: `${product.name} · ${formatPKR(price)}`,
        description: product.description,
        image: absoluteImageUrl(product.image, base),
        url: `${base}/shop/${product.id}`,
        pricePKR: price,
      });
    } catch (error) {
      next(error);
    }
  });
  router.get("/sellers/:username", async (req, res, next) => {
    if (!PREVIEW_AGENTS.test(req.get("user-agent") ?? "")) return next();
    try {
      const profile = await services.sellers.profile(String(req.params.username));
      if (!profile) return next();
      const { seller } = profile;
      const base = publicBase(req, publicUrl);
      const rating = profile.reviewCount ? `Rated ${profile.rating} of 5 from ${profile.reviewCount} reviews. ` : "";
      sendPreview(res, {
        type: "profile",
        title: `${seller.storeName ?? seller.username} on UniBazaar`,
        description: `${rating}${profile.completedSales} completed sales. ${seller.storeDescription ?? "Student seller on UniBazaar."}`,
        image: absoluteImageUrl(seller.profileImage, base),
        url: `${base}/sellers/${encodeURIComponent(seller.username)}`,
      });
    } catch (error) {
      next(error);
    }
  });
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
      const products = await services.catalog.sitemapEntries(SITEMAP_MAX_URLS - STATIC_PAGES.length);
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

function sendPreview(res: Response, preview: Preview) {
  const description = cut(preview.description.replace(/\s+/g, " ").trim(), PREVIEW_DESCRIPTION_CHARS);
  const tags: Array<[attribute: "property" | "name", key: string, value: string | null]> = [
    ["name", "description", description],
    ["property", "og:site_name", "UniBazaar"],
    ["property", "og:type", preview.type],
    ["property", "og:title", preview.title],
    ["property", "og:description", description],
    ["property", "og:url", preview.url],
    ["property", "og:image", preview.image],
    ["property", "product:price:amount", preview.pricePKR === undefined ? null : preview.pricePKR.toFixed(2)],
    ["property", "product:price:currency", preview.pricePKR === undefined ? null : "PKR"],
    ["name", "twitter:card", preview.image ? "summary_large_image" : "summary"],
    ["name", "twitter:title", preview.title],
    ["name", "twitter:description", description],
    ["name", "twitter:image", preview.image],
  ];
  const meta = tags
    .filter(([, , value]) => value !== null)
    .map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value!)}">`)
    .join("\n");
  const title = escapeHtml(preview.title);
  // the same address answers browsers with the web app: shared caches must keep the two apart
  res.set({ "Cache-Control": `public, max-age=${PREVIEW_MAX_AGE_SECONDS}`, Vary: "User-Agent" }).type("html");
  res.send(
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${title}</title>\n${meta}\n` +
      `<link rel="canonical" href="${escapeHtml(preview.url)}"></head>\n` +
      `<body><h1>${title}</h1><p>${escapeHtml(description)}</p><p><a href="${escapeHtml(preview.url)}">Open on UniBazaar</a></p></body></html>\n`,
  );
}

/** At most `max` characters, cut at a word with an ellipsis. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  return `${head.slice(0, head.lastIndexOf(" ") > max / 2 ? head.lastIndexOf(" ") : head.length)}…`;
}
