import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { BUYER_3, SELLER, signInTo, tokenFor } from "./dashboard-helpers";
import { NotificationKind } from "../server/src/modules/notifications/entity";
import { signUp } from "../server/src/test/fixtures";
import { said } from "../server/src/test/notifications";
import { type E2E, expectAccessible, gqlOk, openPage, PHONE } from "./harness";
import { signIn, urlMatches, visible } from "./storefront-helpers";

/** The bell: a seller moves an order on in one browser, the buyer's bell counts it live in another. */
let e2e: E2E;
it.beforeAll(({ e2e: app }) => {
  e2e = app;
});

/** A new cash-on-delivery order by BUYER_3 of one of SELLER's products. */
async function newOrder(): Promise<{ id: string; orderNumber: string }> {
  const { myProducts } = await gqlOk(e2e, `{ myProducts(pageSize: 1) { items { id } } }`, undefined, await tokenFor(e2e, SELLER));
  const { placeOrder } = await gqlOk(
    e2e,
    `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { orders { id orderNumber } } }`,
    {
      input: {
        lines: [{ productId: myProducts.items[0].id, quantity: 1 }],
        shipping: { address: "House 4, Street 9, G-10", city: "Islamabad", postalCode: "44000", country: "Pakistan" },
        contactNumber: "03005556667",
        idempotencyKey: randomUUID(),
      },
    },
    await tokenFor(e2e, BUYER_3),
  );
  return placeOrder.orders[0];
}

const bell = (page: Page) => page.getByRole("banner").getByRole("link", { name: /^Notifications/ });
/** The unread count the bell announces ("Notifications, 2 unread"). */
const bellCount = async (page: Page) =>
  Number(/^Notifications, (\d+) unread$/.exec((await bell(page).getAttribute("aria-label")) ?? "")?.[1]);

/** Resolves once the page has sent its notificationAdded subscription over the socket. */
const subscribed = (page: Page) =>
  new Promise<void>((resolve) =>
    page.on("websocket", (socket) =>
      socket.on("framesent", ({ payload }) => {
        if (String(payload).includes("notificationAdded")) resolve();
      }),
    ),
  );

/** Resolves once the page's socket has received a notificationAdded event. */
const notificationArrives = (page: Page) =>
  new Promise<void>((resolve) =>
    page.on("websocket", (socket) =>
      socket.on("framereceived", ({ payload }) => {
        if (String(payload).includes("notificationAdded")) resolve();
      }),
    ),
  );

describe("notifications at 390 px", () => {
  it("a seller's status change raises the buyer's bell live; the buyer opens it, follows it to the order and clears the bell", async () => {
    const order = await newOrder();
    const buyer = await openPage(e2e, PHONE);
    const listening = subscribed(buyer.page);
    const probeArrived = notificationArrives(buyer.page);
    await signInTo(buyer.page, BUYER_3, "/");
    await visible(bell(buyer.page));
    await listening;
    // the server does not acknowledge a subscription: notices are sent until one arrives, and then it listens
    const buyerToken = await tokenFor(e2e, BUYER_3);
    const { me } = await gqlOk<{ me: { id: string } }>(e2e, `{ me { id } }`, undefined, buyerToken);
    let listens = false;
    void probeArrived.then(() => (listens = true));
    await expect
      .poll(
        async () => {
          if (!listens)
            await e2e.server.services.notifications.notify(me.id, { kind: NotificationKind.OFFER, message: said("Probe"), link: "/" });
          return listens;
        },
        { interval: 250 },
      )
      .toBe(true);
    const { notificationUnreadCount: before } = await gqlOk(e2e, `{ notificationUnreadCount }`, undefined, buyerToken);
    await expect.poll(() => bellCount(buyer.page)).toBe(before);

    // the seller, in their own browser, confirms the order from the dashboard (whose header has the bell too)
    const seller = await openPage(e2e, PHONE);
    await signInTo(seller.page, SELLER, "/dashboard/seller/manage-orders");
    await visible(bell(seller.page));
    await expect.poll(() => bellCount(seller.page)).toBeGreaterThan(0); // the new order
    const edit = seller.page.getByRole("button", { name: `Edit status of order ${order.orderNumber}` });
    await edit.click();
    const dialog = seller.page.getByRole("dialog", { name: "Update order status" });
    await dialog.getByRole("combobox", { name: "New status" }).click();
    await seller.page.getByRole("option", { name: "Confirmed" }).click();
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "detached" });

    // no reload on the buyer's side: the bell counts it as it happens
    await expect.poll(() => bellCount(buyer.page)).toBe(before + 1);

    await bell(buyer.page).click();
    await urlMatches(buyer.page, /\/notifications$/);
    const list = buyer.page.getByRole("list", { name: "Notifications" });
    const confirmed = list.getByRole("link", { name: `Unread: Your order ${order.orderNumber} is now confirmed.` });
    await visible(confirmed);
    await expectAccessible(buyer.page, "notifications (phone)");

    await confirmed.click();
    await urlMatches(buyer.page, new RegExp(`/orders/${order.id}$`));
    await expect.poll(() => bellCount(buyer.page)).toBe(before);

    // one more change while the buyer reads the order, then "Mark all read" empties the bell
    await gqlOk(
      e2e,
      `mutation($id: ID!) { updateOrderStatus(id: $id, status: PROCESSING) { id } }`,
      { id: order.id },
      await tokenFor(e2e, SELLER),
    );
    await expect.poll(() => bellCount(buyer.page)).toBe(before + 1);
    await bell(buyer.page).click();
    await visible(list.getByRole("link", { name: `Unread: Your order ${order.orderNumber} is now processing.` }));
    await buyer.page.getByRole("button", { name: "Mark all read" }).click();
    await expect.poll(() => bellCount(buyer.page)).toBe(0);
    await visible(list.getByRole("link", { name: new RegExp(`^Your order ${order.orderNumber} is now processing\\.`) }));
    expect(await buyer.page.getByRole("button", { name: "Mark all read" }).isDisabled()).toBe(true);
  });

  it("shows a newcomer the empty state, and the bell only to signed-in users", async () => {
    const { page } = await openPage(e2e, PHONE);
    await page.goto("/");
    await visible(page.getByRole("link", { name: "Login page" }));
    expect(await bell(page).count()).toBe(0);
    const newcomer = await signUp(e2e.server);
    await signIn(page, newcomer.user.email, newcomer.password);
    await page.goto("/notifications");
    await visible(page.getByText("No notifications yet. New messages and changes to your orders will show here."));
    expect(await bell(page).getAttribute("aria-label")).toBe("Notifications, 0 unread");
    expect(await page.getByRole("button", { name: "Mark all read" }).isDisabled()).toBe(true);
    await expectAccessible(page, "notifications, empty (phone)");
  });
});
