import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { ADMIN, BUYER_2, SELLER, signInTo, tokenFor } from "./dashboard-helpers";
import { type E2E, expectAccessible, gqlOk, openPage, PHONE, pkr } from "./harness";
import { addProduct, fillShipping, signIn, notice, openCart, payWithTestCard, plain, urlMatches, visible } from "./storefront-helpers";
import { completeHandoverByCode } from "./deal-helpers";

/**
 * Money paid online on a phone: a card payment is held until the buyer has the item and a dispute
 * ends in a refund decided by an admin; a JazzCash payment is released at the handover, and the
 * seller's released money is paid out by an admin.
 * The handover is the real one: the seller types the code the buyer's order page shows.
 */
let e2e: E2E;
let sellerToken: string;
let listings: string[];
it.beforeAll(async ({ e2e: app }) => {
  e2e = app;
  sellerToken = await tokenFor(e2e, SELLER);
  const { myProducts } = await gqlOk<{ myProducts: { items: Array<{ name: string; quantityAvailable: number }> } }>(
    e2e,
    `{ myProducts(pageSize: 50) { items { name quantityAvailable } } }`,
    undefined,
    sellerToken,
  );
  listings = myProducts.items.filter((p) => p.quantityAvailable > 0).map((p) => p.name);
});

/** Pays on the JazzCash simulator's page with a wallet number and MPIN, as the buyer would. */
async function payWithJazzCash(page: Page) {
  await page.getByRole("button", { name: "Continue to JazzCash" }).click();
  await urlMatches(page, /^\/simulator\/jazzcash$/);
  await page.getByLabel("Mobile account number").fill("03001234567");
  await page.getByLabel("MPIN").fill("1234");
  await page.getByRole("button", { name: /^Pay / }).click();
  await visible(page.getByRole("heading", { level: 1, name: "Payment successful" }));
}

/** The buyer buys `product` through the cart, paying by card (the sandbox page) or JazzCash (its simulator); answers the new order's id and total. */
async function buy(page: Page, product: string, method: "card" | "jazzcash") {
  await addProduct(page, product);
  const panel = await openCart(page);
  await fillShipping(panel);
  await panel.getByRole("radio", { name: method === "card" ? /^Card/ : "JazzCash" }).check();
  await panel.getByRole("button", { name: /^Place Order/ }).click();
  await (method === "card" ? payWithTestCard(page) : payWithJazzCash(page));
  const token = await tokenFor(e2e, BUYER_2);
  const { myOrders } = await gqlOk<{ myOrders: { items: Array<{ id: string; total: number; orderNumber: string }> } }>(
    e2e,
    `{ myOrders(pageSize: 1) { items { id total orderNumber } } }`,
    undefined,
    token,
  );
  return myOrders.items[0];
}

const balance = async () =>
  (await gqlOk<{ myBalance: { pending: number; available: number } }>(e2e, `{ myBalance { pending available } }`, undefined, sellerToken))
    .myBalance;

const moveOrder = (orderId: string, status: "CONFIRMED" | "PROCESSING" | "SHIPPED") =>
  gqlOk(
    e2e,
    `mutation ($id: ID!, $status: OrderStatus!) { updateOrderStatus(id: $id, status: $status) { id } }`,
    { id: orderId, status },
    sellerToken,
  );
const accept = (orderId: string) => moveOrder(orderId, "CONFIRMED");

