import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { CATALOG_CACHE } from "../server/src/modules/products/catalog";
import { CheckoutSession, Order } from "../server/src/modules/orders/entity";
import { PaymentAttempt } from "../server/src/modules/payment-providers/entity";
import { User } from "../server/src/modules/users/entity";
import { insertProduct } from "../server/src/test/fixtures";
import { BUYER_2, SELLER } from "./dashboard-helpers";
import { type E2E, expectAccessible, openPage, PHONE } from "./harness";
import { fillShipping, signIn, openCart, shown, urlMatches, visible } from "./storefront-helpers";

/**
 * Paying with a mobile wallet on a phone (390 px): JazzCash at checkout, the promise that the money
 * is held, the hand-off to the wallet's (simulated) hosted checkout, a declined MPIN and a retry,
 * and the signed callback bringing the buyer back to a paid order.
 */
let e2e: E2E;
it.beforeAll(({ e2e: app }) => {
  e2e = app;
});

describe("wallet payment (phone)", () => {
  it("pays a checkout with JazzCash through the simulator: declined once, then paid and captured", async () => {
    const seller = await e2e.server.dataSource.getRepository(User).findOneByOrFail({ email: SELLER });
    const product = await insertProduct(e2e.server.dataSource, seller.id, { name: "Graphing calculator", pricePaisa: 450_000 });
    await e2e.server.services.cache.invalidate(CATALOG_CACHE);
    const captured: string[] = [];
    e2e.server.services.events.onAfterCommit("payment.captured", (event) => {
      captured.push(event.checkoutSessionId);
    });
    const { context, page } = await openPage(e2e, PHONE);
    try {
      await signIn(page, BUYER_2);
      await page.goto(`/shop/${product.id}`);
      await visible(page.getByRole("heading", { level: 1, name: product.name }));
      await page.getByRole("button", { name: "Add to cart" }).click();
      const panel = await openCart(page);
      await fillShipping(panel);
      await panel.getByRole("radio", { name: "JazzCash" }).check();
      await visible(panel.getByText("Your payment is held until you receive the item."));
      await panel.getByRole("button", { name: /^Place Order/ }).click();

      await urlMatches(page, /^\/pay\/[^/]+$/);
      const checkoutId = new URL(page.url()).pathname.split("/")[2];
      await visible(page.getByRole("heading", { level: 1, name: "Pay with JazzCash" }));
      await visible(page.getByText("Your payment is held until you receive the item."));
      await page.getByRole("button", { name: "Continue to JazzCash" }).click();

      // the simulator's page: the amount, the wallet number and the MPIN
      await urlMatches(page, /^\/simulator\/jazzcash$/);
      await visible(page.getByRole("heading", { level: 1, name: "JazzCash" }));
      const total = shown(4500 * 1.05);
      await visible(page.getByText(total, { exact: true }));
      await expectAccessible(page, "wallet simulator (phone)");
      await page.getByLabel("Mobile account number").fill("03001234567");
      await page.getByLabel("MPIN").fill("0000");
      await page.getByRole("button", { name: /^Pay / }).click();
      await visible(page.getByRole("alert").filter({ hasText: "insufficient balance" }));
      expect(captured).toEqual([]);

      await page.getByRole("link", { name: "Try again" }).click();
      await page.getByRole("button", { name: "Continue to JazzCash" }).click();
      await urlMatches(page, /^\/simulator\/jazzcash$/);
      await page.getByLabel("Mobile account number").fill("03001234567");
      await page.getByLabel("MPIN").fill("1234");
      await page.getByRole("button", { name: /^Pay / }).click();

      await urlMatches(page, /^\/success\?session_id=/);
      await visible(page.getByRole("heading", { level: 1, name: "Payment successful" }));
      await visible(page.getByText("Your payment is held until you receive the item.", { exact: false }));
      await expectAccessible(page, "wallet payment success (phone)");

      const session = await e2e.server.dataSource.getRepository(CheckoutSession).findOneByOrFail({ id: checkoutId });
      expect(session).toMatchObject({ paymentMethod: "jazzcash", paymentStatus: "paid" });
      const orders = await e2e.server.dataSource.getRepository(Order).findBy({ checkoutSessionId: checkoutId });
      expect(orders.map((o) => o.paymentStatus)).toEqual(["paid"]);
      const attempts = await e2e.server.dataSource
        .getRepository(PaymentAttempt)
        .find({ where: { checkoutSessionId: checkoutId }, order: { createdAt: "ASC" } });
      expect(attempts.map((a) => a.status)).toEqual(["failed", "paid"]);
      expect(captured).toEqual([checkoutId]);
    } finally {
      await context.close();
    }
  });
});
