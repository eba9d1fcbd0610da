import type { Locator } from "playwright-core";
import sharp from "sharp";
import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { BUYER, SELLER, signInTo, tokenFor } from "./dashboard-helpers";
import { type E2E, expectAccessible, gqlOk, openPage, PHONE } from "./harness";
import { visible } from "./storefront-helpers";

/** A buyer sends the seller a photo in the chat; the seller sees it live, opens it large and answers with a photo and a caption. */
let e2e: E2E;
let productName: string;
let conversationId: string;
it.beforeAll(async ({ e2e: app }) => {
  e2e = app;
  const sellerToken = await tokenFor(e2e, SELLER);
  const data = await gqlOk<{ myProducts: { items: Array<{ id: string; name: string }> } }>(
    e2e,
    `{ myProducts(pageSize: 1) { items { id name } } }`,
    {},
    sellerToken,
  );
  productName = data.myProducts.items[0].name;
  const { startConversation } = await gqlOk<{ startConversation: { id: string } }>(
    e2e,
    `mutation ($p: ID!) { startConversation(productId: $p) { id } }`,
    { p: data.myProducts.items[0].id },
    await tokenFor(e2e, BUYER),
  );
  conversationId = startConversation.id;
});

const png = (color: string) =>
  sharp({ create: { width: 120, height: 90, channels: 3, background: color } })
    .png()
    .toBuffer();

/** The picture really loaded (served by this site and allowed by the page's CSP). */
const loadedWidth = (image: Locator) => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));

describe("photos in chat at 390 px", () => {
  it("delivers a buyer's photo to the seller's inbox ('Photo') and thread, opens it large, and a captioned photo back", async () => {
    const seller = await openPage(e2e, PHONE);
    await signInTo(seller.page, SELLER, "/messages");
    await visible(seller.page.getByRole("heading", { level: 1, name: "Messages" }));

    const buyer = await openPage(e2e, PHONE);
    await signInTo(buyer.page, BUYER, `/messages/${conversationId}`);
    await visible(buyer.page.getByText("No messages yet. Say hello!"));

    // a photo alone: picked, previewed, sent without text
    await buyer.page
      .locator('input[type="file"]')
      .setInputFiles({ name: "charger.png", mimeType: "image/png", buffer: await png("#43a047") });
    await visible(buyer.page.getByRole("img", { name: "Photo to send" }));
    await expectAccessible(buyer.page, "chat with a photo to send (phone)");
    await buyer.page.getByRole("button", { name: "Send" }).click();
    const buyerThread = buyer.page.getByRole("list", { name: "Messages" });
    await visible(buyerThread.getByRole("img", { name: "Photo" }));
    await expect.poll(() => buyer.page.getByRole("img", { name: "Photo to send" }).count()).toBe(0);

    // the seller's inbox, open before the photo was sent, shows "Photo" without a reload
    const conversation = seller.page.getByRole("link", { name: new RegExp(productName) });
    await expect.poll(() => conversation.textContent()).toContain("Photo ·");
    await conversation.click();
    const sellerThread = seller.page.getByRole("list", { name: "Messages" });
    const thumbnail = sellerThread.getByRole("img", { name: "Photo" });
    await visible(thumbnail);
    await expect.poll(() => loadedWidth(thumbnail)).toBeGreaterThan(0);
    await expect.poll(() => thumbnail.getAttribute("src")).toMatch(new RegExp(`^${new URL(e2e.server.url).origin}/uploads/`));

    // tap to open it large
    await sellerThread.getByRole("button", { name: "Open photo" }).click();
    const dialog = seller.page.getByRole("dialog", { name: "Photo" });
    const large = dialog.getByRole("img", { name: "Photo, large" });
    await visible(large);
    await expect.poll(() => loadedWidth(large)).toBe(120);
    await expectAccessible(seller.page, "chat photo opened (phone)");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    // the answer: a photo with a caption, reaching the buyer's open chat live
    await seller.page.locator('input[type="file"]').setInputFiles({ name: "box.png", mimeType: "image/png", buffer: await png("#e53935") });
    await seller.page.getByRole("textbox", { name: "Message" }).fill("Comes with the box too");
    await seller.page.getByRole("button", { name: "Send" }).click();
    const answer = buyerThread.getByRole("listitem").filter({ hasText: "Comes with the box too" });
    await visible(answer);
    await expect.poll(() => answer.getByRole("img", { name: "Photo" }).count()).toBe(1);
  });
});
