import type { Page, Request } from "playwright-core";
import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { CATALOG_CACHE } from "../server/src/modules/products/catalog";
import { Product } from "../server/src/modules/products/entity";
import { Order, OrderLine } from "../server/src/modules/orders/entity";
import { User } from "../server/src/modules/users/entity";
import { orderInput, PLACE_ORDER } from "../server/src/modules/orders/testing";
import { insertProduct } from "../server/src/test/fixtures";
import { BUYER, BUYER_2, BUYER_3, SELLER, SELLER_2, tokenFor } from "./dashboard-helpers";
import { type E2E, expectAccessible, gqlOk, openPage, PHONE } from "./harness";
import {
  cartCount,
  fillShipping,
  signIn,
  notice,
  openCart,
  payWithTestCard,
  plain,
  shown,
  urlMatches,
  visible,
} from "./storefront-helpers";

/**
 * Money and meetups on a phone (390 px), where the traps were found: a card checkout empties the
 * cart; a campus meetup is confirmed as a meetup; the card page's expiry takes "1228" and a decline
 * keeps the card number and never resubmits; the agreed price of an accepted offer is the price
 * everywhere; meetup changes notify and the steps fit a meetup; a held listing is not relisted.
 */
let e2e: E2E;
it.beforeAll(({ e2e: app }) => {
  e2e = app;
});

const userId = async (email: string) => (await e2e.server.dataSource.getRepository(User).findOneByOrFail({ email })).id;

/** A fresh listing of `sellerEmail` (5 units unless given), on LUMS Lahore so it can be met on campus. */
async function listing(sellerEmail: string, name: string, options: { pricePaisa?: number; quantityAvailable?: number } = {}) {
  const product = await insertProduct(e2e.server.dataSource, await userId(sellerEmail), {
    name,
    pricePaisa: options.pricePaisa ?? 150_000,
    quantityAvailable: options.quantityAvailable ?? 5,
  });
  await e2e.server.dataSource.getRepository(Product).update(product.id, { campus: "lums-lahore" });
  await e2e.server.services.cache.invalidate(CATALOG_CACHE);
  return product;
}

async function addToCart(page: Page, product: { id: string; name: string }) {
  await page.goto(`/shop/${product.id}`);
  await visible(page.getByRole("heading", { level: 1, name: product.name }));
  await page.getByRole("button", { name: "Add to cart" }).click();
  await visible(page.getByRole("button", { name: /^In cart/ }));
}

/** `daysAhead` days from now at `hour`:00 Pakistan time (UTC+5), as an ISO string. */
function pkt(daysAhead: number, hour: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + daysAhead);
  d.setUTCHours(hour - 5, 0, 0, 0);
  return d.toISOString();
}

/** A cash-on-meetup order of one unit at the LUMS Khoo Library, placed over the API. */
async function meetupOrder(buyerToken: string, productId: string) {
  const { placeOrder } = await gqlOk<{ placeOrder: { orders: Array<{ id: string; orderNumber: string }> } }>(
    e2e,
    PLACE_ORDER,
    {
      input: orderInput([{ productId, quantity: 1 }], {
        fulfilment: "MEETUP",
        shipping: null,
        meetup: { point: "lums-lahore-library", at: pkt(2, 13) },
        paymentMethod: "CASH_ON_MEETUP",
      }),
    },
    buyerToken,
  );
  return placeOrder.orders[0];
}

