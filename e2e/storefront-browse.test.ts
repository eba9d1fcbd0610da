import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { type E2E, expectAccessible, openPage } from "./harness";
import { demoProduct, isPhone, openCart, productNames, shown, urlMatches, VIEWPORTS, visible } from "./storefront-helpers";

/** Browsing the storefront: home, shop with filters, search, categories, product page, 404 and accessibility. */
let e2e: E2E;
it.beforeAll(({ e2e: app }) => {
  e2e = app;
});

/** Picks a filter option: in the sidebar on a desktop, in the Filters sheet on a phone. */
async function pickFilter(page: Page, group: "Category" | "Colour" | "Price range", option: string) {
  if (isPhone(page)) {
    await page.getByRole("button", { name: /^Filters/ }).click();
    const sheet = page.getByRole("region", { name: "Filters" });
    await visible(sheet);
    const radio = sheet.getByRole("radiogroup", { name: group }).getByRole("radio", { name: option, exact: true });
    await radio.click();
    await expect.poll(() => radio.isChecked()).toBe(true);
    await sheet.getByRole("button", { name: /^Show / }).click();
    await sheet.waitFor({ state: "hidden" });
  } else {
    const radio = page
      .getByRole("complementary", { name: "Filters" })
      .getByRole("radiogroup", { name: group })
      .getByRole("radio", { name: option, exact: true });
    await radio.click();
    await expect.poll(() => radio.isChecked()).toBe(true);
  }
}

