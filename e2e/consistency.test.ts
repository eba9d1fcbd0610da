import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { type E2E, expectAccessible, openPage } from "./harness";
import {
  addProduct,
  cartButton,
  demoProduct,
  fillShipping,
  signIn,
  openCart,
  payWithTestCard,
  plain,
  shown,
  urlMatches,
  VIEWPORTS,
  visible,
} from "./storefront-helpers";

/** Consistency: one money format, the dashboards in the storefront's frame, the pay page in the app's look. */
let e2e: E2E;
it.beforeAll(({ e2e: app }) => {
  e2e = app;
});

const BUYER = { desktop: "fatima@student.pk", phone: "hamza@student.pk" } as const;

/** Amounts in the old formats: "Rs 2,450.00" (paisa that are zero) or "PKR 2,450". */
const OLD_FORMAT = /Rs\s?[\d,]+\.00(?!\d)|PKR\s?\d/;

/** The page's visible text, with non-breaking spaces made plain. */
const bodyText = async (page: Page) => plain(await page.locator("body").innerText());

/** True when the page does not scroll sideways. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const [size, viewport] of VIEWPORTS) {
  describe(`consistency (${size})`, () => {
    it("one money format on the card, the product page and the cart: Rs 2,450, paisa only when there are some; each blog card opens its article", async () => {
      const { context, page } = await openPage(e2e, viewport);
      try {
        // every blog card is one link, to its own article
        await page.goto("/");
        const blog = page.getByRole("region", { name: "From the blog" });
        await expect.poll(() => blog.getByRole("article").count()).toBe(4);
        expect(await blog.getByRole("link").count()).toBe(4);

        const calculator = await demoProduct(e2e, "Scientific Calculator");
        expect(shown(calculator.price)).toBe("Rs 2,450");

        // the card in the search results
        await page.goto("/search?q=Scientific%20Calculator");
        const card = page
          .getByRole("list", { name: "Products", exact: true })
          .getByRole("listitem")
          .filter({ hasText: "Scientific Calculator" });
        await visible(card);
        const cardText = plain(await card.first().innerText());
        expect(cardText).toContain("Rs 2,450");
        expect(cardText).toContain("Rs 2,999");
        expect(cardText).not.toMatch(OLD_FORMAT);
        // the old price is read as "was Rs 2,999"
        expect(
          await card
            .first()
            .getByText("was Rs 2,999", { exact: true })
            .evaluate((el) => el.tagName),
        ).toBe("S");

        // the product page
        await addProduct(page, "Scientific Calculator");
        await visible(page.getByText("Rs 2,450", { exact: true }).first());
        expect(await page.locator("main s").first().textContent()).toMatch(/^was Rs\u00a02,999$/);
        expect(await bodyText(page)).not.toMatch(OLD_FORMAT);

        // the cart: 2,450 + 5% tax = 2,572.50, the paisa shown because there are some
        const panel = await openCart(page);
        await visible(panel.getByText("Rs 2,572.50", { exact: true }));
        const cartText = plain(await panel.innerText());
        expect(cartText).toContain("Rs 2,450");
        expect(cartText).toContain("Rs 122.50");
        expect(cartText).not.toMatch(OLD_FORMAT);
      } finally {
        await context.close();
      }
    });

    it("the dashboard keeps the storefront's header (cart, avatar) and a full-height sidebar (a drawer on phones)", async () => {
      const { context, page } = await openPage(e2e, viewport);
      try {
        await signIn(page, BUYER[size]);
        await page.goto("/dashboard");
        await visible(page.getByRole("heading", { level: 1, name: /^Welcome, / }));
        const header = page.getByRole("banner");
        await visible(header.getByRole("link", { name: "UniBazaar home" }));
        await visible(header.getByRole("button", { name: /^Account menu for / }));
        // the cart opens from the dashboard too
        await cartButton(page).click();
        await visible(page.getByRole("dialog", { name: "Shopping cart" }));
        await page.keyboard.press("Escape");
        await expect.poll(() => page.getByRole("dialog", { name: "Shopping cart" }).count()).toBe(0);

        // totals say whether tax is in them
        await visible(page.getByText("Total Payments (incl. tax)"));

        if (viewport.width < 600) {
          await page.getByRole("button", { name: "Open dashboard menu" }).click();
          const drawer = page.getByRole("list", { name: "Dashboard menu" });
          await visible(drawer);
          // the drawer covers the screen's full height
          const box = await page.locator("#dashboard-menu .MuiDrawer-paper").boundingBox();
          expect(box?.height).toBeGreaterThanOrEqual(viewport.height - 1);
          await drawer.getByRole("link", { name: "My Orders" }).click();
          await urlMatches(page, /^\/dashboard\/orders$/);
        } else {
          const nav = page.getByRole("navigation", { name: "Dashboard" });
          const menu = nav.getByRole("list", { name: "Dashboard menu" });
          await visible(menu);
          // the sidebar runs from below the header down to the page's end
          const [navBox, headerBox] = await Promise.all([nav.boundingBox(), header.boundingBox()]);
          expect(navBox!.y).toBeCloseTo(headerBox!.y + headerBox!.height, 0);
          expect(navBox!.y + navBox!.height).toBeGreaterThanOrEqual(viewport.height - 1);
        }
        expect(await fitsWidth(page)).toBe(true);
        await expectAccessible(page, `dashboard in the storefront frame (${size})`);
      } finally {
        await context.close();
      }
    });

    it("the sandbox pay page wears the app's look: its header and name, labelled fields, phone width; paying still works", async () => {
      const { context, page } = await openPage(e2e, viewport);
      try {
        await signIn(page, BUYER[size]);
        await addProduct(page, size === "desktop" ? "Wireless Mouse" : "Urdu Poetry Collection");
        const panel = await openCart(page);
        await fillShipping(panel);
        await panel.getByRole("radio", { name: /^Card/ }).check();
        const placeOrder = panel.getByRole("button", { name: /^Place Order · Rs / });
        const total = plain(await placeOrder.textContent()).replace("Place Order · ", "");
        expect(total).not.toMatch(OLD_FORMAT);
        await placeOrder.click();
        await urlMatches(page, /^\/pay\/[^/]+$/);

        const header = page.getByRole("banner");
        await visible(header.getByRole("link", { name: "UniBazaar home" }));
        expect(plain(await header.innerText())).toContain("UniBazaar");
        await visible(page.getByRole("heading", { level: 1, name: "Pay for your order" }));
        for (const label of ["Card number", "Expiry (MM/YY)", "CVC"]) expect(await page.getByLabel(label, { exact: true }).count()).toBe(1);
        await visible(page.getByRole("button", { name: `Pay ${total}` }));
        // the app's colours and fonts (web/src/lib/theme.ts)
        const look = await page.evaluate(() => {
          const button = getComputedStyle(document.querySelector("button")!);
          const body = getComputedStyle(document.body);
          return { button: button.backgroundColor, body: body.backgroundColor, font: body.fontFamily };
        });
        expect(look).toEqual({ button: "rgb(11, 93, 75)", body: "rgb(247, 248, 250)", font: expect.stringContaining("Inter") });
        expect(await fitsWidth(page)).toBe(true);
        expect(await bodyText(page)).not.toMatch(OLD_FORMAT);
        await expectAccessible(page, `pay page (${size})`);

        await payWithTestCard(page);
      } finally {
        await context.close();
      }
    });
  });
}
