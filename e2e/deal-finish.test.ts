import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { Order } from "../server/src/modules/orders/entity";
import { Product } from "../server/src/modules/products/entity";
import { User } from "../server/src/modules/users/entity";
import { insertProduct } from "../server/src/test/fixtures";
import { BUYER, SELLER_2 } from "./dashboard-helpers";
import { writeReview } from "./deal-helpers";
import { type E2E, expectAccessible, openPage, PHONE } from "./harness";
import { signIn, notice, openCart, plain, urlMatches, visible } from "./storefront-helpers";

/**
 * A deal that finishes, on two phones (390 × 844): the seller accepts the buyer's offer and
 * reserves the item for 6 hours (others see Reserved, both see the countdown), the buyer buys it
 * with a campus meetup, and at the meetup the seller types the buyer's handover code: the order is
 * completed, "confirmed by code". Then each reviews the other: a review stays hidden from the other
 * side until both are written, then both show.
 */
let e2e: E2E;
it.beforeAll(({ e2e: app }) => {
  e2e = app;
});

const editStatus = async (page: Page, orderNumber: string, status: string) => {
  await page.getByRole("button", { name: `Edit status of order ${orderNumber}` }).click();
  const dialog = page.getByRole("dialog", { name: "Update order status" });
  await dialog.getByLabel("New status").click();
  await page.getByRole("option", { name: status }).click();
  await dialog.getByRole("button", { name: "Save" }).click();
  await notice(page, `Order ${orderNumber} is now ${status.toLowerCase()}.`);
};