describe("held payments at 390 px", () => {
  it("holds a card payment; the buyer's dispute, answered by the seller, ends in a refund decided by an admin", async () => {
    const buyer = await openPage(e2e, PHONE);
    const seller = await openPage(e2e, PHONE);
    const admin = await openPage(e2e, PHONE);
    try {
      await signIn(buyer.page, BUYER_2);
      const order = await buy(buyer.page, listings[0], "card");
      await buyer.page.goto(`/orders/${order.id}`);
      await visible(buyer.page.getByText(`Your payment of ${pkr(order.total)} is held until you receive the item.`));
      // nothing to dispute before the seller accepts the order
      expect(await buyer.page.getByRole("button", { name: "Open a dispute" }).count()).toBe(0);

      await accept(order.id);
      await buyer.page.reload();
      await buyer.page.getByRole("button", { name: "Open a dispute" }).click();
      const dialog = buyer.page.getByRole("dialog", { name: `Open a dispute on order ${order.orderNumber}` });
      await visible(dialog);
      await dialog.getByRole("button", { name: "Open dispute" }).click();
      await visible(dialog.getByText("Choose what went wrong."));
      await dialog.getByRole("radio", { name: "I did not receive the item" }).check();
      await dialog.getByLabel("What happened?").fill("The seller marked it sent a week ago and nothing came.");
      await expectAccessible(buyer.page, "dispute dialog");
      await dialog.getByRole("button", { name: "Open dispute" }).click();
      await notice(buyer.page, "Your dispute is open.");
      const disputeBox = buyer.page.getByRole("alert", { name: "Dispute" });
      await visible(disputeBox.getByText("Dispute: Waiting for the seller's answer"));
      await visible(buyer.page.getByText(`Your payment of ${pkr(order.total)} stays held while the dispute is open.`));

      // the seller answers from their orders; then it is the admins' to decide
      const answerText = "I sent it by courier on Monday; the receipt is in our chat.";
      await signInTo(seller.page, SELLER, "/dashboard/seller/manage-orders");
      await seller.page.getByRole("button", { name: `Show details of order ${order.orderNumber}` }).click();
      const answer = seller.page.getByRole("form", { name: "Answer the dispute" });
      await answer.getByRole("button", { name: "Send answer" }).click();
      await visible(answer.getByText("Say what happened in at least 10 characters."));
      await answer.getByLabel("Your answer").fill(answerText);
      await expectAccessible(seller.page, "seller's dispute answer");
      await answer.getByRole("button", { name: "Send answer" }).click();
      await notice(seller.page, "Your answer is sent. An admin decides next.");
      await visible(seller.page.getByRole("alert", { name: "Dispute" }).getByText(`Your answer: ${answerText}`));
      await buyer.page.reload();
      await visible(buyer.page.getByRole("alert", { name: "Dispute" }).getByText(`Seller: ${answerText}`));

      await signInTo(admin.page, ADMIN, "/dashboard/admin/disputes");
      await visible(admin.page.getByRole("heading", { level: 1, name: "Disputes" }));
      await admin.page.getByRole("tab", { name: "To decide" }).click();
      const card = admin.page.getByRole("article", { name: `Dispute on ${order.orderNumber}` });
      await visible(card);
      expect(plain(await card.textContent())).toContain("The seller marked it sent a week ago and nothing came.");
      await expectAccessible(admin.page, "admin disputes");
      await card.getByLabel("Note for both sides").fill("No proof of sending.");
      await card.getByRole("button", { name: `Refund ${pkr(order.total)}` }).click();
      await notice(admin.page, `Dispute on ${order.orderNumber} decided.`);
      await card.waitFor({ state: "detached" });

      await buyer.page.reload();
      await visible(buyer.page.getByText(`${pkr(order.total)} was refunded to you.`));
      await visible(buyer.page.getByRole("alert", { name: "Dispute" }).getByText("No proof of sending."));
    } finally {
      await buyer.context.close();
      await seller.context.close();
      await admin.context.close();
    }
  });

  it("releases a JazzCash payment at the handover; the seller asks for a payout to a wallet and an admin marks it paid", async () => {
    const buyer = await openPage(e2e, PHONE);
    const seller = await openPage(e2e, PHONE);
    const admin = await openPage(e2e, PHONE);
    try {
      // the demo data has paid orders of its own: the figures move by this order's total
      const before = await balance();
      await signIn(buyer.page, BUYER_2);
      const order = await buy(buyer.page, listings[1], "jazzcash");
      await signInTo(seller.page, SELLER, "/dashboard/seller/balance");
      const figure = (label: string) =>
        seller.page.getByRole("heading", { level: 3, name: label }).locator("xpath=following-sibling::p[1]");
      await expect.poll(() => figure("Pending (held)").textContent()).toBe(pkr(before.pending + order.total));

      await accept(order.id);
      await moveOrder(order.id, "PROCESSING");
      await moveOrder(order.id, "SHIPPED");
      // the handover: the buyer shows the code, the seller types it on their order
      await buyer.page.goto(`/orders/${order.id}`);
      const codeSection = buyer.page.getByRole("region", { name: "Your handover code" });
      const code = plain(await (await visible(codeSection.getByTestId("handover-code"))).textContent());
      await completeHandoverByCode(seller.page, order.orderNumber, code);
      await seller.page.goto("/dashboard/seller/balance");
      const available = before.available + order.total;
      await expect.poll(() => figure("Available").textContent()).toBe(pkr(available));
      await expect.poll(() => figure("Pending (held)").textContent()).toBe(pkr(before.pending));
      const form = seller.page.getByRole("form", { name: "Request a payout" });
      await form.getByLabel("Wallet number or IBAN").fill("0300 1234567x");
      await form.getByRole("button", { name: "Request payout" }).click();
      await visible(form.getByText(/Enter a mobile wallet number/));
      await form.getByLabel("Wallet number or IBAN").fill("0300-1234567");
      await expectAccessible(seller.page, "balance page");
      await form.getByRole("button", { name: "Request payout" }).click();
      await notice(seller.page, /^Payout requested/);
      await expect.poll(() => figure("Available").textContent()).toBe(pkr(0));
      const payouts = seller.page.getByRole("table", { name: "Your payouts" });
      await visible(payouts.getByText("REQUESTED"));

      await signInTo(admin.page, ADMIN, "/dashboard/admin/payouts");
      const row = admin.page.getByRole("table", { name: "Payouts" }).getByRole("row").filter({ hasText: "03001234567" });
      await visible(row);
      expect(plain(await row.textContent())).toContain(plain(pkr(available)));
      await expectAccessible(admin.page, "admin payouts");
      await row.getByRole("button", { name: "Mark paid" }).click();
      const dialog = admin.page.getByRole("dialog");
      await dialog.getByLabel("Transfer reference").fill("JC-TXN-778899");
      await dialog.getByRole("button", { name: "Mark paid" }).click();
      await notice(admin.page, "Payout marked paid.");
      await row.waitFor({ state: "detached" });

      await seller.page.reload();
      await visible(payouts.getByText("PAID"));
      await visible(payouts.getByText("Ref. JC-TXN-778899"));
      await urlMatches(seller.page, /^\/dashboard\/seller\/balance$/);
    } finally {
      await buyer.context.close();
      await seller.context.close();
      await admin.context.close();
    }
  });
});
