import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { type E2E, expectAccessible, openPage, PHONE } from "./harness";
import { demoProduct, type DemoProduct, visible } from "./storefront-helpers";

/** Sharing a listing from a phone, and the preview a chat app builds from the link. */
let e2e: E2E;
let product: DemoProduct;
it.beforeAll(async ({ e2e: app }) => {
  e2e = app;
  const { data } = await e2e.server.gql<{ products: { items: Array<{ name: string }> } }>(`{ products(pageSize: 1) { items { name } } }`);
  product = await demoProduct(e2e, data!.products.items[0].name);
});

describe("sharing a listing at 390 px", () => {
  it("opens the phone's share sheet with the listing's name, price and address", async () => {
    const { page } = await openPage(e2e, PHONE);
    // headless Chromium has no share sheet: stand in for it and record what the page hands over
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "share", {
        value: (data: ShareData) => {
          (window as unknown as { shared: ShareData }).shared = data;
          return Promise.resolve();
        },
      });
    });
    await page.goto(`/shop/${product.id}`);
    await visible(page.getByRole("heading", { level: 1, name: product.name }));
    await page.getByRole("button", { name: "Share" }).click();
    const shared = await page.evaluate(() => (window as unknown as { shared?: ShareData }).shared);
    expect(shared).toMatchObject({ title: product.name, url: `${e2e.server.url}/shop/${product.id}` });
    expect(shared?.text).toContain(product.name);
    await expectAccessible(page, "product page with share (phone)");
  });

  it("falls back to a WhatsApp link where there is no share sheet, on product and seller pages", async () => {
    const { page } = await openPage(e2e, PHONE);
    await page.goto(`/shop/${product.id}`);
    const link = page.getByRole("link", { name: "Share on WhatsApp" });
    await visible(link);
    const href = new URL((await link.getAttribute("href"))!);
    expect(href.origin + href.pathname).toBe("https://wa.me/");
    expect(href.searchParams.get("text")).toContain(`${e2e.server.url}/shop/${product.id}`);

    await page.locator("p", { hasText: "Sold by" }).getByRole("link").first().click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/sellers\//);
    // the seller page's own link, once it has replaced the product page
    const sellerPath = new URL(page.url()).pathname;
    await expect
      .poll(async () =>
        new URL((await page.getByRole("link", { name: "Share on WhatsApp" }).getAttribute("href")) ?? "x:").searchParams.get("text"),
      )
      .toContain(`${e2e.server.url}${sellerPath}`);
  });

  it("a link pasted in WhatsApp previews the item: title with price, description and an absolute image URL", async () => {
    const res = await fetch(`${e2e.server.url}/shop/${product.id}`, { headers: { "user-agent": "WhatsApp/2.23.20.0 A" } });
    const html = await res.text();
    const image = /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1];
    expect(image).toMatch(/^http:\/\/[^/]+\//);
    // the image really loads from that address
    expect((await fetch(image!.replace(/&amp;/g, "&"))).status).toBe(200);
    expect(html).toMatch(/<meta property="og:title" content="[^"]+ · Rs/);
    expect(html).toContain(`<meta property="og:url" content="${e2e.server.url}/shop/${product.id}">`);
    // a browser at the same address gets the app, not the preview page
    const app = await fetch(`${e2e.server.url}/shop/${product.id}`, { headers: { accept: "text/html" } });
    expect(await app.text()).toContain('<div id="root">');
  });
});
