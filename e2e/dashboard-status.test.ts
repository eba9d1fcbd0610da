import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { BUYER, SELLER, signInTo, tokenFor } from "./dashboard-helpers";
import { type E2E, expectAccessible, gqlOk, openPage } from "./harness";
import { VIEWPORTS } from "./storefront-helpers";

/** The seller's status dialog: payment shown, nothing preselected, a rejection confirmed. */
let e2e: E2E;
it.beforeAll(({ e2e: app }) => {
  e2e = app;
});

/** A new unpaid card order for one of the seller's products. */
async function unpaidCardOrder(): Promise<{ id: string; orderNumber: string }> {
  const { myProducts } = await gqlOk(e2e, `{ myProducts(pageSize: 1) { items { id } } }`, undefined, await tokenFor(e2e, SELLER));
  const { placeOrder } = await gqlOk(
    e2e,
    `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { orders { id orderNumber } } }`,
    {
      input: {
        lines: [{ productId: myProducts.items[0].id, quantity: 1 }],
        shipping: { address: "House 4, Street 9, G-10", city: "Islamabad", postalCode: "44000", country: "Pakistan" },
        contactNumber: "03005556667",
        paymentMethod: "CARD",
        idempotencyKey: randomUUID(),
      },
    },
    await tokenFor(e2e, BUYER),
  );
  return placeOrder.orders[0];
}

for (const [size, viewport] of VIEWPORTS) {
  describe(`seller's order status dialog (${size})`, () => {
    it("shows how the order is paid, preselects nothing and asks before rejecting", async () => {
      const { id, orderNumber } = await unpaidCardOrder();
      const { page, context } = await openPage(e2e, viewport);
      try {
        await signInTo(page, SELLER, "/dashboard/seller/manage-orders");
        const row = page.getByRole("row").filter({ has: page.getByRole("button", { name: `Edit status of order ${orderNumber}` }) });
        await row.waitFor();
        expect(await row.textContent()).toContain("Card");
        expect(await row.textContent()).toContain("Not paid yet");

        await row.getByRole("button", { name: `Edit status of order ${orderNumber}` }).click();
        const dialog = page.getByRole("dialog", { name: "Update order status" });
        await dialog.waitFor();
        expect(await dialog.textContent()).toContain("Payment: card, not paid yet.");
        // no status chosen beforehand: Save waits for a choice
        expect(await dialog.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
        await dialog.getByRole("combobox", { name: "New status" }).click();
        await page.getByRole("option", { name: "Rejected" }).click();
        await dialog.getByRole("button", { name: "Save" }).click();

        // a second look before something that cannot be undone; keeping the order changes nothing
        const confirm = page.getByRole("dialog", { name: "Reject this order?" });
        await confirm.getByText(`Order ${orderNumber} will be rejected and the buyer told. This cannot be undone.`).waitFor();
        await expectAccessible(page, `reject confirmation (${size})`);
        await confirm.getByRole("button", { name: "Keep the order" }).click();
        await dialog.getByRole("combobox", { name: "New status" }).waitFor();
        const pending = await gqlOk(e2e, `query($id: ID!) { order(id: $id) { status } }`, { id }, await tokenFor(e2e, SELLER));
        expect(pending.order.status).toBe("PENDING");

        await dialog.getByRole("button", { name: "Save" }).click();
        await confirm.getByRole("button", { name: "Reject order" }).click();
        await confirm.waitFor({ state: "detached" });
        await expect.poll(async () => row.textContent()).toContain("Rejected");
        const rejected = await gqlOk(e2e, `query($id: ID!) { order(id: $id) { status } }`, { id }, await tokenFor(e2e, SELLER));
        expect(rejected.order.status).toBe("REJECTED");
      } finally {
        await context.close();
      }
    });
  });
}