for (const [size, viewport] of VIEWPORTS) {
  describe(`storefront browsing (${size})`, () => {
    it("home -> shop -> filters -> search with a typo -> product page", async () => {
      const { context, page } = await openPage(e2e, viewport);
      try {
        await page.goto("/");
        await visible(page.getByRole("heading", { name: "Buy and sell everything for campus life" }));
        // trending: 10 products; the deals countdown starts at 14 days 20 hours
        expect(await productNames(page, "Trending products")).toHaveLength(10);
        expect(await page.getByRole("timer").getAttribute("aria-label")).toMatch(/^Deals end in 14 days, 20 hours, 1[45] minutes$/);
        await visible(page.getByText("Get up to 20% discount"));
        for (const promise of ["Money held until you have it", "Meet on campus", "Customer support"])
          await visible(page.getByRole("heading", { name: promise }));
        await expect.poll(() => page.getByRole("region", { name: "From the blog" }).getByRole("article").count()).toBe(4);

        await page.getByRole("link", { name: "Explore the shop" }).click();
        await urlMatches(page, /^\/shop$/);
        await visible(page.getByText("Showing 1–8 of 63 products"));
        expect(await productNames(page, "Products")).toHaveLength(8);

        // filters go into the URL; each change returns to page 1
        await page.getByRole("button", { name: "Next" }).click();
        await urlMatches(page, /^\/shop\?page=2$/);
        await visible(page.getByText("Showing 9–16 of 63 products"));
        await pickFilter(page, "Category", "Electronics");
        await urlMatches(page, /^\/shop\?category=electronics$/);
        await pickFilter(page, "Colour", "Black");
        await urlMatches(page, /^\/shop\?category=electronics&color=black$/);
        // price bands in PKR that fit student prices (the calculator is Rs 2,450)
        await pickFilter(page, "Price range", "Rs 1,000 to 5,000");
        await urlMatches(page, /^\/shop\?category=electronics&color=black&price=1000-5000$/);
        await expect.poll(() => productNames(page, "Products")).toEqual(["Scientific Calculator"]);
        await visible(page.getByText("Showing 1–1 of 1 product"));

        await pickFilter(page, "Price range", "Under Rs 1,000");
        await visible(page.getByText("No products found."));
        // Back restores the previous filters
        await page.goBack();
        await urlMatches(page, /price=1000-5000$/);
        await expect.poll(() => productNames(page, "Products")).toEqual(["Scientific Calculator"]);

        // search runs on the server over all products and tolerates a typo
        await page.goto("/shop");
        const search = page.getByRole("textbox", { name: "Search products" });
        await search.fill("calculater");
        await search.press("Enter");
        await urlMatches(page, /^\/shop\?q=calculater$/);
        await expect.poll(() => productNames(page, "Products")).toContain("Scientific Calculator");

        await page.getByRole("list", { name: "Products" }).getByRole("link", { name: "Scientific Calculator" }).click();
        await urlMatches(page, /^\/shop\/[^/]+$/);
        await visible(page.getByRole("heading", { level: 1, name: "Scientific Calculator" }));
        const calculator = await demoProduct(e2e, "Scientific Calculator");
        await visible(page.getByText(shown(calculator.price)).first());
        // the struck-through old price reads "was Rs …" (a hidden "was": strike-through is not announced)
        const old = page.getByText(`was ${shown(calculator.oldPrice ?? NaN)}`, { exact: true }).first();
        expect(await old.evaluate((el) => el.tagName)).toBe("S");
        await visible(page.getByText(/Sold by\s*ali_gadgets/));
        await visible(page.getByText("Category: Electronics"));
        await visible(page.getByText("Colour: Black"));
        await visible(page.getByText(/417 functions/));
        await visible(page.getByRole("button", { name: "Add to cart" }));
        await visible(page.getByRole("heading", { name: /^Reviews \(\d+\)$/ }));
        // signed out: a sign-in prompt instead of the review form
        await visible(page.getByRole("link", { name: "Sign in to write a review" }));
      } finally {
        await context.close();
      }
    });

    it("pagination: Previous disabled on page 1, Next on the last page; a page out of range is ignored", async () => {
      const { context, page } = await openPage(e2e, viewport);
      try {
        await page.goto("/shop");
        await visible(page.getByText("Showing 1–8 of 63 products"));
        expect(await page.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);
        expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(false);
        await page.goto("/shop?page=8");
        await visible(page.getByText("Showing 57–63 of 63 products"));
        expect(await page.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);
        await page.getByRole("button", { name: "Previous" }).click();
        await urlMatches(page, /^\/shop\?page=7$/);
        await page.goto("/shop?page=99");
        await urlMatches(page, /^\/shop$/);
        await visible(page.getByText("Showing 1–8 of 63 products"));
      } finally {
        await context.close();
      }
    });

    it("/search and /categories/:name use the same listing", async () => {
      const { context, page } = await openPage(e2e, viewport);
      try {
        await page.goto("/");
        await page.getByRole("link", { name: "Search products" }).click();
        await urlMatches(page, /^\/search$/);
        const box = page.getByRole("textbox", { name: "Search products" });
        await box.fill("zzqqxx nothing like this");
        await box.press("Enter");
        await visible(page.getByText("No products found."));
        await box.fill("hoodie");
        await box.press("Enter");
        await expect.poll(() => productNames(page, "Products")).toContain("University Hoodie");

        await page.goto("/categories/ELECTRONICS");
        await visible(page.getByRole("heading", { level: 1, name: "Electronics" }));
        const names = await productNames(page, "Products");
        expect(names).toContain("Scientific Calculator");
        expect(names).not.toContain("University Hoodie");
        // old category names still work; an unknown one finds nothing
        await page.goto("/categories/textbooks");
        await expect.poll(() => productNames(page, "Products")).toContain("Introduction to Algorithms");
        await page.goto("/categories/no-such-category");
        await visible(page.getByText("No products found."));
        await visible(page.getByRole("link", { name: "Browse all products" }));
      } finally {
        await context.close();
      }
    });

    it("an unknown URL shows the 404 page", async () => {
      const { context, page } = await openPage(e2e, viewport);
      try {
        await page.goto("/no/such/page");
        await visible(page.getByRole("heading", { name: "Page not found" }));
        expect(await page.getByRole("link", { name: "Contact support" }).getAttribute("href")).toBe("/contact");
        await page.getByRole("link", { name: "Go back home" }).click();
        await urlMatches(page, /^\/$/);
        await page.goto("/shop/00000000-0000-0000-0000-000000000000");
        await visible(page.getByText("Product not found."));
      } finally {
        await context.close();
      }
    });

    it("home, shop, product and the open cart have no serious accessibility violations", async () => {
      const { context, page } = await openPage(e2e, viewport);
      try {
        await page.goto("/");
        await productNames(page, "Trending products");
        await expectAccessible(page, `home (${size})`);
        await page.goto("/shop");
        const [first] = await productNames(page, "Products");
        await expectAccessible(page, `shop (${size})`);
        await page.getByRole("list", { name: "Products" }).getByRole("link").first().click();
        // the URL changes before the product page replaces the shop, whose cards have "Add to cart: …"
        // buttons too: the page's heading says the product page is in
        await visible(page.getByRole("heading", { level: 1, name: first }));
        const addToCart = page.getByRole("button", { name: `Add to cart: ${first}`, exact: true });
        await visible(addToCart);
        await expectAccessible(page, `product (${size})`);
        await addToCart.click();
        const panel = await openCart(page);
        await visible(panel.getByText("Grand total"));
        await expectAccessible(page, `cart (${size})`);
      } finally {
        await context.close();
      }
    });
  });
}
