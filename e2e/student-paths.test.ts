import { describe, expect } from "vitest";
import { it } from "./browser-test";
import type { Locator, Page } from "playwright-core";
import { User } from "../server/src/modules/users/entity";
import { ADMIN, BUYER, BUYER_2, BUYER_3, SELLER, signInTo, tokenFor } from "./dashboard-helpers";
import { DESKTOP, type E2E, expectAccessible, gqlOk, openPage, PHONE } from "./harness";
import { notice, PASSWORD, unique, urlMatches, visible } from "./storefront-helpers";

/** The paths students walk most, on a phone: the inbox one tap away, notices out of the way, a home page that keeps its word. */
let e2e: E2E;
let product: { id: string; name: string; price: number };
it.beforeAll(async ({ e2e: app }) => {
  e2e = app;
  const data = await gqlOk<{ myProducts: { items: Array<{ id: string; name: string; price: number; quantityAvailable: number }> } }>(
    e2e,
    `{ myProducts(pageSize: 20) { items { id name price quantityAvailable } } }`,
    {},
    await tokenFor(e2e, SELLER),
  );
  product = data.myProducts.items.find((p) => p.quantityAvailable > 0 && p.price >= 100)!;
});

/** Whether a tap at the centre of the element reaches it (nothing, such as a notice, lies on top). */
async function tappable(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  if (!box) return false;
  const handle = await target.elementHandle();
  return page.evaluate(
    ({ x, y, el }) => {
      const hit = document.elementFromPoint(x, y);
      return !!hit && !!el && (el === hit || el.contains(hit));
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2, el: handle },
  );
}

