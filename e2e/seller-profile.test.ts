import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { type E2E, expectAccessible, gqlOk, openPage, PHONE } from "./harness";
import { openProduct, plain, urlMatches, visible } from "./storefront-helpers";

/** Seller profiles on a phone: "Sold by …" leads to the seller's page with their figures and listings. */
let e2e: E2E;
it.beforeAll(({ e2e: app }) => {
  e2e = app;
});

type Figures = { sellerPage: { rating: number; reviewCount: number; completedSales: number } };

describe("seller profile at 390 px", () => {
  it("from a product's 'Sold by' to the store's page: name, member since, rating, completed sales, listings", async () => {
    const { sellerPage } = await gqlOk<Figures>(e2e, `{ sellerPage(username: "campus_corner") { rating reviewCount completedSales } }`, {});
    const { products } = await gqlOk<{ products: { totalItems: number; items: Array<{ name: string }> } }>(
      e2e,
      `{ products(filter: { sellerId: "${await sellerId()}" }, pageSize: 1) { totalItems items { name } } }`,
      {},
    );
    const { page, context } = await openPage(e2e, PHONE);
    try {
      await openProduct(page, products.items[0].name);
      await page.getByRole("link", { name: "Campus Corner" }).click();
      await urlMatches(page, /^\/sellers\/campus_corner$/);
      await visible(page.getByRole("heading", { level: 1, name: "Campus Corner" }));
      const main = plain(await page.locator("main").textContent());
      expect(main).toContain("@campus_corner");
      // the app's one date format, e.g. "Member since 24 Nov 2026"
      expect(main).toMatch(/Member since \d{1,2} [A-Z][a-z]{2,3} \d{4}/);
      expect(main).toContain(`${sellerPage.completedSales} completed sale`);
      const stars = sellerPage.reviewCount
        ? `Rated ${Math.round(sellerPage.rating * 10) / 10} out of 5 from ${sellerPage.reviewCount} review`
        : "No ratings yet";
      await visible(page.getByRole("img", { name: new RegExp(`^${stars}`) }));
      await visible(page.getByRole("heading", { level: 2, name: `Listings (${products.totalItems})` }));
      // the cards are drawn a moment after the data arrives (QueryState defers them)
      await visible(page.getByRole("list", { name: "Listings" }).getByRole("article").first());
      await expectAccessible(page, "seller page (phone)");

      // each card's "by …" leads to the same page
      await page.goto("/shop");
      await page.getByRole("list", { name: "Products", exact: true }).getByRole("link", { name: "Campus Corner" }).first().click();
      await urlMatches(page, /^\/sellers\/campus_corner$/);

      await page.goto("/sellers/nobody_at_all");
      await visible(page.getByText("Seller not found."));
    } finally {
      await context.close();
    }
  });
});

async function sellerId(): Promise<string> {
  const { sellerPage } = await gqlOk<{ sellerPage: { seller: { id: string } } }>(
    e2e,
    `{ sellerPage(username: "campus_corner") { seller { id } } }`,
    {},
  );
  return sellerPage.seller.id;
}
