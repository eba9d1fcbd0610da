import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { BUYER_2, SELLER, tokenFor } from "./dashboard-helpers";
import { type E2E, expectAccessible, gqlOk, openPage, PHONE } from "./harness";
import { signIn, notice, openProduct, plain, visible } from "./storefront-helpers";

/** Saved items on a phone: heart a listing, the seller lowers the price, the saved list says so. */
let e2e: E2E;
const productName = `Study Chair ${randomUUID().slice(0, 6)}`;
let productId = "";
let sellerToken = "";

it.beforeAll(async ({ e2e: app }) => {
  e2e = app;
  sellerToken = await tokenFor(e2e, SELLER);
  const { createProduct } = await gqlOk<{ createProduct: { id: string } }>(
    e2e,
    `mutation($input: ProductInput!) { createProduct(input: $input) { id } }`,
    {
      input: {
        name: productName,
        description: "Sturdy study chair, barely used. Call 03001234561.",
        category: "furniture",
        color: "black",
        price: 4000,
        image: "/uploads/chair.webp",
      },
    },
    sellerToken,
  );
  productId = createProduct.id;
});

describe("saved items at 390 px", () => {
  it("save from the product page, see the price drop on the saved list, unsave", async () => {
    const { page, context } = await openPage(e2e, PHONE);
    try {
      await signIn(page, BUYER_2);
      await openProduct(page, productName);
      await page.getByRole("button", { name: `Save ${productName}` }).click();
      await notice(page, `${productName} saved.`);
      const heart = page.getByRole("button", { name: `Remove ${productName} from saved items` });
      await visible(heart);
      expect(await heart.getAttribute("aria-pressed")).toBe("true");

      await gqlOk(e2e, `mutation($id: ID!) { updateProduct(id: $id, input: { price: 3500 }) { id } }`, { id: productId }, sellerToken);

      await page.goto("/saved");
      await visible(page.getByRole("heading", { level: 1, name: "Saved items" }));
      const changes = page.getByRole("status", { name: "Changes to your saved items" });
      await visible(changes);
      expect(plain(await changes.textContent())).toMatch(new RegExp(`${productName} dropped from Rs 4,000 to Rs 3,500\\.`));
      const list = page.getByRole("list", { name: "Saved items" });
      await visible(list.getByRole("link", { name: productName, exact: true }));
      await expectAccessible(page, "saved items with a price drop (phone)");

      await list.getByRole("button", { name: `Remove ${productName} from saved items` }).click();
      await visible(page.getByText("Nothing saved yet.", { exact: false }));
    } finally {
      await context.close();
    }
  });
});
