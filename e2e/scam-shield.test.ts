import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { signUp } from "../server/src/test/fixtures";
import { ADMIN, SELLER, signInTo, tokenFor } from "./dashboard-helpers";
import { type E2E, expectAccessible, gqlOk, openPage, PHONE } from "./harness";
import { notice, visible } from "./storefront-helpers";

/** A new buyer asks the seller to move to WhatsApp with a phone number: the seller sees a safety card and reports it. */
let e2e: E2E;
let conversationId = "";
let scammer = "";
const SENT = "Mera number 0300-1234567 hai, whatsapp pe baat karo";
const MASKED = "Mera number •••-••• hai, whatsapp pe baat karo";

it.beforeAll(async ({ e2e: app }) => {
  e2e = app;
  const buyer = await signUp(e2e.server);
  scammer = buyer.user.username;
  const { myProducts } = await gqlOk<{ myProducts: { items: Array<{ id: string }> } }>(
    e2e,
    `{ myProducts(pageSize: 1) { items { id } } }`,
    {},
    await tokenFor(e2e, SELLER),
  );
  const { startConversation } = await gqlOk<{ startConversation: { id: string } }>(
    e2e,
    `mutation ($p: ID!) { startConversation(productId: $p) { id } }`,
    { p: myProducts.items[0].id },
    buyer.token,
  );
  conversationId = startConversation.id;
  await gqlOk(
    e2e,
    `mutation ($id: ID!, $b: String!) { sendMessage(conversationId: $id, body: $b) { id } }`,
    { id: conversationId, b: SENT },
    buyer.token,
  );
});

describe("scam shield at 390 px", () => {
  it("shows the seller a safety card with the number masked; 'Report scam' reaches the admin with the flagged message", async () => {
    const seller = await openPage(e2e, PHONE);
    const admin = await openPage(e2e, PHONE);
    try {
      await signInTo(seller.page, SELLER, `/messages/${conversationId}`);
      const thread = seller.page.getByRole("list", { name: "Messages" });
      await visible(thread.getByText(MASKED, { exact: true }));
      expect(await thread.getByText(/1234567/).count()).toBe(0);
      const card = thread.getByRole("alert").filter({ hasText: "Never pay before you meet; UniBazaar never asks for a code." });
      await visible(card);
      await visible(card.getByText(/a phone number, a move to WhatsApp or another app/));
      await expectAccessible(seller.page, "chat with a safety card (phone)");

      await card.getByRole("button", { name: "Report scam" }).click();
      await notice(seller.page, "Reported. An admin will look at this account.");
      await expect.poll(() => card.getByRole("button", { name: "Report scam" }).count()).toBe(0);

      await signInTo(admin.page, ADMIN, "/dashboard/admin/moderation");
      const queue = admin.page.getByRole("list", { name: "Reported listings and users" });
      const item = queue.getByRole("listitem").filter({ has: admin.page.getByRole("heading", { name: scammer, exact: true }) });
      await visible(item);
      await visible(item.getByText("Scam or fraud", { exact: true }));
      // the admin sees the flagged message itself (not the conversation, which no party reported)
      await visible(item.getByRole("list", { name: "Flagged messages" }).getByText(SENT, { exact: false }));
      await expectAccessible(admin.page, "moderation queue with a flagged message (phone)");
    } finally {
      await seller.context.close();
      await admin.context.close();
    }
  });
});
