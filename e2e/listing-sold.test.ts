import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { SELLER, signInTo, tokenFor, BUYER_3 } from "./dashboard-helpers";
import { type E2E, expectAccessible, gqlOk, openPage, PHONE } from "./harness";
import { fillShipping, signIn, notice, openCart, openProduct, visible } from "./storefront-helpers";

/**
 * One item, one buyer, on a phone: the single unit sells, the listing shows "Sold" and cannot be
 * added; once the sale is under way the seller relists it (another one to sell).
 */
let e2e: E2E;
const productName = `Hostel Kettle ${randomUUID().slice(0, 6)}`;

it.beforeAll(async ({ e2e: app }) => {
  e2e = app;
  await gqlOk(
    e2e,
    `mutation($input: ProductInput!) { createProduct(input: $input) { id } }`,
    {
      input: {
        name: productName,
        description: "Used electric kettle, works well. Call 03001234561.",
        category: "electronics",
        color: "silver",
        price: 1200,
        image: "/uploads/kettle.webp",
      },
    },
    await tokenFor(e2e, SELLER),
  );
});

describe("a single item at 390 px", () => {
  it("the buyer takes the only unit; then it shows Sold, in the shop too, and has no add-to-cart", async () => {
    const { page, context } = await openPage(e2e, PHONE);
    try {
      await signIn(page, BUYER_3);
      await openProduct(page, productName);
      await page.getByRole("button", { name: "Add to cart" }).click();
      const panel = await openCart(page);
      await fillShipping(panel);
      await panel.getByRole("button", { name: /^Place Order/ }).click();
      await notice(page, "Order placed successfully!");

      await openProduct(page, productName);
      await visible(page.getByText("Sold", { exact: true }).first());
      const sold = page.getByRole("button", { name: `Sold: ${productName}` });
      expect(await sold.isDisabled()).toBe(true);
      expect(await page.getByRole("button", { name: "Add to cart" }).count()).toBe(0);
      await expectAccessible(page, "sold product page (phone)");

      await page.goto(`/search?q=${encodeURIComponent(productName)}`);
      const card = page.getByRole("list", { name: "Products", exact: true }).getByRole("article").filter({ hasText: productName });
      await visible(card.getByText("Sold", { exact: true }).first());
      expect(await card.getByRole("button", { name: `Sold: ${productName}` }).isDisabled()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("once the sale is under way, the seller relists it from Manage Your Products and buyers can add it again", async () => {
    // a pending order could still give its unit back, so the sale goes ahead first
    const token = await tokenFor(e2e, SELLER);
    const { sellerOrders } = await gqlOk<{ sellerOrders: { items: Array<{ id: string; lines: Array<{ productName: string }> }> } }>(
      e2e,
      `{ sellerOrders(pageSize: 5) { items { id lines { productName } } } }`,
      {},
      token,
    );
    const sale = sellerOrders.items.find((o) => o.lines.some((l) => l.productName === productName))!;
    for (const status of ["CONFIRMED", "PROCESSING"])
      await gqlOk(
        e2e,
        `mutation ($id: ID!, $s: OrderStatus!) { updateOrderStatus(id: $id, status: $s) { id } }`,
        { id: sale.id, s: status },
        token,
      );
    const { page, context } = await openPage(e2e, PHONE);
    try {
      await signInTo(page, SELLER, "/dashboard/seller/manage-products");
      await page.getByRole("button", { name: `Relist ${productName}` }).click();
      await notice(page, `"${productName}" is for sale again.`);
      // on a phone each product is a card of the list
      const item = page.getByRole("list", { name: "Your products" }).getByRole("listitem").filter({ hasText: productName });
      await expect.poll(() => item.textContent()).toMatch(/Available:1Edit/);
      await expectAccessible(page, "manage products with a relisted item (phone)");

      // a buyer can add it again (the seller's own page offers Edit instead)
      const buyer = await openPage(e2e, PHONE);
      await openProduct(buyer.page, productName);
      await visible(buyer.page.getByRole("button", { name: "Add to cart" }));
    } finally {
      await context.close();
    }
  });
});
