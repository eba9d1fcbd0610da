import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { User } from "../server/src/modules/users/entity";
import { ADMIN, BUYER_2, SELLER, signInTo, tokenFor } from "./dashboard-helpers";
import { type E2E, expectAccessible, gqlOk, openPage, PHONE } from "./harness";
import { notice, visible } from "./storefront-helpers";

/** The admin's reported conversations and users list at 390 px: every report can be acted on, every account's state is shown. */
let e2e: E2E;
it.beforeAll(({ e2e: app }) => {
  e2e = app;
});

/** A conversation about one of the seller's products, where the seller writes and the buyer reports it. */
async function reportedConversation(reason: string): Promise<string> {
  const sellerToken = await tokenFor(e2e, SELLER);
  const { myProducts } = await gqlOk<{ myProducts: { items: Array<{ id: string }> } }>(
    e2e,
    `{ myProducts(pageSize: 1) { items { id } } }`,
    {},
    sellerToken,
  );
  const buyerToken = await tokenFor(e2e, BUYER_2);
  const { startConversation } = await gqlOk<{ startConversation: { id: string } }>(
    e2e,
    `mutation ($p: ID!) { startConversation(productId: $p) { id } }`,
    { p: myProducts.items[0].id },
    buyerToken,
  );
  await gqlOk(
    e2e,
    `mutation ($c: ID!) { sendMessage(conversationId: $c, body: "Send the money to my JazzCash first") { id } }`,
    { c: startConversation.id },
    sellerToken,
  );
  await gqlOk(
    e2e,
    `mutation ($c: ID!, $r: String!) { reportConversation(conversationId: $c, reason: $r) { id } }`,
    { c: startConversation.id, r: reason },
    buyerToken,
  );
  return startConversation.id;
}

describe("admin actions at 390 px", () => {
  it("the party a conversation was reported about is suspended from the report, with the reason, and the report leaves the list", async () => {
    await reportedConversation("Wants payment before meeting");
    const { page } = await openPage(e2e, PHONE);
    await signInTo(page, ADMIN, "/dashboard/admin/reports");
    const report = page.getByRole("button", { name: /Wants payment before meeting/ });
    await report.click();
    await visible(page.getByRole("list", { name: "Reported messages" }).getByText("Send the money to my JazzCash first"));
    // the report is about the seller (the buyer sent it)
    const actions = page.getByRole("group", { name: /^Actions on / });
    await visible(actions);
    await expectAccessible(page, "reported conversation with actions (phone)");
    await actions.getByRole("button", { name: /^Suspend / }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox").fill("Asked for payment before the meetup");
    await dialog.getByRole("button", { name: "Suspend" }).click();
    await notice(page, /^Done: suspend/);
    await visible(page.getByText("No reported conversations."));

    const seller = await e2e.server.dataSource.getRepository(User).findOneByOrFail({ email: SELLER });
    expect(seller.suspendedReason).toBe("Asked for payment before the meetup");

    // the users list shows the suspension with its reason, and who is a verified student
    await page.goto("/dashboard/admin/users");
    await page.getByRole("searchbox", { name: "Search users" }).fill(SELLER);
    const row = page.getByRole("row").filter({ hasText: SELLER });
    await visible(row.getByText("Suspended: Asked for payment before the meetup"));
    await visible(row.getByText(/^Verified student/));
    await expectAccessible(page, "users with states (phone)");
  });
});
