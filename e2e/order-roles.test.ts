import type { Locator } from "playwright-core";
import sharp from "sharp";
import { describe, expect } from "vitest";
import { TEST_CARD } from "../server/src/modules/escrow/testing";
import { it } from "./browser-test";
import { ADMIN, BUYER_2, SELLER, signInTo, tokenFor } from "./dashboard-helpers";
import { type E2E, expectAccessible, gqlOk, openPage, PHONE, pkr } from "./harness";
import { notice, plain, urlMatches, visible } from "./storefront-helpers";

/**
 * Each side of a deal reads its own order page at 390 px: the seller sees the buyer's money in the
 * seller's words, no dispute to open, the buyer's complaint with its photo and the answer box
 * (reached from the dispute's notice), a decided dispute as the order's end, and enters the
 * buyer's code on the order itself. The orders are placed and paid through the API; what the
 * people see and do is the page.
 */
let e2e: E2E;
let sellerToken: string;
let buyerToken: string;
let adminToken: string;
let listings: string[];
it.beforeAll(async ({ e2e: app }) => {
  e2e = app;
  [sellerToken, buyerToken, adminToken] = await Promise.all([tokenFor(e2e, SELLER), tokenFor(e2e, BUYER_2), tokenFor(e2e, ADMIN)]);
  const { myProducts } = await gqlOk<{ myProducts: { items: Array<{ id: string; quantityAvailable: number }> } }>(
    e2e,
    `{ myProducts(pageSize: 50) { items { id quantityAvailable } } }`,
    undefined,
    sellerToken,
  );
  listings = myProducts.items.filter((p) => p.quantityAvailable > 0).map((p) => p.id);
});

type Placed = { id: string; orderNumber: string; total: number };

