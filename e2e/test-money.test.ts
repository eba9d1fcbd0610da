import { randomBytes } from "node:crypto";
import { createServer, type AddressInfo } from "node:net";
import { describe, expect } from "vitest";
import { it as browserTest } from "./browser-test";
import { ADMIN, BUYER_2, SELLER, signInTo, tokenFor } from "./dashboard-helpers";
import type { BrowserContext, Page } from "playwright-core";
import { type E2E, expectAccessible, gqlOk, PHONE, pkr, STEP_TIMEOUT } from "./harness";
import { addProduct, fillShipping, signIn, openCart, payWithTestCard, plain, visible } from "./storefront-helpers";
import { completeHandoverByCode } from "./deal-helpers";

/** A free port now, so the app's PUBLIC_URL (which production requires, and which return addresses use) can name it. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });

/** The app as production runs it, with the payment sandbox on on purpose: its payments are test money. */
const it = browserTest.extend("appEnv", { scope: "file" }, async () => {
  const port = await freePort();
  return {
    NODE_ENV: "production",
    JWT_SECRET: randomBytes(32).toString("hex"),
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    PAYMENTS_SANDBOX: "true",
    // production logs every request; the walk needs only the warnings
    LOG_LEVEL: "warn",
  };
});

let e2e: E2E;
let sellerToken: string;
let listing: string;
it.beforeAll(async ({ e2e: app }) => {
  e2e = app;
  sellerToken = await tokenFor(e2e, SELLER);
  const { myProducts } = await gqlOk<{ myProducts: { items: Array<{ name: string; quantityAvailable: number }> } }>(
    e2e,
    `{ myProducts(pageSize: 50) { items { name quantityAvailable } } }`,
    undefined,
    sellerToken,
  );
  listing = myProducts.items.find((p) => p.quantityAvailable > 0)!.name;
});

/**
 * A phone's browser at 390 px. Production's CSP upgrades the app's own navigations to https, which
 * this plain-http test server cannot answer (the card page's redirect after paying would fail):
 * the page leaves the CSP out, as it would be behind TLS.
 */
async function phone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.browser.newContext({
    viewport: PHONE,
    baseURL: e2e.server.url,
    isMobile: true,
    hasTouch: true,
    reducedMotion: "reduce",
    serviceWorkers: "block",
    bypassCSP: true,
  });
  context.setDefaultTimeout(STEP_TIMEOUT);
  return { context, page: await context.newPage() };
}

const moveOrder = (orderId: string, status: "CONFIRMED" | "PROCESSING" | "SHIPPED") =>
  gqlOk(
    e2e,
    `mutation ($id: ID!, $status: OrderStatus!) { updateOrderStatus(id: $id, status: $status) { id } }`,
    { id: orderId, status },
    sellerToken,
  );

describe("test money in production with the sandbox on, at 390 px", () => {
  it("marks a sandbox card payment as test money on both order pages and refuses to pay it out, the ledger balanced", async () => {
    const [buyer, seller, admin] = [await phone(), await phone(), await phone()];
    try {
      await signIn(buyer.page, BUYER_2);
      await addProduct(buyer.page, listing);
      const panel = await openCart(buyer.page);
      await fillShipping(panel);
      await panel.getByRole("radio", { name: /^Card/ }).check();
      await panel.getByRole("button", { name: /^Place Order/ }).click();
      // the sandbox's card page says it charges no real card
      await visible(buyer.page.getByText(/^Sandbox payment: no real card is charged/));
      await payWithTestCard(buyer.page);
      const { myOrders } = await gqlOk<{ myOrders: { items: Array<{ id: string; total: number; orderNumber: string }> } }>(
        e2e,
        `{ myOrders(pageSize: 1) { items { id total orderNumber } } }`,
        undefined,
        await tokenFor(e2e, BUYER_2),
      );
      const order = myOrders.items[0];

      // the buyer's order page: the held payment, marked as test money
      await buyer.page.goto(`/orders/${order.id}`);
      const payment = buyer.page.getByRole("region", { name: "Payment" });
      await visible(payment.getByText(`Your payment of ${pkr(order.total)} is held until you receive the item.`));
      await visible(payment.getByText("Test money", { exact: true }));

      // the seller's order page says it too
      await signInTo(seller.page, SELLER, `/orders/${order.id}`);
      await visible(seller.page.getByRole("region", { name: "Payment" }).getByText("Test money", { exact: true }));

      // the deal walked to the handover: the buyer shows the code, the seller types it
      await moveOrder(order.id, "CONFIRMED");
      await moveOrder(order.id, "PROCESSING");
      await moveOrder(order.id, "SHIPPED");
      await buyer.page.reload();
      const code = plain(
        await (await visible(buyer.page.getByRole("region", { name: "Your handover code" }).getByTestId("handover-code"))).textContent(),
      );
      await completeHandoverByCode(seller.page, order.orderNumber, code);

      // the balance says how much is test money; asking for it is refused beside the button, and nothing is asked
      await seller.page.goto("/dashboard/seller/balance");
      await visible(
        seller.page.getByText(/of your available balance is test money from sandbox payments\. Test money is never paid out\./),
      );
      const form = seller.page.getByRole("form", { name: "Request a payout" });
      await form.getByLabel("Wallet number or IBAN").fill("03001234567");
      await form.getByRole("button", { name: "Request payout" }).click();
      await visible(form.getByRole("alert").getByText(/is test money from sandbox payments and is never paid out/));
      await expectAccessible(seller.page, "balance with test money");
      const { myPayouts } = await gqlOk<{ myPayouts: { totalItems: number } }>(e2e, `{ myPayouts { totalItems } }`, undefined, sellerToken);
      expect(myPayouts.totalItems).toBe(0);
      expect(await seller.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

      // the admins' payments page, from the menu, reads on a phone without scrolling sideways
      await signInTo(admin.page, ADMIN, "/dashboard/admin/payments");
      await visible(admin.page.getByRole("heading", { level: 1, name: "Payments" }));
      await visible(admin.page.getByRole("heading", { level: 2, name: "Refused payments" }));
      await expectAccessible(admin.page, "admin payments");
      expect(await admin.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

      // every movement balances: the ledger sums to zero
      const [{ total }] = await e2e.server.dataSource.query(`SELECT COALESCE(sum("amountPaisa"), 0)::bigint AS total FROM ledger_entries`);
      expect(Number(total)).toBe(0);
    } finally {
      await buyer.context.close();
      await seller.context.close();
      await admin.context.close();
    }
  });
});
