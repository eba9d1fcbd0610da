import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { Order } from "../server/src/modules/orders/entity";
import { SELLER_2 } from "./dashboard-helpers";
import { type E2E, expectAccessible, gqlOk, openPage, PHONE } from "./harness";
import { logIn, signIn, notice, openCart, PASSWORD, plain, shown, unique, urlMatches, visible } from "./storefront-helpers";

/**
 * A whole deal on a phone (390 × 844), as a new student walks it, with no dead end: sign up, message
 * the seller of a campus listing, make an offer, the seller accepts, buy at the agreed price with a
 * campus meetup and cash on meetup, the seller confirms the order and the meetup, hands it over once
 * the meetup time has come (moved into the past here), and the student reviews the item.
 */
let e2e: E2E;
it.beforeAll(({ e2e: app }) => {
  e2e = app;
});

/** Signs up through the register page as a buyer and ends signed in (logging in if sign-up does not). */
async function signUp(page: Page, who: { email: string; username: string; name: string }) {
  await page.goto("/register");
  await visible(page.getByRole("heading", { level: 1, name: "Create an account" }));
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Username").fill(who.username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByLabel("Full name").fill(who.name);
  await page.getByLabel("Contact number").fill("03111234567");
  await page.getByRole("button", { name: "Register" }).click();
  await expect.poll(() => new URL(page.url()).pathname).not.toBe("/register");
  if (new URL(page.url()).pathname === "/login") await logIn(page, who.email);
}

const editStatus = async (page: Page, orderNumber: string, status: string) => {
  await page.getByRole("button", { name: `Edit status of order ${orderNumber}` }).click();
  const dialog = page.getByRole("dialog", { name: "Update order status" });
  await dialog.getByLabel("New status").click();
  await page.getByRole("option", { name: status }).click();
  await dialog.getByRole("button", { name: "Save" }).click();
  await notice(page, `Order ${orderNumber} is now ${status.toLowerCase()}.`);
};

