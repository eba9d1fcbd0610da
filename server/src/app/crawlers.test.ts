import { formatPKR } from "@unibazaar/rules";
import { describe, expect } from "vitest";
import { it } from "../test/server-test";
import { Product } from "../modules/products/entity";
import { User } from "../modules/users/entity";
import { insertProduct, signUp } from "../test/fixtures";

describe("robots.txt and sitemap.xml", () => {
  it("serves a real robots.txt (not the web app's HTML) that keeps crawlers out of private pages and names the sitemap", async ({
    server,
  }) => {
    const res = await fetch(`${server.url}/robots.txt`, { headers: { accept: "text/html,*/*" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).not.toContain('<div id="root">');
    expect(text).toContain("Disallow: /dashboard");
    expect(text.split("\n")).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });

  it("lists the storefront pages and every listed product, but not a deleted one", async ({ server }) => {
    const seller = await signUp(server, "seller");
    const listed = await insertProduct(server.dataSource, seller.user.id, { name: "Listed calculator" });
    const deleted = await insertProduct(server.dataSource, seller.user.id, { name: "Deleted calculator" });
    await server.dataSource.getRepository(Product).softDelete(deleted.id);

    const res = await fetch(`${server.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(xml).toContain(`<loc>${server.url}/shop</loc>`);
    expect(xml).toContain(`/shop/${listed.id}</loc><lastmod>`);
    expect(xml).not.toContain(deleted.id);
  });
});

/** The tags of a preview page, by property or name (the last one wins, as the apps read them). */
function metaTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [, key, value] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)) tags[key] = value;
  return tags;
}

const WHATSAPP = "WhatsApp/2.23.20.0 A";
const FACEBOOK = "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)";

describe("link previews for chat apps and social sites", () => {
  it("gives a product page's title, price, description and absolute image URL to WhatsApp and Facebook, escaped", async ({ server }) => {
    const seller = await signUp(server, "seller");
    const product = await insertProduct(server.dataSource, seller.user.id, {
      name: `Casio "fx-991" <script>alert(1)</script> & co`,
      pricePaisa: 299_950,
    });
    for (const agent of [WHATSAPP, FACEBOOK]) {
      const res = await fetch(`${server.url}/shop/${product.id}`, { headers: { "user-agent": agent, accept: "text/html" } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(res.headers.get("vary")).toMatch(/User-Agent/i);
      const html = await res.text();
      expect(html).not.toContain("<script>");
      const tags = metaTags(html);
      const title = `Casio &quot;fx-991&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; co · ${formatPKR(2999.5)}`;
      expect(tags).toMatchObject({
        "og:type": "product",
        "og:title": title,
        "og:url": `${server.url}/shop/${product.id}`,
        "og:image": `${server.url}${product.image}`,
        "product:price:amount": "2999.50",
        "product:price:currency": "PKR",
        "twitter:card": "summary_large_image",
        "twitter:title": title,
        "twitter:image": `${server.url}${product.image}`,
      });
      expect(tags["og:description"]).toContain("used, in good condition");
      expect(html).toContain(`<title>${title}</title>`);
    }
  });

  it("gives a seller page's name, figures and store description", async ({ server }) => {
    const seller = await signUp(server, "seller", { sellerType: "business", storeName: "Book <Nook>", storeDescription: "Used textbooks" });
    await server.dataSource.getRepository(User).update(seller.user.id, { profileImage: "/uploads/avatar-test.webp" });
    const res = await fetch(`${server.url}/sellers/${seller.user.username}`, { headers: { "user-agent": WHATSAPP } });
    const tags = metaTags(await res.text());
    expect(tags).toMatchObject({
      "og:type": "profile",
      "og:title": "Book &lt;Nook&gt; on UniBazaar",
      "og:image": `${server.url}/uploads/avatar-test.webp`,
    });
    expect(tags["og:description"]).toBe("0 completed sales. Used textbooks");
  });

  it("leaves browsers, unknown or hidden products and unknown sellers to the web app", async ({ server }) => {
    const seller = await signUp(server, "seller");
    const product = await insertProduct(server.dataSource, seller.user.id);
    const deleted = await insertProduct(server.dataSource, seller.user.id, { deleted: true });
    const browser = await fetch(`${server.url}/shop/${product.id}`, { headers: { "user-agent": "Mozilla/5.0 (iPhone)" } });
    expect(metaTags(await browser.text())["og:title"]).toBeUndefined();
    for (const path of [`/shop/${deleted.id}`, "/shop/not-an-id", "/sellers/nobody-by-this-name"]) {
      const res = await fetch(`${server.url}${path}`, { headers: { "user-agent": WHATSAPP } });
      expect(metaTags(await res.text())["og:title"], path).toBeUndefined();
    }
  });
});
