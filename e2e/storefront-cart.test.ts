import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { type E2E, expectAccessible, openPage } from "./harness";
import {
  cartCount,
  demoProduct,
  fillShipping,
  logIn,
  signIn,
  notice,
  openCart,
  openProduct,
  plain,
  shown,
  urlMatches,
  VIEWPORTS,
  visible,
  addProduct,
  payWithTestCard,
} from "./storefront-helpers";

/** The cart panel, reviews and checkout (cash on delivery and card through the sandbox payment page). */
let e2e: E2E;
it.beforeAll(async ({ e2e: app }) => {
  e2e = app;
  const res = await e2e.server.gql<{ products: { items: Array<{ name: string; ratingCount: number }> } }>(
    "{ products(pageSize: 50, sort: PRICE_ASC) { items { name ratingCount } } }",
  );
  unreviewed = (res.data?.products.items ?? []).filter((p) => p.ratingCount === 0).map((p) => p.name);
  if (unreviewed.length < 2) throw new Error(`need two unreviewed products, got ${JSON.stringify(res)}`);
});

/** Two products nobody has reviewed yet in the demo data (one per viewport). */
let unreviewed: string[] = [];

/** Demo buyers: each viewport uses its own, so orders and reviews do not mix. */
const BUYER = { desktop: "fatima@student.pk", phone: "zainab@student.pk" } as const;
const REVIEWER = { desktop: "hamza@student.pk", phone: "zainab@student.pk" } as const;

/** The summary row's value, e.g. summary(panel, "Grand total") -> "Rs 1,312.50". */
async function summary(page: Page, label: string): Promise<string> {
  const panel = page.getByRole("dialog", { name: "Shopping cart" });
  const row = panel.locator("dl > div").filter({ has: page.locator("dt", { hasText: label }) });
  return plain(await row.locator("dd").textContent());
}

