import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REVIEW_COMMENT_MAX } from "@unibazaar/rules";
import { Role } from "../server/src/platform/auth/roles";
import { OrderStatus } from "../server/src/modules/orders/entity";
import { User } from "../server/src/modules/users/entity";
import { insertOrder, insertProduct } from "../server/src/test/fixtures";
import { BUYER, SELLER } from "./dashboard-helpers";
import { type E2E, expectAccessible, openPage, PHONE, startE2E } from "./harness";
import { logIn, notice, visible } from "./storefront-helpers";

/**
 * Two-way blind reviews on phones (390 px): after an order completes, the buyer and the seller each
 * review the other on the order page; each review stays hidden from the other side until both are
 * written, then both show.
 */
let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** Rates the three parts and writes the comment in the open review dialog, then posts it. */
async function writeReview(page: Page, button: string, stars: [number, number, number], comment: string) {
  await page.getByRole("button", { name: button }).click();
  const dialog = page.getByRole("dialog");
  await visible(dialog);
  const comments = dialog.getByRole("textbox", { name: "Comment" });
  expect(await comments.getAttribute("maxlength")).toBe(String(REVIEW_COMMENT_MAX));
  // posting without stars shows the rules' messages on the parts, and sends nothing
  await dialog.getByRole("button", { name: "Post review" }).click();
  await visible(dialog.getByText("Rate communication from 1 to 5 stars."));
  const labels = [button === "Review the seller" ? "Item as described" : "Buyer as agreed", "Communication", "Punctuality"];
  for (const [i, label] of labels.entries())
    await dialog
      .locator("label")
      .filter({ hasText: `${label}: ${stars[i]} star${stars[i] === 1 ? "" : "s"}` })
      .click();
  await comments.fill(comment);
  await dialog.getByRole("button", { name: "Post review" }).click();
  await notice(page, "Your review is saved.");
  await dialog.waitFor({ state: "detached" });
}

describe("two-way blind reviews on a phone", () => {
  it("buyer and seller each write theirs, hidden from the other until both are in, then shown", async () => {
    const { dataSource, services } = e2e.server;
    const [seller, buyer] = await Promise.all([SELLER, BUYER].map((email) => dataSource.getRepository(User).findOneByOrFail({ email })));
    const product = await insertProduct(dataSource, seller.id, { pricePaisa: 250_000, name: "Reviewed desk lamp" });
    const order = await insertOrder(dataSource, { buyerId: buyer.id, lines: [{ product }], status: OrderStatus.SHIPPED });
    await services.orders.updateOrderStatus(order.id, "COMPLETED", {
      id: seller.id,
      role: Role.SELLER,
      email: seller.email,
      username: seller.username,
    });

    const buyerPage = await openPage(e2e, PHONE);
    const sellerPage = await openPage(e2e, PHONE);
    const buyerWords = "Lamp as described, friendly seller";
    const sellerWords = "Polite buyer, came on time";
    try {
      await logIn(buyerPage.page, BUYER);
      await buyerPage.page.goto(`/orders/${order.id}`);
      await writeReview(buyerPage.page, "Review the seller", [5, 4, 5], buyerWords);
      const buyerReviews = buyerPage.page.getByTestId("order-reviews");
      await visible(buyerReviews.getByText(buyerWords));
      await visible(buyerReviews.getByTestId("review-hidden"));
      expect(await buyerReviews.getByTestId("review-hidden").textContent()).toMatch(/shows when the seller writes theirs, or on /);
      await expectAccessible(buyerPage.page, "order page with a hidden review");

      // the seller sees that the buyer wrote one, not what it says, and the buyer's record
      await logIn(sellerPage.page, SELLER);
      await sellerPage.page.goto(`/orders/${order.id}`);
      await visible(sellerPage.page.getByText("The buyer has written their review: write yours to see it."));
      await visible(sellerPage.page.getByTestId("reliability-line"));
      expect(await sellerPage.page.getByText(buyerWords).count()).toBe(0);
      await writeReview(sellerPage.page, "Review the buyer", [4, 5, 5], sellerWords);

      // both are in: each side sees the other's
      const sellerReviews = sellerPage.page.getByTestId("order-reviews");
      await visible(sellerReviews.getByRole("region", { name: "The buyer's review of you" }).getByText(buyerWords));
      await buyerPage.page.reload();
      await visible(buyerPage.page.getByRole("region", { name: "The seller's review of you" }).getByText(sellerWords));
      expect(await buyerPage.page.getByTestId("review-hidden").count()).toBe(0);
      const width = await buyerPage.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
    } finally {
      await buyerPage.context.close();
      await sellerPage.context.close();
    }
  });
});
