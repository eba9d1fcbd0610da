import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { Order } from "../server/src/modules/orders/entity";
import { Offer, OfferStatus } from "../server/src/modules/conversations/entity";
import { User } from "../server/src/modules/users/entity";
import { BUYER, SELLER, signInTo, tokenFor } from "./dashboard-helpers";
import { type E2E, expectAccessible, gqlOk, openPage, PHONE } from "./harness";
import { fillShipping, notice, openCart, openProduct, plain, shown, visible } from "./storefront-helpers";

/**
 * The offer journey at 390 px: a buyer messages a seller from the product page and makes an offer;
 * the seller, in a second browser, sees it arrive without a reload and accepts; the buyer's checkout
 * charges the offer price.
 */
let e2e: E2E;
let product: { id: string; name: string; price: number };
it.beforeAll(async ({ e2e: app }) => {
  e2e = app;
  const token = await tokenFor(e2e, SELLER);
  const data = await gqlOk<{ myProducts: { items: Array<{ id: string; name: string; price: number; quantityAvailable: number }> } }>(
    e2e,
    `{ myProducts(pageSize: 20) { items { id name price quantityAvailable } } }`,
    {},
    token,
  );
  product = data.myProducts.items.find((p) => p.quantityAvailable > 0 && p.price >= 100)!;
});

describe("making an offer at 390 px", () => {
  it("the seller sees the buyer's offer live, accepts it, and the buyer's checkout charges the offer price", async () => {
    const offerAmount = Math.floor(product.price * 0.8);
    const buyer = await openPage(e2e, PHONE);
    await signInTo(buyer.page, BUYER, "/");
    await openProduct(buyer.page, product.name);
    await buyer.page.getByRole("button", { name: "Message seller" }).click();
    await expect.poll(() => new URL(buyer.page.url()).pathname).toMatch(/^\/messages\/[0-9a-f-]{36}$/);
    const chatPath = new URL(buyer.page.url()).pathname;

    // the seller has the conversation open before the offer is made
    const seller = await openPage(e2e, PHONE);
    await signInTo(seller.page, SELLER, chatPath);
    const sellerThread = seller.page.getByRole("list", { name: "Messages" });
    await visible(sellerThread);

    await buyer.page.getByRole("button", { name: "Make an offer" }).click();
    const form = buyer.page.getByRole("form", { name: "Make an offer" });
    await form.getByRole("spinbutton", { name: "Amount (Rs)" }).fill(String(offerAmount));
    await form.getByRole("button", { name: "Send offer" }).click();
    await notice(buyer.page, "Offer sent.");
    const buyerOffer = buyer.page.getByRole("list", { name: "Messages" }).getByLabel("Offer");
    await visible(buyerOffer.getByText("Waiting for an answer"));
    await expectAccessible(buyer.page, "chat with an offer (phone)");

    // live, without a reload: the offer card with the seller's answers
    const sellerOffer = sellerThread.getByLabel("Offer");
    await visible(sellerOffer.getByText(shown(offerAmount)));
    await sellerOffer.getByRole("button", { name: "Accept" }).click();
    // accepting reserves the item for the buyer, for a day unless the seller picks another time
    await seller.page.getByRole("form", { name: "Accept the offer" }).getByRole("button", { name: "Accept and reserve" }).click();
    await visible(sellerOffer.getByText("Accepted"));

    // the buyer's open chat shows the acceptance live too
    await visible(buyerOffer.getByText("Accepted"));
    await buyerOffer.getByRole("link", { name: "Buy at this price" }).click();
    await visible(buyer.page.getByRole("heading", { level: 1, name: product.name }));
    await buyer.page.getByRole("button", { name: "Add to cart" }).click();
    const panel = await openCart(buyer.page);
    await visible(panel.getByText(`Your accepted offer: ${product.name} at`));
    // 5% tax on the offer price, rounded half-up to the paisa
    const totalPaisa = offerAmount * 100 + Math.round(offerAmount * 5);
    const total = totalPaisa / 100;
    const place = panel.getByRole("button", { name: /^Place Order/ });
    await expect.poll(async () => plain(await place.textContent())).toBe(`Place Order · ${shown(total)}`);
    await fillShipping(panel);
    await place.click();
    await notice(buyer.page, "Order placed successfully!");

    const { dataSource } = e2e.server;
    const buyerId = (await dataSource.getRepository(User).findOneByOrFail({ email: BUYER })).id;
    const [order] = await dataSource.getRepository(Order).find({ where: { buyerId }, order: { createdAt: "DESC" }, take: 1 });
    expect(order.subtotalPaisa).toBe(offerAmount * 100);
    expect(order.totalPaisa).toBe(totalPaisa);
    const offer = await dataSource.getRepository(Offer).findOneByOrFail({ buyerId, productId: product.id });
    expect(offer).toMatchObject({ status: OfferStatus.USED, usedOrderId: order.id });
  });
});