for (const [size, viewport] of VIEWPORTS) {
  describe(`cart and checkout (${size})`, () => {
    it("cart: add, quantity up and down (never below 1), remove, survive a reload, clear", async () => {
      const { context, page } = await openPage(e2e, viewport);
      try {
        await page.goto("/");
        expect(await cartCount(page)).toBe(0);
        await addProduct(page, "Wireless Mouse");
        expect(await cartCount(page)).toBe(1);
        await addProduct(page, "Desk LED Lamp");
        expect(await cartCount(page)).toBe(2);

        let panel = await openCart(page);
        const items = panel.getByRole("list", { name: "Items in your cart" }).getByRole("listitem").filter({ hasText: /\S/ });
        await expect.poll(() => items.count()).toBe(2);
        expect(plain(await items.nth(0).textContent())).toMatch(/^1\.\s*Wireless Mouse/);
        expect(plain(await items.nth(1).textContent())).toMatch(/^2\.\s*Desk LED Lamp/);
        const quantity = panel.getByLabel("Quantity of Wireless Mouse", { exact: true });
        const minus = panel.getByRole("button", { name: "Decrease quantity of Wireless Mouse" });
        const plus = panel.getByRole("button", { name: "Increase quantity of Wireless Mouse" });
        expect(await minus.isDisabled()).toBe(true);
        await plus.click();
        await plus.click();
        await expect.poll(() => quantity.textContent()).toBe("3");
        expect(await cartCount(page)).toBe(4);
        await minus.click();
        await expect.poll(() => quantity.textContent()).toBe("2");
        await minus.click();
        await expect.poll(() => quantity.textContent()).toBe("1");
        expect(await minus.isDisabled()).toBe(true);
        expect(await cartCount(page)).toBe(2);

        await panel.getByRole("button", { name: "Remove Desk LED Lamp" }).click();
        await expect.poll(() => items.count()).toBe(1);
        expect(await cartCount(page)).toBe(1);
        // the numbers are the server's quote: the mouse's price + 5% tax (half-up to the paisa)
        const { price } = await demoProduct(e2e, "Wireless Mouse");
        const tax = Math.round(price * 5) / 100;
        await expect.poll(() => summary(page, "Grand total")).toBe(shown(price + tax));
        expect(await summary(page, "Selected items")).toBe("1");
        expect(await summary(page, "Total price")).toBe(shown(price));
        expect(await summary(page, "Tax (5%)")).toBe(shown(tax));

        // the cart is kept across a reload
        await page.reload();
        await expect.poll(() => cartCount(page)).toBe(1);
        panel = await openCart(page);
        await panel.getByRole("button", { name: "Clear Cart" }).click();
        await page.getByRole("dialog", { name: "Clear your cart?" }).getByRole("button", { name: "Clear Cart" }).click();
        await visible(panel.getByText("Your cart is empty."));
        expect(await cartCount(page)).toBe(0);
      } finally {
        await context.close();
      }
    });

    it("checkout checks: contact number required; signed out goes to login and comes back to the cart", async () => {
      const { context, page } = await openPage(e2e, viewport);
      try {
        await addProduct(page, "Wireless Mouse");
        const productUrl = new URL(page.url()).pathname;
        let panel = await openCart(page);
        await fillShipping(panel, "");
        await panel.getByRole("button", { name: /^Place Order/ }).click();
        await visible(panel.getByText("Contact number is required.").first());

        await panel.getByLabel("Contact number").fill("03001234567");
        await panel.getByRole("button", { name: /^Place Order/ }).click();
        await urlMatches(page, /^\/login$/);
        await logIn(page, BUYER[size]);
        await urlMatches(page, new RegExp(`^${productUrl}$`));
        // back where they were, with the cart open and the form kept
        panel = page.getByRole("dialog", { name: "Shopping cart" });
        await visible(panel);
        expect(await panel.getByLabel("City").inputValue()).toBe("Lahore");
      } finally {
        await context.close();
      }
    });

    it("signed in: review a product; it appears with its stars, and a second visit edits it (filled in) instead of adding one", async () => {
      const { context, page } = await openPage(e2e, viewport);
      const product = size === "desktop" ? unreviewed[0] : unreviewed[1];
      try {
        await signIn(page, REVIEWER[size]);
        await openProduct(page, product);
        await visible(page.getByRole("heading", { name: "Reviews (0)" }));
        await visible(page.getByText("No reviews yet."));
        await page.getByRole("button", { name: "Write a review" }).click();
        const dialog = page.getByRole("dialog", { name: "Add a comment" });
        await visible(dialog);
        await dialog.locator("label").filter({ hasText: "4 Stars" }).click();
        await dialog.getByLabel("Comment").fill(`Comfortable and exactly as described (${size}).`);
        await dialog.getByRole("button", { name: "Post comment" }).click();
        await notice(page, "Comment posted successfully!");
        await dialog.waitFor({ state: "hidden" });

        await visible(page.getByRole("heading", { name: "Reviews (1)" }));
        const username = REVIEWER[size].split("@")[0];
        const review = page.getByRole("article", { name: `Review by ${username}` });
        await visible(review);
        await visible(review.getByRole("img", { name: "Rated 4 out of 5" }));
        await visible(review.getByText(`Comfortable and exactly as described (${size}).`));
        // the product's average follows
        await visible(page.getByRole("img", { name: "Rated 4 out of 5 from 1 review" }));

        // a second visit edits the review, filled in with the current one, instead of silently replacing it
        await page.getByRole("button", { name: "Edit your review" }).click();
        const edit = page.getByRole("dialog", { name: "Edit your review" });
        await visible(edit);
        expect(await edit.getByLabel("Comment").inputValue()).toBe(`Comfortable and exactly as described (${size}).`);
        expect(await edit.getByRole("radio", { name: "4 Stars" }).isChecked()).toBe(true);
        await edit.locator("label").filter({ hasText: "5 Stars" }).click();
        await edit.getByLabel("Comment").fill(`Even better after a week (${size}).`);
        await edit.getByRole("button", { name: "Save changes" }).click();
        await notice(page, "Your review was updated.");
        await edit.waitFor({ state: "hidden" });
        await visible(review.getByText(`Even better after a week (${size}).`));
        await visible(review.getByRole("img", { name: "Rated 5 out of 5" }));
        await visible(page.getByRole("heading", { name: "Reviews (1)" }));
      } finally {
        await context.close();
      }
    });

    it("checkout with cash on delivery and the coupon: the order appears under /orders and can be cancelled", async () => {
      const { context, page } = await openPage(e2e, viewport);
      const product = size === "desktop" ? "Woollen Scarf" : "Minimal Ring Set";
      try {
        await signIn(page, BUYER[size]);
        await addProduct(page, product);
        const panel = await openCart(page);
        const subtotal = await (async () => {
          await expect.poll(() => summary(page, "Total price")).toMatch(/^Rs /);
          return summary(page, "Total price");
        })();
        await panel.getByLabel("Coupon code").fill("save");
        await panel.getByRole("button", { name: "Apply" }).click();
        await expect.poll(() => summary(page, "Discount (save)")).toMatch(/^− Rs /);
        const price = Number(subtotal.replace(/[^\d.]/g, ""));
        const expectedTotal = Math.round((price - price * 0.1) * 1.05 * 100) / 100;
        const total = await summary(page, "Grand total");
        expect(Number(total.replace(/[^\d.]/g, ""))).toBeCloseTo(expectedTotal, 2);

        await fillShipping(panel);
        expect(await panel.getByRole("radio", { name: "Cash on delivery" }).isChecked()).toBe(true);
        await panel.getByRole("button", { name: /^Place Order/ }).click();
        await notice(page, "Order placed successfully!");
        await urlMatches(page, /^\/orders$/);
        expect(await cartCount(page)).toBe(0);

        const orders = page.getByRole(size === "desktop" ? "table" : "list", { name: "My orders" });
        await visible(orders);
        const first = size === "desktop" ? orders.getByRole("row").nth(1) : orders.getByRole("listitem").first();
        const text = plain(await first.textContent());
        expect(text).toContain(product);
        expect(text).toContain("Pending");
        expect(text).toContain(total);
        await expectAccessible(page, `orders (${size})`);

        await first.getByRole("link").first().click();
        await urlMatches(page, /^\/orders\/[^/]+$/);
        await visible(page.getByRole("heading", { level: 1, name: /^Order UB-\d+$/ }));
        await visible(page.getByText(/Pending\s*\(current status\)/));
        await visible(page.getByText("Awaiting processing"));
        await visible(page.getByText("Room 12, Hostel 3, University Road", { exact: false }));
        await page.getByRole("button", { name: "Cancel order" }).click();
        await page.getByRole("dialog").getByRole("button", { name: "Cancel order" }).click();
        await notice(page, "Your order was cancelled.");
        await visible(page.getByText("This order was cancelled", { exact: false }));
        // the page asks the server for its actions again after the change: the button goes once they answer
        await expect.poll(() => page.getByRole("button", { name: "Cancel order" }).count()).toBe(0);
        await expectAccessible(page, `order detail (${size})`);
      } finally {
        await context.close();
      }
    });

    it("card checkout: pay on the sandbox page, then /success shows the order's timeline", async () => {
      const { context, page } = await openPage(e2e, viewport);
      const product = size === "desktop" ? "Formal Dress Shirt" : "Beaded Necklace";
      try {
        await signIn(page, BUYER[size]);
        await addProduct(page, product);
        const panel = await openCart(page);
        await fillShipping(panel);
        await panel.getByRole("radio", { name: /^Card/ }).check();
        await panel.getByRole("button", { name: /^Place Order/ }).click();
        await payWithTestCard(page);
        const order = page.getByRole("region", { name: /^Order UB-\d+$/ });
        await visible(order);
        await visible(order.getByText(product));
        for (const step of ["Pending", "Processing", "Shipped", "Completed"]) await visible(order.getByText(step, { exact: true }).first());
        await visible(order.getByText(/Pending\s*\(current status\)/));
        await visible(order.getByText("Awaiting processing"));
        await visible(order.getByText("Paid", { exact: true }));
        expect(await cartCount(page)).toBe(0);
        await expectAccessible(page, `payment result (${size})`);
      } finally {
        await context.close();
      }
    });
  });
}
