import type { Locator, Page } from "playwright-core";
import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { BUYER_3, SELLER_2, tokenFor } from "./dashboard-helpers";
import { type E2E, expectAccessible, gqlOk, openPage, PHONE } from "./harness";
import { addProduct, signIn, notice, openCart, visible } from "./storefront-helpers";

/**
 * Meet on campus on a phone: the buyer checks out with a meetup at a LUMS point and cash on
 * meetup, the seller proposes another time and point, the buyer confirms, and both see it agreed.
 */
let e2e: E2E;
it.beforeAll(({ e2e: app }) => {
  e2e = app;
});

type Meetup = { point: { label: string }; at: string; state: string; proposedBy: string };

async function latestOrder(token: string) {
  const { myOrders } = await gqlOk<{
    myOrders: { items: Array<{ id: string; orderNumber: string; paymentMethod: string; meetup: Meetup }> };
  }>(
    e2e,
    `{ myOrders(pageSize: 1) { items { id orderNumber paymentMethod meetup { point { label } at state proposedBy } } } }`,
    undefined,
    token,
  );
  return myOrders.items[0];
}

/** Picks a point, the third day offered and a time in the meetup fields inside `scope`. */
async function chooseMeetup(scope: Locator, point: string, time: string) {
  await scope.getByLabel("Meetup point").selectOption({ label: point });
  await scope.getByLabel("Day").selectOption({ index: 2 });
  await scope.getByLabel("Time (Pakistan)").selectOption(time);
}

const meetupSection = (page: Page) => page.getByRole("region", { name: "Meetup" });

describe("meet on campus at 390 px", () => {
  it("checks out with a campus meetup and cash on meetup; the seller proposes another time; the buyer confirms", async () => {
    // a LUMS listing of Campus Corner that the demo orders left alone (the newest one)
    const { products } = await gqlOk<{ products: { items: Array<{ name: string; seller: { username: string } }> } }>(
      e2e,
      `{ products(filter: { campus: "lums-lahore" }, pageSize: 50) { items { name seller { username } } } }`,
      undefined,
    );
    const listing = products.items.find((p) => p.seller.username === "campus_corner")!;
    const buyerToken = await tokenFor(e2e, BUYER_3);

    const buyer = await openPage(e2e, PHONE);
    const seller = await openPage(e2e, PHONE);
    try {
      // the buyer: cart -> Meet on campus -> Khoo Library, 1:00 pm -> cash on meetup
      await signIn(buyer.page, BUYER_3);
      await addProduct(buyer.page, listing.name);
      const panel = await openCart(buyer.page);
      await panel.getByRole("radio", { name: "Meet on campus" }).click();
      await visible(panel.getByText("Meet the seller at LUMS Lahore."));
      await chooseMeetup(panel, "Khoo Library entrance", "13:00");
      await panel.getByLabel("Contact number").fill("03001234567");
      expect(await panel.getByLabel("Address", { exact: true }).count()).toBe(0);
      expect(await panel.getByRole("radio", { name: "Cash on meetup" }).isChecked()).toBe(true);
      await expectAccessible(buyer.page, "checkout with a campus meetup (phone)");
      await panel.getByRole("button", { name: /^Place Order/ }).click();
      await notice(buyer.page, "Order placed successfully!");

      const placed = await latestOrder(buyerToken);
      expect(placed).toMatchObject({
        paymentMethod: "CASH_ON_MEETUP",
        meetup: { point: { label: "Khoo Library entrance" }, state: "PROPOSED", proposedBy: "BUYER" },
      });
      // 13:00 in Pakistan is 08:00 UTC
      expect(placed.meetup.at).toMatch(/T08:00:00\.000Z$/);

      await buyer.page.goto(`/orders/${placed.id}`);
      await visible(meetupSection(buyer.page).getByText("Khoo Library entrance, LUMS Lahore"));
      await visible(meetupSection(buyer.page).getByText("Waiting for the seller to confirm."));
      expect(await meetupSection(buyer.page).getByRole("button", { name: "Confirm meetup" }).count()).toBe(0);

      // the seller: the order's details -> propose PDC at 4:30 pm
      await signIn(seller.page, SELLER_2);
      await seller.page.goto("/dashboard/seller/manage-orders");
      const row = seller.page
        .getByRole("row")
        .filter({ has: seller.page.getByRole("button", { name: `Show details of order ${placed.orderNumber}` }) });
      await visible(row.getByText("Meetup to confirm"));
      await seller.page.getByRole("button", { name: `Show details of order ${placed.orderNumber}` }).click();
      const details = seller.page.locator(`[id^="order-details-${placed.id}"]`);
      await visible(details.getByText("Proposed by the buyer: confirm it or propose another time."));
      await details.getByRole("button", { name: "Propose another time" }).click();
      const dialog = seller.page.getByRole("dialog", { name: "Propose another meetup" });
      await visible(dialog);
      await chooseMeetup(dialog, "PDC (Student Centre)", "16:30");
      await expectAccessible(seller.page, "propose another meetup (phone)");
      await dialog.getByRole("button", { name: "Propose" }).click();
      await notice(seller.page, "New meetup time proposed.");
      await visible(details.getByText("Waiting for the buyer to confirm."));
      await visible(details.getByText("PDC (Student Centre), LUMS Lahore"));

      // the buyer sees the proposal and confirms it
      await buyer.page.reload();
      await visible(meetupSection(buyer.page).getByText("PDC (Student Centre), LUMS Lahore"));
      await visible(meetupSection(buyer.page).getByText("Proposed by the seller: confirm it or propose another time."));
      await meetupSection(buyer.page).getByRole("button", { name: "Confirm meetup" }).click();
      await notice(buyer.page, "Meetup confirmed.");
      await visible(meetupSection(buyer.page).getByText("Confirmed", { exact: true }));
      await visible(meetupSection(buyer.page).getByText(/4:30\s?pm \(Pakistan time\)/i));
      await expectAccessible(buyer.page, "order with a confirmed meetup (phone)");

      const agreed = await latestOrder(buyerToken);
      expect(agreed.meetup).toMatchObject({ point: { label: "PDC (Student Centre)" }, state: "CONFIRMED", proposedBy: "SELLER" });
      expect(agreed.meetup.at).toMatch(/T11:30:00\.000Z$/);

      // and the seller's view says so too
      await seller.page.reload();
      await seller.page.getByRole("button", { name: `Show details of order ${placed.orderNumber}` }).click();
      await visible(seller.page.locator(`[id^="order-details-${placed.id}"]`).getByText("Confirmed", { exact: true }));
    } finally {
      await buyer.context.close();
      await seller.context.close();
    }
  });
});