describe("a whole deal on a phone", () => {
  it("sign up -> message -> offer -> accepted -> buy at the agreed price, meet on campus -> confirmed -> handed over -> review", async () => {
    // a Campus Corner listing on LUMS Lahore, so it can be met on campus
    const { products } = await gqlOk<{
      products: { items: Array<{ id: string; name: string; price: number; quantityAvailable: number; seller: { username: string } }> };
    }>(
      e2e,
      `{ products(filter: { campus: "lums-lahore" }, pageSize: 50) { items { id name price quantityAvailable seller { username } } } }`,
      {},
    );
    const listing = products.items.find((p) => p.seller.username === "campus_corner" && p.quantityAvailable > 0 && p.price >= 100)!;
    const offer = Math.floor(listing.price * 0.8);
    const id = unique();
    const student = { email: `student.${id}@student.pk`, username: `student_${id}`, name: "New Student" };

    const buyer = await openPage(e2e, PHONE);
    const seller = await openPage(e2e, PHONE);
    try {
      // 1. a new student signs up and finds the listing
      await signUp(buyer.page, student);
      await buyer.page.goto(`/shop/${listing.id}`);
      await visible(buyer.page.getByRole("heading", { level: 1, name: listing.name }));

      // 2. messages the seller, who answers
      await buyer.page.getByRole("button", { name: "Message seller" }).click();
      await expect.poll(() => new URL(buyer.page.url()).pathname).toMatch(/^\/messages\/[0-9a-f-]{36}$/);
      const chatPath = new URL(buyer.page.url()).pathname;
      await buyer.page.getByRole("textbox", { name: "Message" }).fill("Salaam! Is it still available? Can we meet at LUMS?");
      await buyer.page.getByRole("button", { name: "Send" }).click();
      await signIn(seller.page, SELLER_2);
      await seller.page.goto(chatPath);
      const sellerThread = seller.page.getByRole("list", { name: "Messages" });
      await visible(sellerThread.getByText("Salaam! Is it still available? Can we meet at LUMS?"));
      await seller.page.getByRole("textbox", { name: "Message" }).fill("Yes, it is. Make me an offer.");
      await seller.page.getByRole("button", { name: "Send" }).click();
      await visible(buyer.page.getByRole("list", { name: "Messages" }).getByText("Yes, it is. Make me an offer."));

      // 3. makes an offer; the seller accepts it
      await buyer.page.getByRole("button", { name: "Make an offer" }).click();
      const form = buyer.page.getByRole("form", { name: "Make an offer" });
      await form.getByRole("spinbutton", { name: "Amount (Rs)" }).fill(String(offer));
      await form.getByRole("button", { name: "Send offer" }).click();
      await notice(buyer.page, "Offer sent.");
      const sellerOffer = sellerThread.getByLabel("Offer");
      await visible(sellerOffer.getByText(shown(offer)));
      await sellerOffer.getByRole("button", { name: "Accept" }).click();
      // accepting reserves the item for the buyer, for a day unless the seller picks another time
      await seller.page.getByRole("form", { name: "Accept the offer" }).getByRole("button", { name: "Accept and reserve" }).click();
      const buyerOffer = buyer.page.getByRole("list", { name: "Messages" }).getByLabel("Offer");
      await visible(buyerOffer.getByText("Accepted"));

      // 4. buys at the agreed price, meeting on campus and paying cash there
      await buyerOffer.getByRole("link", { name: "Buy at this price" }).click();
      await visible(
        buyer.page.getByRole("alert", { name: "Your accepted offer" }).getByText(`Your offer of ${shown(offer)} was accepted.`),
      );
      await buyer.page.getByRole("button", { name: "Add to cart" }).click();
      const panel = await openCart(buyer.page);
      await visible(panel.getByRole("listitem", { name: listing.name }).getByText(`Agreed price ${shown(offer)}`));
      await panel.getByRole("radio", { name: "Meet on campus" }).click();
      await panel.getByLabel("Meetup point").selectOption({ label: "Khoo Library entrance" });
      await panel.getByLabel("Day").selectOption({ index: 2 });
      await panel.getByLabel("Time (Pakistan)").selectOption("13:00");
      await panel.getByLabel("Contact number").fill("03111234567");
      expect(await panel.getByRole("radio", { name: "Cash on meetup" }).isChecked()).toBe(true);
      const total = (offer * 100 + Math.round(offer * 5)) / 100;
      await expect
        .poll(async () => plain(await panel.getByRole("button", { name: /^Place Order/ }).textContent()))
        .toBe(`Place Order · ${shown(total)}`);
      await panel.getByRole("button", { name: /^Place Order/ }).click();
      await notice(buyer.page, "Order placed successfully!");
      await urlMatches(buyer.page, /^\/orders$/);
      const placed = plain(await buyer.page.getByRole("alert", { name: "Order placed" }).textContent());
      expect(placed).toMatch(/You meet the seller at Khoo Library entrance, LUMS Lahore on /);
      expect(placed).toContain(`You pay ${shown(total)} in cash on meetup`);
      await expectAccessible(buyer.page, "deal walk: order placed (phone)");
      await buyer.page.getByRole("list", { name: "My orders" }).getByRole("link").first().click();
      await urlMatches(buyer.page, /^\/orders\/[^/]+$/);
      const orderId = new URL(buyer.page.url()).pathname.split("/")[2];
      const { orderNumber } = await e2e.server.dataSource.getRepository(Order).findOneByOrFail({ id: orderId });
      const number = `UB-${String(orderNumber).padStart(6, "0")}`;
      await visible(buyer.page.getByRole("list", { name: "Products in this order" }).getByText(`Agreed price ${shown(offer)}`));

      // 5. the seller confirms the order and the meetup
      await seller.page.goto("/dashboard/seller/manage-orders");
      await editStatus(seller.page, number, "Confirmed");
      await seller.page.getByRole("button", { name: `Show details of order ${number}` }).click();
      const details = seller.page.locator(`[id^="order-details-${orderId}"]`);
      await details.getByRole("button", { name: "Confirm meetup" }).click();
      await notice(seller.page, "Meetup confirmed.");
      await buyer.page.reload();
      await visible(buyer.page.locator('[aria-current="step"]').filter({ hasText: "Meetup agreed" }));

      // 6. they meet: the meetup time has come, the seller marks it handed over
      await e2e.server.dataSource.getRepository(Order).update(orderId, { meetupAt: new Date(Date.now() - 60_000) });
      await seller.page.reload();
      await editStatus(seller.page, number, "Completed");
      await buyer.page.reload();
      await visible(buyer.page.getByText("Handed over"));
      // the cash changed hands at the meetup
      expect((await e2e.server.dataSource.getRepository(Order).findOneByOrFail({ id: orderId })).paymentStatus).toBe("paid");

      // 7. the student reviews what they bought
      await buyer.page.getByRole("list", { name: "Products in this order" }).getByRole("link", { name: listing.name }).click();
      await visible(buyer.page.getByRole("heading", { level: 1, name: listing.name }));
      await buyer.page.getByRole("button", { name: "Write a review" }).click();
      const dialog = buyer.page.getByRole("dialog", { name: "Add a comment" });
      await dialog.locator("label").filter({ hasText: "5 Stars" }).click();
      await dialog.getByLabel("Comment").fill("Met at the Khoo Library, exactly as described. Smooth deal!");
      await dialog.getByRole("button", { name: "Post comment" }).click();
      await notice(buyer.page, "Comment posted successfully!");
      const review = buyer.page.getByRole("article", { name: `Review by ${student.username}` });
      await visible(review.getByText("Met at the Khoo Library, exactly as described. Smooth deal!"));
      await expectAccessible(buyer.page, "deal walk: reviewed (phone)");
    } finally {
      await buyer.context.close();
      await seller.context.close();
    }
  });
});