/** The buyer orders one of the seller's listings to an address, paying by card on the sandbox page (or in cash). */
async function placeOrder(productId: string, method: "CARD" | "CASH_ON_DELIVERY"): Promise<Placed> {
  const input = {
    lines: [{ productId, quantity: 1 }],
    shipping: { address: "House 12, Street 4, G-9/3", city: "Islamabad", postalCode: "44000", country: "Pakistan" },
    contactNumber: "03001234567",
    paymentMethod: method,
    idempotencyKey: `roles-${productId}-${method}`,
  };
  const { placeOrder: checkout } = await gqlOk<{ placeOrder: { id: string; paymentUrl: string | null; orders: Placed[] } }>(
    e2e,
    `mutation ($input: PlaceOrderInput!) { placeOrder(input: $input) { id paymentUrl orders { id orderNumber total } } }`,
    { input },
    buyerToken,
  );
  if (checkout.paymentUrl) {
    const paid = await fetch(`${e2e.server.url}${checkout.paymentUrl}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(TEST_CARD).toString(),
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    await gqlOk(e2e, `mutation ($s: ID!) { confirmPayment(sessionId: $s) { id } }`, { s: checkout.id }, buyerToken);
  }
  return checkout.orders[0];
}

const moveOrder = (id: string, ...statuses: string[]) =>
  statuses.reduce(
    (done, status) =>
      done.then(() =>
        gqlOk(
          e2e,
          `mutation ($id: ID!, $s: OrderStatus!) { updateOrderStatus(id: $id, status: $s) { id } }`,
          { id, s: status },
          sellerToken,
        ),
      ),
    Promise.resolve<unknown>(null),
  );

const buyersCode = async (id: string) =>
  (await gqlOk<{ order: { handoverCode: string } }>(e2e, `query ($id: ID!) { order(id: $id) { handoverCode } }`, { id }, buyerToken)).order
    .handoverCode;

const status = (page: { getByRole: Locator["getByRole"] }) => page.getByRole("region", { name: "Status" });

describe("the order page, per side, at 390 px", () => {
  it("shows the seller the buyer's money in the seller's words, and a dispute from its notice to the order's end", async () => {
    const seller = await openPage(e2e, PHONE);
    const buyer = await openPage(e2e, PHONE);
    try {
      // released at a handover by code: the seller's words, no dispute to open
      const released = await placeOrder(listings[0], "CARD");
      await moveOrder(released.id, "CONFIRMED", "PROCESSING", "SHIPPED");
      await gqlOk(
        e2e,
        `mutation ($id: ID!, $c: String!) { completeHandover(id: $id, code: $c) { id } }`,
        { id: released.id, c: await buyersCode(released.id) },
        sellerToken,
      );
      await signInTo(seller.page, SELLER, `/orders/${released.id}`);
      await visible(seller.page.getByText(`The buyer's payment of ${pkr(released.total)} was released to you.`));
      await visible(seller.page.getByRole("link", { name: "Manage Orders" }));
      expect(await seller.page.getByRole("button", { name: "Open a dispute" }).count()).toBe(0);
      expect(await seller.page.getByText(/Your payment/).count()).toBe(0);

      // the buyer disputes an accepted order, with a photo
      const disputed = await placeOrder(listings[1], "CARD");
      await moveOrder(disputed.id, "CONFIRMED");
      const picture = await sharp({ create: { width: 120, height: 90, channels: 3, background: "#c62828" } })
        .png()
        .toBuffer();
      const { uploadImage } = await gqlOk<{ uploadImage: { url: string } }>(
        e2e,
        `mutation ($d: String!) { uploadImage(dataUrl: $d) { url } }`,
        { d: `data:image/png;base64,${picture.toString("base64")}` },
        buyerToken,
      );
      const complaint = "The lamp arrived with a cracked shade and no bulb.";
      await gqlOk(
        e2e,
        `mutation ($input: OpenDisputeInput!) { openDispute(input: $input) { id } }`,
        { input: { orderId: disputed.id, reason: "NOT_AS_DESCRIBED", text: complaint, photos: [uploadImage.url] } },
        buyerToken,
      );

      // the notice leads to the order, where the complaint, its photo and the answer box are
      await seller.page.goto("/notifications");
      await seller.page
        .getByRole("list", { name: "Notifications" })
        .getByRole("link", { name: new RegExp(`The buyer opened a dispute on order ${disputed.orderNumber}`) })
        .click();
      await urlMatches(seller.page, new RegExp(`^/orders/${disputed.id}$`));
      const dispute = seller.page.getByRole("alert", { name: "Dispute" });
      await visible(dispute.getByText(complaint));
      const photo = dispute.getByRole("img", { name: "Photo 1" });
      await visible(photo);
      expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
      await visible(seller.page.getByText(`The buyer's payment of ${pkr(disputed.total)} stays held while the dispute is open.`));
      expect(await seller.page.getByRole("button", { name: "Open a dispute" }).count()).toBe(0);
      await expectAccessible(seller.page, "seller's disputed order");
      const answer = seller.page.getByRole("form", { name: "Answer the dispute" });
      await answer.getByLabel("Your answer").fill("It left here whole, with a bulb; photos are in our chat.");
      await answer.getByRole("button", { name: "Send answer" }).click();
      await notice(seller.page, "Your answer is sent. An admin decides next.");
      // the order is fetched again: no answer box once answered
      await answer.waitFor({ state: "detached" });

      // a partial refund decides it: the order ends, in the seller's words, with no live code for the buyer
      const { order } = await gqlOk<{ order: { dispute: { id: string } } }>(
        e2e,
        `query ($id: ID!) { order(id: $id) { dispute { id } } }`,
        { id: disputed.id },
        sellerToken,
      );
      await gqlOk(
        e2e,
        `mutation ($id: ID!, $input: DecideDisputeInput!) { decideDispute(disputeId: $id, input: $input) { id } }`,
        { id: order.dispute.id, input: { outcome: "PARTIAL_REFUND", refundAmount: 500 } },
        adminToken,
      );
      await seller.page.reload();
      await visible(seller.page.getByText(`${pkr(500)} was refunded to the buyer; the rest was released to you.`));
      await visible(status(seller.page).getByText("This order is closed: the dispute was decided."));
      expect(await seller.page.getByText(/refunded to you\b/).count()).toBe(0);
      expect(await seller.page.getByRole("button", { name: "Open a dispute" }).count()).toBe(0);

      await signInTo(buyer.page, BUYER_2, `/orders/${disputed.id}`);
      await visible(buyer.page.getByText(`${pkr(500)} was refunded to you; the rest went to the seller.`));
      await visible(status(buyer.page).getByText("This order is closed: the dispute was decided."));
      expect(await buyer.page.getByRole("region", { name: "Your handover code" }).count()).toBe(0);
      expect(await buyer.page.getByRole("button", { name: "Open a dispute" }).count()).toBe(0);
    } finally {
      await seller.context.close();
      await buyer.context.close();
    }
  });

  it("lets the seller take the order's steps and enter the buyer's code on the order itself", async () => {
    const seller = await openPage(e2e, PHONE);
    try {
      const order = await placeOrder(listings[2], "CASH_ON_DELIVERY");
      await signInTo(seller.page, SELLER, `/orders/${order.id}`);
      await seller.page.getByRole("button", { name: "Accept order" }).click();
      await notice(seller.page, `Order ${order.orderNumber} updated.`);
      // the actions are fetched again: the next step is offered without a reload
      await seller.page.getByRole("button", { name: "Mark processing" }).click();
      await seller.page.getByRole("button", { name: "Mark shipped" }).click();
      await seller.page.getByRole("button", { name: "Enter or scan code" }).click();
      const dialog = seller.page.getByRole("dialog", { name: "Enter or scan the buyer's code" });
      await dialog.getByRole("textbox", { name: "Buyer's code" }).fill(await buyersCode(order.id));
      await dialog.getByRole("button", { name: "Complete handover" }).click();
      await notice(seller.page, `Order ${order.orderNumber} is completed: confirmed by code.`);
      await visible(status(seller.page).getByText("Handed over: confirmed by code."));
      expect(await seller.page.getByRole("button", { name: "Enter or scan code" }).count()).toBe(0);
      expect(plain(await status(seller.page).textContent())).not.toContain("Mark handed over without the code");
    } finally {
      await seller.context.close();
    }
  });
});
