import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Product } from "../modules/products/entity";
import { insertProduct, signUp } from "../test/fixtures";
import { startTestServer, type TestServer } from "../test/harness";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("robots.txt and sitemap.xml", () => {
  it("serves a real robots.txt (not the web app's HTML) that keeps crawlers out of private pages and names the sitemap", async () => {
    const res = await fetch(`${server.url}/robots.txt`, { headers: { accept: "text/html,*/*" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).not.toContain('<div id="root">');
    expect(text).toContain("Disallow: /dashboard");
    expect(text.split("\n")).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });

  it("lists the storefront pages and every listed product, but not a deleted one", async () => {
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
