import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { insertProduct } from "../server/src/test/fixtures";
import { Product } from "../server/src/modules/products/entity";
import { COPIED_PHOTO_HOLD } from "../server/src/modules/screening/photos";
import { User } from "../server/src/modules/users/entity";
import { BUYER, SELLER, tokenFor } from "./dashboard-helpers";
import { type E2E, gqlOk, openPage, PHONE } from "./harness";
import { fillShipping, logIn, notice, openCart, openProduct, visible } from "./storefront-helpers";

/** What a student meets on a phone: a refusal by the Place Order button, their own listing, a reservation let go. */
let e2e: E2E;
let sellerToken = "";
let buyerToken = "";
let product = { id: "", name: "" };

it.beforeAll(async ({ e2e: app }) => {
  e2e = app;
  [sellerToken, buyerToken] = await Promise.all([tokenFor(e2e, SELLER), tokenFor(e2e, BUYER)]);
  const { myProducts } = await gqlOk<{ myProducts: { items: Array<{ id: string; name: string; quantityAvailable: number }> } }>(
    e2e,
    `{ myProducts(pageSize: 50) { items { id name quantityAvailable } } }`,
    undefined,
    sellerToken,
  );
  product = myProducts.items.find((p) => p.quantityAvailable > 0)!;
});

/** The seller accepts the buyer's offer on `product`: one unit is reserved for the buyer. */
async function reserveForBuyer() {
  const { startConversation } = await gqlOk(
    e2e,
    `mutation($p: ID!) { startConversation(productId: $p) { id } }`,
    { p: product.id },
    buyerToken,
  );
  const { makeOffer } = await gqlOk(
    e2e,
    `mutation($c: ID!) { makeOffer(conversationId: $c, amount: 100) { id } }`,
    { c: startConversation.id },
    buyerToken,
  );
  await gqlOk(e2e, `mutation($id: ID!) { acceptOffer(offerId: $id) { id } }`, { id: makeOffer.id }, sellerToken);
}

const newestNotice = async (token: string) =>
  (await gqlOk(e2e, `{ notifications(pageSize: 1) { items { text } } }`, undefined, token)).notifications.items[0]?.text as string;

describe("a student at 390 px", () => {
  it("sees a checkout refusal next to Place Order, never under the sticky bar", async () => {
    const { page } = await openPage(e2e, PHONE);
    await logIn(page, SELLER);
    // the seller's own listing reaches the cart from a shop card (its page offers Edit instead)
    await page.goto(`/search?q=${encodeURIComponent(product.name)}`);
    await page
      .getByRole("button", { name: `Add to cart: ${product.name}` })
      .first()
      .click();
    // the add has landed before the cart opens (on a busy machine the panel opened before it and its form never came)
    await visible(page.getByRole("button", { name: /^Cart, 1 item$/ }));
    const panel = await openCart(page);
    await fillShipping(panel);
    await panel.getByRole("button", { name: /^Place Order/ }).click();
    const refusal = panel.getByRole("alert").filter({ hasText: "You cannot buy your own product." });
    await visible(refusal);
    // what the phone shows at the refusal's middle is the refusal itself, not the bar over it
    const onTop = await refusal.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return Boolean(hit && el.contains(hit)) && box.bottom <= window.innerHeight;
    });
    expect(onTop).toBe(true);
  });

  it("sees Edit on their own listing, and no Add to cart or Write a review", async () => {
    const { page } = await openPage(e2e, PHONE);
    await logIn(page, SELLER);
    await openProduct(page, product.name);
    const edit = page.getByRole("link", { name: "Edit listing" });
    await visible(edit);
    await visible(page.getByRole("heading", { level: 2, name: /^Reviews/ }));
    expect(await page.getByRole("button", { name: /Add to cart/ }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Write a review" }).count()).toBe(0);
    // how it changes hands and is paid for comes from the listing and the methods offered, not a blanket promise
    const { paymentMethods } = await gqlOk<{ paymentMethods: string[] }>(e2e, `{ paymentMethods }`, undefined);
    const terms = page.getByText(/^(Meet the seller on campus \(.+\) or have it delivered|Delivered to your address)\. Pay by /);
    await visible(terms);
    expect(await terms.textContent()).toContain(paymentMethods.includes("CARD") ? "card" : "cash");
    expect(await page.getByText("Free delivery on campus").count()).toBe(0);
    await edit.click();
    await page.waitForURL(`**/dashboard/seller/product/${product.id}`);
  });

  it("lets a reservation go: the buyer's own, then the seller's grant; the other side is told each time", async () => {
    await reserveForBuyer();
    const buyer = await openPage(e2e, PHONE);
    await logIn(buyer.page, BUYER);
    await openProduct(buyer.page, product.name);
    const mine = buyer.page.getByRole("alert", { name: "Reserved for you" });
    await visible(mine);
    await mine.getByRole("button", { name: "Let it go" }).click();
    await buyer.page.getByRole("dialog", { name: "Let this reservation go?" }).getByRole("button", { name: "Let it go" }).click();
    await notice(buyer.page, "Reservation let go: the item is for sale again.");
    await expect.poll(() => mine.count()).toBe(0);
    expect(await newestNotice(sellerToken)).toMatch(new RegExp(`let their reservation of "${product.name}" go`));

    await reserveForBuyer();
    const seller = await openPage(e2e, PHONE);
    await logIn(seller.page, SELLER);
    await openProduct(seller.page, product.name);
    const held = seller.page.getByRole("alert", { name: /^Reserved for / });
    await visible(held);
    await held.getByRole("button", { name: "Let it go" }).click();
    await seller.page.getByRole("dialog", { name: "Let this reservation go?" }).getByRole("button", { name: "Let it go" }).click();
    await notice(seller.page, "Reservation let go: the item is for sale again.");
    await expect.poll(() => held.count()).toBe(0);
    expect(await newestNotice(buyerToken)).toBe(
      `The seller let your reservation of "${product.name}" go: it is for sale to everyone again.`,
    );
    // back on sale for everyone at once
    await buyer.page.reload();
    await visible(buyer.page.getByRole("button", { name: "Add to cart" }));
  });

  it("a seller whose listing is held for a copied photo reads why, not only that it is hidden", async () => {
    const seller = await e2e.server.dataSource.getRepository(User).findOneByOrFail({ email: SELLER });
    const held = await insertProduct(e2e.server.dataSource, seller.id, { name: "Held desk lamp" });
    await e2e.server.dataSource.getRepository(Product).update(held.id, { hiddenAt: new Date(), heldReason: COPIED_PHOTO_HOLD });
    const { page } = await openPage(e2e, PHONE);
    await logIn(page, SELLER);
    await page.goto("/dashboard/seller/manage-products");
    const reason = page.getByText(COPIED_PHOTO_HOLD).first();
    await visible(reason);
    await visible(page.getByText("Held for review").first());
  });
});