describe("money and meetups at 390 px", () => {
  it("a card checkout empties the cart at once: an unpaid order is completed from My Orders, and a paid one is not ordered twice", async () => {
    const product = await listing(SELLER, "Graphing calculator TI-84");
    const { context, page } = await openPage(e2e, PHONE);
    try {
      await signIn(page, BUYER);
      await addToCart(page, product);
      let panel = await openCart(page);
      await fillShipping(panel);
      await panel.getByRole("radio", { name: /^Card/ }).check();
      await panel.getByRole("button", { name: /^Place Order/ }).click();
      await urlMatches(page, /^\/pay\/[^/]+$/);

      // the buyer changes their mind on the card page: the order waits for payment, the cart is empty
      await page.getByRole("link", { name: "Cancel and return to UniBazaar" }).click();
      await urlMatches(page, /^\/orders\?payment=cancelled$/);
      await visible(page.getByRole("alert").filter({ hasText: "Your order is saved and waiting for payment" }));
      expect(await cartCount(page)).toBe(0);
      await page.getByRole("list", { name: "My orders" }).getByRole("link", { name: "Complete payment" }).first().click();
      await payWithTestCard(page);
      expect(await cartCount(page)).toBe(0);

      // putting it in the cart again by mistake: the server refuses a second order of it
      await addToCart(page, product);
      panel = await openCart(page);
      await fillShipping(panel);
      await panel.getByRole("button", { name: /^Place Order/ }).click();
      await visible(panel.getByRole("alert").filter({ hasText: `You already ordered "${product.name}"` }));
      expect(await e2e.server.dataSource.getRepository(OrderLine).countBy({ productId: product.id })).toBe(1);
    } finally {
      await context.close();
    }
  });

  it("a campus meetup is confirmed with its point, time and cash on meetup, not as a delivery", async () => {
    const product = await listing(SELLER_2, "Desk organiser (bamboo)");
    const { context, page } = await openPage(e2e, PHONE);
    try {
      await signIn(page, BUYER_2);
      await addToCart(page, product);
      const panel = await openCart(page);
      await panel.getByRole("radio", { name: "Meet on campus" }).click();
      await panel.getByLabel("Meetup point").selectOption({ label: "Khoo Library entrance" });
      await panel.getByLabel("Day").selectOption({ index: 2 });
      await panel.getByLabel("Time (Pakistan)").selectOption("13:00");
      await panel.getByLabel("Contact number").fill("03001234567");
      await panel.getByRole("button", { name: /^Place Order/ }).click();
      await notice(page, "Order placed successfully!");
      await urlMatches(page, /^\/orders$/);
      const confirmation = page.getByRole("alert", { name: "Order placed" });
      await visible(confirmation);
      const text = plain(await confirmation.textContent());
      expect(text).toMatch(/You meet the seller at Khoo Library entrance, LUMS Lahore on .*1:00\s?pm \(Pakistan time\)/i);
      expect(text).toContain(`You pay ${shown(1575)} in cash on meetup`);
      expect(text).not.toMatch(/shipping address|cash on delivery/);
      await expectAccessible(page, "meetup order placed (phone)");

      // the checkout's own page and its result say the same
      const [line] = await e2e.server.dataSource
        .getRepository(OrderLine)
        .find({ where: { productId: product.id }, relations: { order: true } });
      await page.goto(`/pay/${line.order!.checkoutSessionId}`);
      await visible(page.getByRole("heading", { level: 1, name: "Cash on meetup" }));
      await page.getByRole("link", { name: "View your order" }).click();
      await visible(page.getByRole("heading", { level: 1, name: "Order placed" }));
      await visible(page.getByText(`You pay ${shown(1575)} in cash when you meet the seller.`));
      await visible(page.getByText(/You meet the seller at Khoo Library entrance, LUMS Lahore on /));
    } finally {
      await context.close();
    }
  });

  it("a campus meetup paid by card: the payment result says where and when to meet", async () => {
    const product = await listing(SELLER_2, "Scientific calculator case");
    const { context, page } = await openPage(e2e, PHONE);
    try {
      await signIn(page, BUYER);
      await addToCart(page, product);
      const panel = await openCart(page);
      await panel.getByRole("radio", { name: "Meet on campus" }).click();
      await panel.getByLabel("Meetup point").selectOption({ label: "PDC (Student Centre)" });
      await panel.getByLabel("Day").selectOption({ index: 2 });
      await panel.getByLabel("Time (Pakistan)").selectOption("16:00");
      await panel.getByLabel("Contact number").fill("03001234567");
      await panel.getByRole("radio", { name: /^Card/ }).check();
      await panel.getByRole("button", { name: /^Place Order/ }).click();
      await payWithTestCard(page);
      const order = page.getByRole("region", { name: /^Order UB-\d+$/ });
      await visible(order.getByText(/You meet the seller at PDC \(Student Centre\), LUMS Lahore on .*4:00\s?pm/i));
      expect(plain(await order.getByLabel("Order status timeline").textContent())).toContain("Meetup agreed");
    } finally {
      await context.close();
    }
  });

  it("the card page: 1228 becomes 12/28 as typed, a decline keeps the card number, and nothing is ever posted again", async () => {
    const product = await listing(SELLER, "Noise-cancelling earbuds");
    const { context, page } = await openPage(e2e, PHONE);
    const posts: Request[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/pay/") && request.isNavigationRequest()) posts.push(request);
    });
    try {
      await signIn(page, BUYER_3);
      await addToCart(page, product);
      const panel = await openCart(page);
      await fillShipping(panel);
      await panel.getByRole("radio", { name: /^Card/ }).check();
      await panel.getByRole("button", { name: /^Place Order/ }).click();
      await urlMatches(page, /^\/pay\/[^/]+$/);
      const payPath = new URL(page.url()).pathname;

      // a phone's number pad has no "/": the page puts it in
      const expiry = page.getByLabel("Expiry (MM/YY)");
      await expect.poll(() => expiry.getAttribute("inputmode")).toBe("numeric");
      await expiry.pressSequentially("1228");
      expect(await expiry.inputValue()).toBe("12/28");
      await page.getByLabel("Card number").fill("4000 0000 0000 0002");
      await page.getByLabel("CVC").fill("123");
      await page.getByRole("button", { name: /^Pay / }).click();
      await visible(page.getByRole("alert").filter({ hasText: "Your card was declined. Please use a different card." }));
      // what the buyer typed is still there (the CVC aside)
      expect(await page.getByLabel("Card number").inputValue()).toBe("4000 0000 0000 0002");
      expect(await page.getByLabel("Expiry (MM/YY)").inputValue()).toBe("12/28");
      expect(new URL(page.url()).pathname).toBe(payPath);
      await expectAccessible(page, "declined card (phone)");

      // a reload is the plain page again, and posts nothing
      await page.reload();
      await visible(page.getByRole("heading", { level: 1, name: "Pay for your order" }));
      expect(await page.getByRole("alert").filter({ hasText: "declined" }).count()).toBe(0);

      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByLabel("Expiry (MM/YY)").pressSequentially("12 / 39");
      expect(await page.getByLabel("Expiry (MM/YY)").inputValue()).toBe("12/39");
      await page.getByLabel("CVC").fill("123");
      await page.getByRole("button", { name: /^Pay / }).click();
      await urlMatches(page, /^\/success\?session_id=[^&]+$/);
      await visible(page.getByRole("heading", { level: 1, name: "Payment successful" }));
      // Back from the success page goes to the card page as a plain GET, which says it is paid
      await page.goBack();
      await urlMatches(page, /^\/pay\/[^/]+$/);
      await visible(page.getByRole("heading", { level: 1, name: "Payment received" }));
      expect(posts).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("an accepted offer of Rs 2,700 on a Rs 2,999 listing: the product page says so, and the cart and the order line show 2,700", async () => {
    const product = await listing(SELLER, "Engineering drawing set", { pricePaisa: 299_900 });
    const [buyerToken, sellerToken] = await Promise.all([tokenFor(e2e, BUYER_2), tokenFor(e2e, SELLER)]);
    const { startConversation } = await gqlOk<{ startConversation: { id: string } }>(
      e2e,
      `mutation ($p: ID!) { startConversation(productId: $p) { id } }`,
      { p: product.id },
      buyerToken,
    );
    const { makeOffer } = await gqlOk<{ makeOffer: { id: string } }>(
      e2e,
      `mutation ($c: ID!) { makeOffer(conversationId: $c, amount: 2700) { id } }`,
      { c: startConversation.id },
      buyerToken,
    );
    await gqlOk(e2e, `mutation ($id: ID!) { acceptOffer(offerId: $id) { id } }`, { id: makeOffer.id }, sellerToken);

    const { context, page } = await openPage(e2e, PHONE);
    try {
      await signIn(page, BUYER_2);
      await page.goto(`/shop/${product.id}`);
      const accepted = page.getByRole("alert", { name: "Your accepted offer" });
      await visible(accepted);
      expect(plain(await accepted.textContent())).toContain(`Your offer of ${shown(2700)} was accepted.`);
      await expectAccessible(page, "product page with an accepted offer (phone)");
      await page.getByRole("button", { name: "Add to cart" }).click();
      const panel = await openCart(page);
      const row = panel.getByRole("listitem", { name: product.name });
      await visible(row.getByText(`Agreed price ${shown(2700)}`));
      // tax on the agreed price: 2,700 + 135
      await expect
        .poll(async () => plain(await panel.getByRole("button", { name: /^Place Order/ }).textContent()))
        .toBe(`Place Order · ${shown(2835)}`);
      await fillShipping(panel);
      await panel.getByRole("button", { name: /^Place Order/ }).click();
      await notice(page, "Order placed successfully!");
      await page.getByRole("list", { name: "My orders" }).getByRole("link").first().click();
      const lines = page.getByRole("list", { name: "Products in this order" });
      await visible(lines.getByText(`Agreed price ${shown(2700)} (listed ${shown(2999)})`));
      expect(plain(await lines.textContent())).not.toContain(`1 × ${shown(2999)}`);
    } finally {
      await context.close();
    }
  });

  it("a meetup: the seller's new proposal reaches the buyer, the steps read Placed, Confirmed, Meetup agreed, Handed over, and no hand-over before its time", async () => {
    const product = await listing(SELLER_2, "Lab coat (size M)");
    const [buyerToken, sellerToken] = await Promise.all([tokenFor(e2e, BUYER_3), tokenFor(e2e, SELLER_2)]);
    const order = await meetupOrder(buyerToken, product.id);
    await gqlOk(
      e2e,
      `mutation ($id: ID!, $m: MeetupInput!) { proposeMeetup(id: $id, meetup: $m) { id } }`,
      { id: order.id, m: { point: "lums-lahore-gate", at: pkt(3, 16) } },
      sellerToken,
    );
    await gqlOk(e2e, `mutation ($id: ID!) { updateOrderStatus(id: $id, status: CONFIRMED) { id } }`, { id: order.id }, sellerToken);

    const buyer = await openPage(e2e, PHONE);
    const seller = await openPage(e2e, PHONE);
    try {
      await signIn(buyer.page, BUYER_3);
      await buyer.page.goto("/notifications");
      await visible(
        buyer.page.getByText(new RegExp(`campus_corner proposed a new meetup for order ${order.orderNumber}: Main Gate, .*16:00`)),
      );
      await buyer.page.goto(`/orders/${order.id}`);
      const steps = buyer.page.getByLabel("Order status timeline");
      await visible(steps);
      const labels = plain(await steps.textContent());
      for (const label of ["Placed", "Confirmed", "Meetup agreed", "Handed over"]) expect(labels).toContain(label);
      expect(labels).not.toContain("Shipped");
      const meetup = buyer.page.getByRole("region", { name: "Meetup" });
      await meetup.getByRole("button", { name: "Confirm meetup" }).click();
      await notice(buyer.page, "Meetup confirmed.");
      await visible(buyer.page.locator('[aria-current="step"]').filter({ hasText: "Meetup agreed" }));
      await expectAccessible(buyer.page, "meetup order steps (phone)");

      // the seller cannot hand it over two days early
      await signIn(seller.page, SELLER_2);
      await seller.page.goto("/dashboard/seller/manage-orders");
      await seller.page.getByRole("button", { name: `Edit status of order ${order.orderNumber}` }).click();
      let dialog = seller.page.getByRole("dialog", { name: "Update order status" });
      await visible(dialog.getByText(/Mark it completed once you have handed it over: from the agreed meetup time/));
      await dialog.getByLabel("New status").click();
      expect(await seller.page.getByRole("option").allTextContents()).toEqual(["Rejected"]);
      await seller.page.keyboard.press("Escape");
      await dialog.getByRole("button", { name: "Cancel" }).click();

      // the meetup time has come
      await e2e.server.dataSource.getRepository(Order).update(order.id, { meetupAt: new Date(Date.now() - 60_000) });
      await seller.page.reload();
      await seller.page.getByRole("button", { name: `Edit status of order ${order.orderNumber}` }).click();
      dialog = seller.page.getByRole("dialog", { name: "Update order status" });
      await dialog.getByLabel("New status").click();
      await seller.page.getByRole("option", { name: "Completed" }).click();
      await dialog.getByRole("button", { name: "Save" }).click();
      await notice(seller.page, `Order ${order.orderNumber} is now completed.`);

      await buyer.page.reload();
      await visible(buyer.page.getByText("Handed over"));
      expect(await buyer.page.locator('[aria-current="step"]').count()).toBe(0);
    } finally {
      await buyer.context.close();
      await seller.context.close();
    }
  });

  it("a one-off item held by a pending order says so, offers no Relist, and a relist sent anyway is refused", async () => {
    const product = await listing(SELLER, "Used cycle helmet", { quantityAvailable: 1 });
    const sellerToken = await tokenFor(e2e, SELLER);
    await meetupOrder(await tokenFor(e2e, BUYER), product.id);
    const { context, page } = await openPage(e2e, PHONE);
    try {
      await signIn(page, SELLER);
      await page.goto("/dashboard/seller/manage-products");
      const item = page.getByRole("row").or(page.getByRole("listitem")).filter({ hasText: product.name });
      await visible(item.first().getByText("In a pending order"));
      expect(await page.getByRole("button", { name: `Relist ${product.name}` }).count()).toBe(0);
      // the relist the button used to send: the server still refuses it while the order holds the unit
      const relist = await e2e.server.gql(
        `mutation($id: ID!) { updateProduct(id: $id, input: { quantityAvailable: 1 }) { id } }`,
        { id: product.id },
        sellerToken,
      );
      expect(relist.errors?.[0]?.message).toMatch(/^An open order still holds "Used cycle helmet"/);
      expect((await e2e.server.dataSource.getRepository(Product).findOneByOrFail({ id: product.id })).quantityAvailable).toBe(0);
    } finally {
      await context.close();
    }
  });
});