describe("a deal that finishes with the handover code", () => {
  it("offer accepted and reserved -> others see Reserved -> bought with a meetup -> code typed -> both reviews, shown once both are in", async () => {
    // a single desk lamp of Campus Corner on LUMS Lahore, so it can be met on campus and fully reserved
    const sellerRow = await e2e.server.dataSource.getRepository(User).findOneByOrFail({ email: SELLER_2 });
    const lamp = await insertProduct(e2e.server.dataSource, sellerRow.id, {
      name: "Brass desk lamp",
      pricePaisa: 300_000,
      quantityAvailable: 1,
    });
    await e2e.server.dataSource.getRepository(Product).update(lamp.id, { campus: "lums-lahore" });

    const buyer = await openPage(e2e, PHONE);
    const seller = await openPage(e2e, PHONE);
    const stranger = await openPage(e2e, PHONE);
    try {
      // 1. the buyer offers Rs 2,500 in the chat
      await signIn(buyer.page, BUYER);
      await buyer.page.goto(`/shop/${lamp.id}`);
      await buyer.page.getByRole("button", { name: "Message seller" }).click();
      await expect.poll(() => new URL(buyer.page.url()).pathname).toMatch(/^\/messages\/[0-9a-f-]{36}$/);
      const chatPath = new URL(buyer.page.url()).pathname;
      await buyer.page.getByRole("button", { name: "Make an offer" }).click();
      const form = buyer.page.getByRole("form", { name: "Make an offer" });
      await form.getByRole("spinbutton", { name: "Amount (Rs)" }).fill("2500");
      await form.getByRole("button", { name: "Send offer" }).click();
      await notice(buyer.page, "Offer sent.");

      // 2. the seller accepts it and reserves the lamp for 6 hours
      await signIn(seller.page, SELLER_2);
      await seller.page.goto(chatPath);
      const sellerOffer = seller.page.getByRole("list", { name: "Messages" }).getByLabel("Offer");
      await visible(sellerOffer.getByText("Rs 2,500"));
      await sellerOffer.getByRole("button", { name: "Accept" }).click();
      const accept = seller.page.getByRole("form", { name: "Accept the offer" });
      await accept.getByRole("combobox", { name: "Reserve it for the buyer" }).click();
      await seller.page.getByRole("option", { name: "6 hours" }).click();
      await accept.getByRole("button", { name: "Accept and reserve" }).click();
      await notice(seller.page, "Offer accepted: reserved for the buyer for 6 hours.");
      await visible(sellerOffer.getByText(/^Reserved for the buyer: [56] h \d+ min left$/));

      // both see the countdown in the chat; anyone else sees Reserved and cannot buy it
      const buyerOffer = buyer.page.getByRole("list", { name: "Messages" }).getByLabel("Offer");
      await visible(buyerOffer.getByText(/^Reserved for the buyer: [56] h \d+ min left$/));
      await stranger.page.goto(`/shop/${lamp.id}`);
      await visible(stranger.page.getByRole("heading", { level: 1, name: "Brass desk lamp" }));
      await visible(stranger.page.getByRole("alert", { name: "Reserved" }).getByText(/It is for sale again in [56] h \d+ min/));
      expect(await stranger.page.getByRole("button", { name: "Reserved: Brass desk lamp" }).isDisabled()).toBe(true);
      await expectAccessible(stranger.page, "deal finish: reserved listing (phone)");

      // 3. the buyer buys it at the agreed price, meeting at the Khoo Library
      await buyerOffer.getByRole("link", { name: "Buy at this price" }).click();
      await visible(buyer.page.getByRole("alert", { name: "Reserved for you" }).getByText(/check out within [56] h \d+ min/));
      await buyer.page.getByRole("button", { name: "Add to cart" }).click();
      const panel = await openCart(buyer.page);
      await panel.getByRole("radio", { name: "Meet on campus" }).click();
      await panel.getByLabel("Meetup point").selectOption({ label: "Khoo Library entrance" });
      await panel.getByLabel("Day").selectOption({ index: 2 });
      await panel.getByLabel("Time (Pakistan)").selectOption("13:00");
      await panel.getByLabel("Contact number").fill("03111234567");
      await panel.getByRole("button", { name: /^Place Order/ }).click();
      await notice(buyer.page, "Order placed successfully!");
      await urlMatches(buyer.page, /^\/orders$/);
      await buyer.page.getByRole("list", { name: "My orders" }).getByRole("link").first().click();
      await urlMatches(buyer.page, /^\/orders\/[^/]+$/);
      const orderId = new URL(buyer.page.url()).pathname.split("/")[2];
      const row = await e2e.server.dataSource.getRepository(Order).findOneByOrFail({ id: orderId });
      const number = `UB-${String(row.orderNumber).padStart(6, "0")}`;

      // 4. the buyer's order page shows the code, large, as digits and as a QR code
      const codeSection = buyer.page.getByRole("region", { name: "Your handover code" });
      const code = plain(await (await visible(codeSection.getByTestId("handover-code"))).textContent());
      expect(code).toBe(row.handoverCode);
      await visible(codeSection.getByRole("img", { name: `QR code of the handover code ${code}` }));
      await expectAccessible(buyer.page, "deal finish: handover code (phone)");

      // 5. the seller confirms the order and the meetup
      await seller.page.goto("/dashboard/seller/manage-orders");
      await editStatus(seller.page, number, "Confirmed");
      await seller.page.getByRole("button", { name: `Show details of order ${number}` }).click();
      const details = seller.page.locator(`[id^="order-details-${orderId}"]`);
      await details.getByRole("button", { name: "Confirm meetup" }).click();
      await notice(seller.page, "Meetup confirmed.");

      // 6. they meet (the meetup time moved into the past): the seller types the buyer's code
      await e2e.server.dataSource.getRepository(Order).update(orderId, { meetupAt: new Date(Date.now() - 60_000) });
      await seller.page.reload();
      await seller.page.getByRole("button", { name: `Show details of order ${number}` }).click();
      await details.getByRole("button", { name: "Enter or scan code" }).click();
      const dialog = seller.page.getByRole("dialog", { name: "Enter or scan the buyer's code" });
      await visible(dialog.getByRole("button", { name: "Scan QR code with the camera" }));
      await dialog.getByRole("textbox", { name: "Buyer's code" }).fill(code);
      await dialog.getByRole("button", { name: "Complete handover" }).click();
      await notice(seller.page, `Order ${number} is completed: confirmed by code.`);
      await visible(details.getByText("Handed over: confirmed by code."));

      // 7. the buyer's page: completed, confirmed by code, and the code is gone
      await buyer.page.reload();
      await visible(buyer.page.getByRole("alert", { name: "Handover" }).getByText("Handed over: confirmed by code."));
      expect(await codeSection.count()).toBe(0);
      expect((await e2e.server.dataSource.getRepository(Order).findOneByOrFail({ id: orderId })).handoverHow).toBe("code");

      // 8. each reviews the other on the order page: a review is hidden until both are written
      const buyerWords = "Lamp as described, met on time";
      const sellerWords = "Polite buyer, came on time";
      await writeReview(buyer.page, "Review the seller", [5, 4, 5], buyerWords);
      const buyerReviews = buyer.page.getByTestId("order-reviews");
      await visible(buyerReviews.getByText(buyerWords));
      const hidden = await visible(buyerReviews.getByTestId("review-hidden"));
      expect(await hidden.textContent()).toMatch(/shows when the seller writes theirs, or on /);
      await expectAccessible(buyer.page, "deal finish: a hidden review (phone)");
      // the seller sees that the buyer wrote one, not what it says, and the buyer's record
      await seller.page.goto(`/orders/${orderId}`);
      await visible(seller.page.getByText("The buyer has written their review: write yours to see it."));
      await visible(seller.page.getByTestId("reliability-line"));
      expect(await seller.page.getByText(buyerWords).count()).toBe(0);
      await writeReview(seller.page, "Review the buyer", [4, 5, 5], sellerWords);
      const theirs = seller.page.getByTestId("order-reviews").getByRole("region", { name: "The buyer's review of you" });
      await visible(theirs.getByText(buyerWords));
      await buyer.page.reload();
      await visible(buyer.page.getByRole("region", { name: "The seller's review of you" }).getByText(sellerWords));
      expect(await buyer.page.getByTestId("review-hidden").count()).toBe(0);
      expect(await buyer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await buyer.context.close();
      await seller.context.close();
      await stranger.context.close();
    }
  });
});