describe("the paths students walk most, at 390 px", () => {
  it("the header shows the unread messages on every page, and one tap opens the inbox", async () => {
    const token = await tokenFor(e2e, BUYER_2);
    const { startConversation } = await gqlOk<{ startConversation: { id: string } }>(
      e2e,
      `mutation ($p: ID!) { startConversation(productId: $p) { id } }`,
      { p: product.id },
      token,
    );
    const { page } = await openPage(e2e, PHONE);
    await signInTo(page, BUYER_2, "/shop");
    const messages = page.getByRole("link", { name: /^Messages, \d+ unread$/ });
    await visible(messages);
    expect(await messages.getAttribute("aria-label")).toBe("Messages, 0 unread");

    // the seller answers: the count goes up where the buyer is, without a reload
    await gqlOk(
      e2e,
      `mutation ($c: ID!) { sendMessage(conversationId: $c, body: "Still available, come by the library") { id } }`,
      { c: startConversation.id },
      await tokenFor(e2e, SELLER),
    );
    await visible(page.getByRole("link", { name: "Messages, 1 unread" }));
    // nothing in the header spills off a phone's screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByRole("link", { name: "Messages, 1 unread" }).click();
    await urlMatches(page, /^\/messages$/);
    await visible(page.getByRole("heading", { level: 1, name: "Messages" }));
    await page.getByRole("link", { name: new RegExp(product.name) }).click();
    await visible(page.getByText("Still available, come by the library"));
    // reading the chat clears the count
    await visible(page.getByRole("link", { name: "Messages, 0 unread" }));
    await expectAccessible(page, "header with messages (phone)");
  });

  it("a notice never covers the message box or the send button on a phone", async () => {
    const { startConversation } = await gqlOk<{ startConversation: { id: string } }>(
      e2e,
      `mutation ($p: ID!) { startConversation(productId: $p) { id } }`,
      { p: product.id },
      await tokenFor(e2e, BUYER),
    );
    const { page } = await openPage(e2e, PHONE);
    await signInTo(page, BUYER, `/messages/${startConversation.id}`);
    await page.getByRole("button", { name: "Make an offer" }).click();
    const form = page.getByRole("form", { name: "Make an offer" });
    await form.getByRole("spinbutton", { name: "Amount (Rs)" }).fill(String(Math.floor(product.price * 0.9)));
    await form.getByRole("button", { name: "Send offer" }).click();
    await notice(page, "Offer sent.");
    const box = page.getByRole("textbox", { name: "Message" });
    await box.fill("Can we meet at the library?");
    expect(await tappable(page, box)).toBe(true);
    expect(await tappable(page, page.getByRole("button", { name: "Send" }))).toBe(true);
  });

  it("the home page promises only what exists: no money-back, the deals button opens what it says, blog cards open articles", async () => {
    const { page } = await openPage(e2e, PHONE);
    await page.goto("/");
    await visible(page.getByRole("heading", { name: "Money held until you have it" }));
    expect(await page.getByText(/money-back|money back/i).count()).toBe(0);

    await page.getByRole("link", { name: "Shop lowest prices first" }).click();
    await urlMatches(page, /^\/shop\?sort=PRICE_ASC$/);
    await visible(page.getByText(/^Showing 1–\d+ of \d+ products$/));

    await page.goto("/");
    const blog = page.getByRole("region", { name: "From the blog" });
    await blog.getByRole("link", { name: /How to sell your old textbooks fast/ }).click();
    await urlMatches(page, /^\/blog\/sell-old-textbooks-fast$/);
    await visible(page.getByRole("heading", { level: 1, name: "How to sell your old textbooks fast" }));
    await visible(page.getByText(/never share your phone number in the listing/));
    await expectAccessible(page, "blog article (phone)");

    // the article's way back lands on the blog section, drawn after home's first screen
    await page.getByRole("link", { name: "All articles" }).first().click();
    await urlMatches(page, /^\/$/);
    expect(new URL(page.url()).hash).toBe("#blog");
    await expect
      .poll(() => page.getByRole("heading", { name: "From the blog" }).evaluate((h) => h.getBoundingClientRect().top))
      .toBeLessThan(200);
    // below the sticky top bar, not behind it
    const barBottom = await page
      .locator("header")
      .first()
      .evaluate((bar) => bar.getBoundingClientRect().bottom);
    expect(
      await page.getByRole("heading", { name: "From the blog" }).evaluate((h) => h.getBoundingClientRect().top),
    ).toBeGreaterThanOrEqual(barBottom);
  });

  it("the footer offers 'Create an account' to visitors only", async () => {
    const { page } = await openPage(e2e, PHONE);
    await page.goto("/about-us");
    const footer = page.getByRole("contentinfo");
    await visible(footer.getByRole("link", { name: "Create an account" }));
    await signInTo(page, BUYER, "/about-us");
    await visible(footer.getByRole("link", { name: "Saved items" }));
    expect(await footer.getByRole("link", { name: "Create an account" }).count()).toBe(0);
  });

  it("a visitor taps Sell, signs up (signed in at once), becomes a seller from the profile and reaches the listing form", async () => {
    const { page } = await openPage(e2e, PHONE);
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sell" }).click();
    await urlMatches(page, /^\/login$/);
    await page.getByRole("main").getByRole("link", { name: "Create an account" }).click();
    await visible(page.getByRole("heading", { level: 1, name: "Create an account" }));
    const id = unique();
    await page.getByLabel("Email").fill(`new.${id}@student.pk`);
    await page.getByLabel("Username").fill(`new_${id}`);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByLabel("Full name").fill("New Student");
    await page.getByLabel("Contact number").fill("03111234567");
    await page.getByRole("button", { name: "Register" }).click();

    // signed in, on the profile's "Start selling"
    await urlMatches(page, /^\/dashboard\/profile$/);
    const card = page.getByRole("region", { name: "Start selling" });
    await visible(card);
    await expectAccessible(page, "start selling (phone)");
    await card.getByRole("button", { name: "Start selling" }).click();
    await visible(card.getByText("Seller type is required for sellers."));
    await card.getByRole("radio", { name: "Business" }).check();
    await card.getByRole("button", { name: "Start selling" }).click();
    await visible(card.getByText("Store name is required for business sellers."));
    await card.getByRole("radio", { name: "Individual" }).check();
    await card.getByRole("button", { name: "Start selling" }).click();
    await urlMatches(page, /^\/dashboard\/seller\/add-new-post$/);
    await visible(page.getByRole("heading", { level: 1, name: "Add New Product" }));
    // the listing form never asks sellers to publish their phone number
    const description = page.getByRole("textbox", { name: "Description" });
    expect(await description.getAttribute("placeholder")).not.toMatch(/contact number|phone number here/i);
    expect(await description.getAttribute("placeholder")).toMatch(/buyers message you/);
  });

  it("on a laptop the header's Sell takes a seller straight to the listing form", async () => {
    const { page } = await openPage(e2e, DESKTOP);
    await signInTo(page, SELLER, "/shop");
    await page.getByRole("link", { name: "Sell", exact: true }).click();
    await urlMatches(page, /^\/dashboard\/seller\/add-new-post$/);
  });

  it("a phone signed out by a password change, or by a suspension, says why on the sign-in page, in full", async () => {
    const { page } = await openPage(e2e, PHONE);
    await signInTo(page, BUYER_3, "/orders");
    await visible(page.getByRole("heading", { level: 1, name: "My Orders" }));

    // the password is changed on another device
    const token = await tokenFor(e2e, BUYER_3);
    await gqlOk(e2e, `mutation { changePassword(currentPassword: "${PASSWORD}", newPassword: "a-new-password-42") { token } }`, {}, token);
    await page.reload();
    await urlMatches(page, /^\/login$/);
    await visible(
      page.getByRole("alert").filter({ hasText: "You were signed out because your password was changed. Sign in with the new password." }),
    );
    await expectAccessible(page, "signed out with a reason (phone)");

    // signed in again with the new password, then suspended by an admin
    await page.getByLabel("Email").fill(BUYER_3);
    await page.getByLabel("Password").fill("a-new-password-42");
    await page.getByRole("button", { name: "Login" }).click();
    await urlMatches(page, /^\/orders$/);
    const reason = "Repeatedly arranging payments outside UniBazaar, against the marketplace rules for safe trades";
    const buyer = await e2e.server.dataSource.getRepository(User).findOneByOrFail({ email: BUYER_3 });
    await gqlOk(
      e2e,
      `mutation ($id: ID!, $note: String!) { moderate(input: { targetKind: USER, targetId: $id, action: SUSPEND_USER, note: $note }) { action } }`,
      { id: buyer.id, note: reason },
      await tokenFor(e2e, ADMIN),
    );
    await page.reload();
    await urlMatches(page, /^\/login$/);
    const alert = page.getByRole("alert").filter({ hasText: "This account is suspended" });
    await visible(alert);
    // the whole reason, not cut
    expect(await alert.textContent()).toContain(`This account is suspended: ${reason}.`);
  });

  it("Manage Products fits a phone: the whole heading, a picture per product, Edit and Delete on screen", async () => {
    const { page } = await openPage(e2e, PHONE);
    await signInTo(page, SELLER, "/dashboard/seller/manage-products");
    const heading = page.getByRole("heading", { level: 1, name: "Manage Your Products" });
    await visible(heading);
    const list = page.getByRole("list", { name: "Your products" });
    const first = list.getByRole("listitem").first();
    await visible(first);
    expect(await first.locator("img").count()).toBe(1);
    for (const target of [heading, first.getByRole("button", { name: /^Delete / }), first.getByRole("link", { name: /^Edit / })]) {
      const box = (await target.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, "manage products (phone)");
  });

  it("after the seller accepts an offer, the chat offers to buy at that price, not to make another offer", async () => {
    const buyerToken = await tokenFor(e2e, BUYER_2);
    const { startConversation } = await gqlOk<{ startConversation: { id: string } }>(
      e2e,
      `mutation ($p: ID!) { startConversation(productId: $p) { id } }`,
      { p: product.id },
      buyerToken,
    );
    const { makeOffer } = await gqlOk<{ makeOffer: { id: string } }>(
      e2e,
      `mutation ($c: ID!, $a: Float!) { makeOffer(conversationId: $c, amount: $a) { id } }`,
      { c: startConversation.id, a: Math.floor(product.price * 0.9) },
      buyerToken,
    );
    await gqlOk(e2e, `mutation ($o: ID!) { acceptOffer(offerId: $o) { id } }`, { o: makeOffer.id }, await tokenFor(e2e, SELLER));

    const { page } = await openPage(e2e, PHONE);
    await signInTo(page, BUYER_2, `/messages/${startConversation.id}`);
    await visible(page.getByRole("link", { name: "Buy at this price" }));
    expect(await page.getByRole("button", { name: "Make an offer" }).count()).toBe(0);
  });

  it("a new seller's dashboard asks for a first product instead of an empty chart", async () => {
    const id = unique();
    await gqlOk(e2e, `mutation ($input: RegisterInput!) { register(input: $input) { id } }`, {
      input: {
        email: `seller.${id}@student.pk`,
        username: `seller_${id}`,
        password: PASSWORD,
        name: "New Seller",
        contactNumber: "03111234567",
        role: "SELLER",
        sellerType: "INDIVIDUAL",
      },
    });
    const { page } = await openPage(e2e, PHONE);
    await signInTo(page, `seller.${id}@student.pk`, "/dashboard/seller");
    await page.getByRole("link", { name: "Add your first product" }).click();
    await urlMatches(page, /^\/dashboard\/seller\/add-new-post$/);
    await page.goBack();
    await visible(page.getByText("You have no listings yet."));
    expect(await page.locator("figure svg").count()).toBe(0);
    await expectAccessible(page, "new seller's dashboard (phone)");
  });
});
