import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { Product } from "../server/src/modules/products/entity";
import { User } from "../server/src/modules/users/entity";
import { insertOrder } from "../server/src/test/fixtures";
import { ADMIN, BUYER_2, BUYER_3, SELLER, signInTo, tokenFor } from "./dashboard-helpers";
import { type E2E, expectAccessible, gqlOk, openPage, PHONE } from "./harness";
import { notice, openProduct, visible } from "./storefront-helpers";

/** A buyer messages a seller from the product page; the seller (a second browser) sees it live and answers. */
let e2e: E2E;
let productName: string;
it.beforeAll(async ({ e2e: app }) => {
  e2e = app;
  const token = await tokenFor(e2e, SELLER);
  const data = await gqlOk<{ myProducts: { items: Array<{ name: string }> } }>(
    e2e,
    `{ myProducts(pageSize: 1) { items { name } } }`,
    {},
    token,
  );
  productName = data.myProducts.items[0].name;
});

describe("talking to the seller at 390 px", () => {
  it("delivers the buyer's message to the seller's open inbox live, and the answer back, as plain text", async () => {
    const seller = await openPage(e2e, PHONE);
    await signInTo(seller.page, SELLER, "/messages");
    await visible(seller.page.getByRole("heading", { level: 1, name: "Messages" }));

    const buyer = await openPage(e2e, PHONE);
    await signInTo(buyer.page, BUYER_2, "/");
    await openProduct(buyer.page, productName);
    await buyer.page.getByRole("button", { name: "Message seller" }).click();
    await expect.poll(() => new URL(buyer.page.url()).pathname).toMatch(/^\/messages\/[0-9a-f-]{36}$/);
    await visible(buyer.page.getByText("No messages yet. Say hello!"));
    await expectAccessible(buyer.page, "chat (phone)");

    const question = "Is it still available? <b>Rs 1,500</b> pay at https://evil.example/pay";
    await buyer.page.getByRole("textbox", { name: "Message" }).fill(question);
    await buyer.page.getByRole("button", { name: "Send" }).click();
    const thread = buyer.page.getByRole("list", { name: "Messages" });
    await visible(thread.getByText(question, { exact: true }));
    // plain text: the markup shows as typed and a foreign address is no link
    await expect.poll(() => thread.getByRole("link").count()).toBe(0);

    // the seller's inbox, open since before the message was sent, shows it without a reload
    const conversation = seller.page.getByRole("link", { name: new RegExp(productName) });
    await visible(conversation);
    await expect.poll(() => conversation.textContent()).toContain("Is it still available?");
    await conversation.click();
    await visible(seller.page.getByRole("list", { name: "Messages" }).getByText(question, { exact: true }));
    await seller.page.getByRole("textbox", { name: "Message" }).fill("Yes! Library at 4?");
    await seller.page.getByRole("button", { name: "Send" }).click();

    // and the buyer's open chat gets the answer live, with the question marked read
    await visible(thread.getByText("Yes! Library at 4?"));
    await expect.poll(() => thread.getByText(/· Read$/).count()).toBe(1);
  });

  it("opens the conversation about an order's product from the buyer's order page", async () => {
    const { dataSource } = e2e.server;
    const buyer = await dataSource.getRepository(User).findOneByOrFail({ email: BUYER_3 });
    const product = await dataSource.getRepository(Product).findOneByOrFail({ name: productName });
    const order = await insertOrder(dataSource, { buyerId: buyer.id, lines: [{ product }] });

    const { page } = await openPage(e2e, PHONE);
    await signInTo(page, BUYER_3, `/orders/${order.id}`);
    await page.getByRole("button", { name: "Message seller" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/messages\/[0-9a-f-]{36}$/);
    await visible(page.getByRole("link", { name: productName }));
  });

  it("falls back to polling when the WebSocket cannot connect", async () => {
    const buyerToken = await tokenFor(e2e, BUYER_2);
    const product = await e2e.server.dataSource.getRepository(Product).findOneByOrFail({ name: productName });
    const { startConversation } = await gqlOk<{ startConversation: { id: string } }>(
      e2e,
      `mutation ($p: ID!) { startConversation(productId: $p) { id } }`,
      { p: product.id },
      buyerToken,
    );

    const { page, context } = await openPage(e2e, PHONE);
    // a network that lets no WebSocket through
    await context.routeWebSocket(/\/graphql$/, (socket) => socket.close());
    await signInTo(page, SELLER, `/messages/${startConversation.id}`);
    await visible(page.getByRole("list", { name: "Messages" }));

    await gqlOk(
      e2e,
      `mutation ($c: ID!) { sendMessage(conversationId: $c, body: "Sent while your socket was down") { id } }`,
      { c: startConversation.id },
      buyerToken,
    );
    await visible(page.getByText("Sent while your socket was down"));
  });

  it("a reported conversation reaches the admin's dashboard with its messages; blocking stops the composer", async () => {
    const product = await e2e.server.dataSource.getRepository(Product).findOneByOrFail({ name: productName });
    const { startConversation } = await gqlOk<{ startConversation: { id: string } }>(
      e2e,
      `mutation ($p: ID!) { startConversation(productId: $p) { id } }`,
      { p: product.id },
      await tokenFor(e2e, BUYER_2),
    );
    const buyer = await openPage(e2e, PHONE);
    await signInTo(buyer.page, BUYER_2, `/messages/${startConversation.id}`);
    await buyer.page.getByRole("button", { name: "Report" }).click();
    const dialog = buyer.page.getByRole("dialog", { name: "Report this conversation" });
    await dialog.getByRole("textbox", { name: "What is wrong?" }).fill("Asks me to pay outside UniBazaar");
    await dialog.getByRole("button", { name: "Send report" }).click();
    await notice(buyer.page, "Reported. An admin will read this conversation.");

    await buyer.page.getByRole("button", { name: "Block" }).click();
    await visible(buyer.page.getByText("Messages are blocked in this conversation."));
    await expect.poll(() => buyer.page.getByRole("textbox", { name: "Message" }).count()).toBe(0);
    await buyer.page.getByRole("button", { name: "Unblock" }).click();
    await visible(buyer.page.getByRole("textbox", { name: "Message" }));

    const admin = await openPage(e2e, PHONE);
    await signInTo(admin.page, ADMIN, "/dashboard/admin/reports");
    const report = admin.page.getByRole("button", { name: /Asks me to pay outside UniBazaar/ });
    await visible(report);
    await report.click();
    await visible(admin.page.getByRole("list", { name: "Reported messages" }).getByText("Yes! Library at 4?"));
    await expectAccessible(admin.page, "reported conversations (phone)");
  });
});
