import { randomUUID } from "node:crypto";
import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { asCaller, insertProduct, signUp, type SignedIn } from "../../test/fixtures";
import { codeOf, type TestServer } from "../../test/harness";
import { said } from "../../test/notifications";
import type { LiveEvent } from "../../platform/live";
import { Order, OrderStatus } from "../orders/entity";
import { placeOrder, setStatus } from "../orders/testing";
import { Notification, NotificationKind } from "./entity";
import { NOTIFICATION_EVENT } from "./service";

const LIST = `query ($page: Int, $pageSize: Int) {
  notificationUnreadCount
  notifications(page: $page, pageSize: $pageSize) { totalItems totalPages page hasNextPage items { id kind text link readAt createdAt } }
}`;
const MARK = `mutation ($id: ID!) { markNotificationRead(id: $id) { id readAt } }`;
const MARK_ALL = `mutation { markAllNotificationsRead }`;

type Item = { id: string; kind: string; text: string; link: string; readAt: string | null; createdAt: string };
const listOf = async (server: TestServer, who: SignedIn, variables: Record<string, unknown> = {}) => {
  const res = await server.gql(LIST, variables, who.token);
  expect(res.errors).toBeUndefined();
  return res.data as { notificationUnreadCount: number; notifications: { totalItems: number; hasNextPage: boolean; items: Item[] } };
};

/** A fresh user with `count` notifications, created one after another (the last is the newest). */
async function userWith(server: TestServer, count: number) {
  const who = await signUp(server);
  for (let i = 1; i <= count; i++)
    await server.services.notifications.notify(who.user.id, {
      kind: NotificationKind.ORDER_STATUS,
      message: said(`Note ${i}`),
      link: `/orders/${i}`,
    });
  // a second apart, in order: two inserts in the same millisecond would list in either order
  await server.dataSource.query(
    `UPDATE notifications SET "createdAt" = now() - (100 - split_part(params->>'text', ' ', 2)::int) * interval '1 second' WHERE "recipientId" = $1`,
    [who.user.id],
  );
  return who;
}

/**
 * Events published to `userId` while `fn` runs. `received()` answers the events so far: it publishes
 * a marker and reads until the marker comes back, so whatever was published before it has arrived.
 */
async function eventsFor(
  server: TestServer,
  userId: string,
  fn: (received: () => Promise<LiveEvent[]>) => Promise<unknown>,
): Promise<LiveEvent[]> {
  const events: LiveEvent[] = [];
  const iterator = server.services.live.subscribe("user", userId)[Symbol.asyncIterator]();
  // the subscription starts listening at its first read
  let pending = iterator.next();
  const received = async () => {
    const marker = randomUUID();
    server.services.live.publish("user", userId, { type: "test.marker", marker });
    for (;;) {
      const next = await pending;
      pending = iterator.next();
      if (next.done || next.value.marker === marker) return [...events];
      events.push(next.value);
    }
  };
  try {
    await fn(received).catch(() => undefined);
    return await received();
  } finally {
    await iterator.return?.();
  }
}

describe("the list, the count and marking read", () => {
  it("lists the caller's own notifications newest first, paged, with the unread count", async ({ server }) => {
    const who = await userWith(server, 3);
    const first = await listOf(server, who, { pageSize: 2 });
    expect(first.notificationUnreadCount).toBe(3);
    expect(first.notifications.totalItems).toBe(3);
    expect(first.notifications.hasNextPage).toBe(true);
    expect(first.notifications.items.map((n) => n.text)).toEqual(["Note 3", "Note 2"]);
    expect(first.notifications.items[0]).toMatchObject({ kind: "ORDER_STATUS", link: "/orders/3", readAt: null });
    const second = await listOf(server, who, { page: 2, pageSize: 2 });
    expect(second.notifications.items.map((n) => n.text)).toEqual(["Note 1"]);
    expect(second.notifications.hasNextPage).toBe(false);
    // someone else's list is their own (empty)
    expect((await listOf(server, await signUp(server))).notifications.totalItems).toBe(0);
  });

  it("costs the same 5 statements for a page of 2 or of 50 (token check, page, count, the caller's language, unread count)", async ({
    server,
  }) => {
    const who = await userWith(server, 50);
    const two = await server.queries.measure(() => server.gql(LIST, { pageSize: 2 }, who.token));
    const fifty = await server.queries.measure(() => server.gql(LIST, { pageSize: 50 }, who.token));
    expect(fifty.result.data.notifications.items).toHaveLength(50);
    expect(fifty.queries).toBe(5);
    expect(two.queries).toBe(fifty.queries);
  });

  it("refuses a page size above the cap and a page below 1", async ({ server, cast: { buyer } }) => {
    expect(codeOf(await server.gql(LIST, { pageSize: 51 }, buyer.token))).toBe("BAD_USER_INPUT");
    expect(codeOf(await server.gql(LIST, { page: 0 }, buyer.token))).toBe("BAD_USER_INPUT");
  });

  it("lets only the recipient mark one read; again changes nothing", async ({ server, cast: { admin } }) => {
    const who = await userWith(server, 2);
    const [newest] = (await listOf(server, who)).notifications.items;
    const stranger = await signUp(server);
    for (const other of [stranger, admin]) {
      const refused = await server.gql(MARK, { id: newest.id }, other.token);
      expect(codeOf(refused)).toBe("NOT_FOUND");
    }
    expect((await listOf(server, who)).notificationUnreadCount).toBe(2);

    const marked = await server.gql(MARK, { id: newest.id }, who.token);
    expect(marked.data.markNotificationRead.readAt).toEqual(expect.any(String));
    const again = await server.gql(MARK, { id: newest.id }, who.token);
    expect(again.data.markNotificationRead.readAt).toBe(marked.data.markNotificationRead.readAt);
    expect((await listOf(server, who)).notificationUnreadCount).toBe(1);
    for (const id of ["not-an-id", randomUUID()]) expect(codeOf(await server.gql(MARK, { id }, who.token))).toBe("NOT_FOUND");
  });

  it("marks all of the caller's unread ones read, and nobody else's", async ({ server }) => {
    const who = await userWith(server, 3);
    const other = await userWith(server, 2);
    await server.gql(MARK, { id: (await listOf(server, who)).notifications.items[0].id }, who.token);
    const res = await server.gql(MARK_ALL, {}, who.token);
    expect(res.data.markAllNotificationsRead).toBe(2);
    expect((await listOf(server, who)).notifications.items.every((n) => n.readAt)).toBe(true);
    expect((await listOf(server, who)).notificationUnreadCount).toBe(0);
    expect((await listOf(server, other)).notificationUnreadCount).toBe(2);
    expect((await server.gql(MARK_ALL, {}, who.token)).data.markAllNotificationsRead).toBe(0);
  });

  it("refuses a link outside the app and cuts a long text", async ({ server, cast: { buyer } }) => {
    const notify = (link: string, text = "x") =>
      server.services.notifications.notify(buyer.user.id, { kind: NotificationKind.OFFER, message: said(text), link });
    for (const link of ["https://evil.example/x", "//evil.example", "javascript:alert(1)", "/orders/<b>"])
      await expect(notify(link)).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    const long = await notify("/messages/1", "a".repeat(600));
    expect(long.text).toHaveLength(500);
    expect(long.text.endsWith("…")).toBe(true);
  });
});

describe("in the reader's language", () => {
  it("stores a message key and its parameters, and shows each reader the notice in the language they chose", async ({ server }) => {
    const who = await signUp(server);
    await server.services.notifications.notify(who.user.id, {
      kind: NotificationKind.OFFER,
      message: { key: "offer.new", params: { amountPaisa: 150_000 } },
      link: "/messages/1",
    });
    const [row] = await server.dataSource.query(`SELECT message, params FROM notifications WHERE "recipientId" = $1`, [who.user.id]);
    expect(row).toEqual({ message: "offer.new", params: { amountPaisa: 150_000 } });
    const textOf = async () => (await listOf(server, who)).notifications.items[0].text.replace(/\u00a0/g, " ");
    expect(await textOf()).toBe("New offer: Rs 1,500.");

    expect((await server.gql(`mutation { setLanguage(language: "ur") }`, {}, who.token)).data).toEqual({ setLanguage: "ur" });
    // the amount keeps its own direction inside the Urdu sentence (isolated)
    expect(await textOf()).toBe("نئی پیشکش: \u2068Rs 1,500\u2069۔");
    expect((await server.gql(`{ me { language } }`, {}, who.token)).data).toEqual({ me: { language: "ur" } });
  });

  it("shows a notice written as a sentence before messages had keys as it was", async ({ server }) => {
    const who = await signUp(server);
    await server.dataSource.query(
      `INSERT INTO notifications ("recipientId", kind, message, params, link) VALUES ($1, 'OFFER', 'legacy', '{"text": "Old words."}', '/')`,
      [who.user.id],
    );
    await server.gql(`mutation { setLanguage(language: "ur") }`, {}, who.token);
    expect((await listOf(server, who)).notifications.items.map((n) => n.text)).toEqual(["\u2068Old words.\u2069"]);
  });
});

describe("inside a caller's transaction", () => {
  it("publishes after the commit, and a rollback takes back both the row and the event", async ({ server }) => {
    const who = await signUp(server);
    const notify = (text: string, manager: Parameters<typeof server.services.notifications.notify>[2]) =>
      server.services.notifications.notify(
        who.user.id,
        { kind: NotificationKind.OFFER, message: said(text), link: "/messages/1" },
        manager,
      );
    let beforeCommit = -1;
    const committed = await eventsFor(server, who.user.id, (received) =>
      server.dataSource.transaction(async (manager) => {
        await notify("kept", manager);
        beforeCommit = (await received()).length;
      }),
    );
    expect(beforeCommit).toBe(0);
    expect(committed).toEqual([expect.objectContaining({ type: NOTIFICATION_EVENT, unreadCount: 1 })]);

    const rolledBack = await eventsFor(server, who.user.id, () =>
      server.dataSource.transaction(async (manager) => {
        await notify("lost", manager);
        throw new Error("the change it reports failed");
      }),
    );
    expect(rolledBack).toEqual([]);
    expect((await listOf(server, who)).notifications.items.map((n) => n.text)).toEqual(["kept"]);
  });
});

describe("new messages", () => {
  it("notify the other party once per conversation while unread, updated to the latest message", async ({
    server,
    cast: { seller, buyer },
  }) => {
    const product = await insertProduct(server.dataSource, seller.user.id);
    const conversation = await server.services.conversations.start(product.id, asCaller(buyer));
    const send = (body: string, from = buyer) =>
      server.services.conversations.send({ conversationId: conversation.id, body }, asCaller(from));

    const first = await eventsFor(server, seller.user.id, () => send("Is it still available?"));
    expect(first.filter((e) => e.type === NOTIFICATION_EVENT)).toEqual([
      expect.objectContaining({ unreadCount: 1, notification: expect.objectContaining({ kind: "NEW_MESSAGE" }) }),
    ]);
    await send("Can you do\nRs 1,500?");
    const list = await listOf(server, seller);
    const about = list.notifications.items.filter((n) => n.link === `/messages/${conversation.id}`);
    expect(about).toHaveLength(1);
    expect(about[0]).toMatchObject({ kind: "NEW_MESSAGE", text: `${buyer.user.username}: Can you do Rs 1,500?`, readAt: null });
    // the sender is not notified of their own message
    expect((await listOf(server, buyer)).notifications.items.some((n) => n.link === `/messages/${conversation.id}`)).toBe(false);

    // once read, the next message is a new notification
    await server.gql(MARK, { id: about[0].id }, seller.token);
    await send("Still there?");
    const after = (await listOf(server, seller)).notifications.items.filter((n) => n.link === `/messages/${conversation.id}`);
    expect(after.map((n) => [n.text, n.readAt === null])).toEqual([
      [`${buyer.user.username}: Still there?`, true],
      [`${buyer.user.username}: Can you do Rs 1,500?`, false],
    ]);

    // reading the conversation reads its notification too
    expect((await listOf(server, seller)).notifications.items[0].readAt).toBeNull();
    await server.services.conversations.markRead(conversation.id, asCaller(seller));
    expect((await listOf(server, seller)).notifications.items.every((n) => n.readAt)).toBe(true);

    // and the reply notifies the buyer
    await send("Yes, come by the library.", seller);
    expect((await listOf(server, buyer)).notifications.items[0]).toMatchObject({
      kind: "NEW_MESSAGE",
      text: `${seller.user.username}: Yes, come by the library.`,
      link: `/messages/${conversation.id}`,
    });
  });
});

describe("orders", () => {
  it("a placed order notifies each seller of their own order, not the buyer", async ({ server, cast: { seller, otherSeller } }) => {
    const [a, b] = await Promise.all([
      insertProduct(server.dataSource, seller.user.id),
      insertProduct(server.dataSource, otherSeller.user.id),
    ]);
    const shopper = await signUp(server);
    const checkout = await placeOrder(server, shopper, [
      { productId: a.id, quantity: 1 },
      { productId: b.id, quantity: 1 },
    ]);
    for (const s of [seller, otherSeller]) {
      const order = checkout.orders.find((o: { seller: { id: string } }) => o.seller.id === s.user.id);
      const [latest] = (await listOf(server, s)).notifications.items;
      expect(latest).toMatchObject({
        kind: "ORDER_PLACED",
        text: `New order ${order.orderNumber} from ${shopper.user.username}.`,
        link: `/orders/${order.id}`,
        readAt: null,
      });
    }
    expect((await listOf(server, shopper)).notifications.totalItems).toBe(0);
  });

  it("every status change notifies the buyer; the buyer's cancellation notifies the seller", async ({ server, cast: { seller } }) => {
    const product = await insertProduct(server.dataSource, seller.user.id, { quantityAvailable: 5 });
    const shopper = await signUp(server);
    const [order] = (await placeOrder(server, shopper, [{ productId: product.id, quantity: 1 }])).orders;
    for (const status of ["CONFIRMED", "PROCESSING", "SHIPPED", "COMPLETED"]) {
      const events = await eventsFor(server, shopper.user.id, () => setStatus(server, seller, order.id, status));
      // a completion without the buyer's code asks the buyer to confirm the handover instead, and
      // opens the review window: the buyer is asked for a review as well
      const texts =
        status === "COMPLETED"
          ? [
              expect.stringMatching(
                new RegExp(`^${seller.user.username} marked order ${order.orderNumber} delivered\\. Did you get it\\?`),
              ),
              expect.stringMatching(new RegExp(`^Order ${order.orderNumber} is complete\\. Review the seller and the item by `)),
            ]
          : [`Your order ${order.orderNumber} is now ${status.toLowerCase()}.`];
      expect(events).toHaveLength(texts.length);
      const latest = (await listOf(server, shopper)).notifications.items.slice(0, texts.length);
      expect(latest).toEqual(
        expect.arrayContaining(texts.map((text) => expect.objectContaining({ kind: "ORDER_STATUS", text, link: `/orders/${order.id}` }))),
      );
    }
    expect((await listOf(server, shopper)).notificationUnreadCount).toBe(5);

    const [cancelled] = (await placeOrder(server, shopper, [{ productId: product.id, quantity: 1 }])).orders;
    const sellerBefore = (await listOf(server, seller)).notifications.totalItems;
    expect((await setStatus(server, shopper, cancelled.id, "CANCELLED")).errors).toBeUndefined();
    const [latest] = (await listOf(server, seller)).notifications.items;
    expect(latest).toMatchObject({ kind: "ORDER_STATUS", text: `${shopper.user.username} cancelled order ${cancelled.orderNumber}.` });
    expect((await listOf(server, seller)).notifications.totalItems).toBe(sellerBefore + 1);
    // the buyer is not told of their own cancellation
    expect((await listOf(server, shopper)).notificationUnreadCount).toBe(5);
  });

  it("an admin's change notifies both parties; a refused change notifies nobody", async ({ server, cast: { seller, admin } }) => {
    const product = await insertProduct(server.dataSource, seller.user.id, { quantityAvailable: 5 });
    const shopper = await signUp(server);
    const [order] = (await placeOrder(server, shopper, [{ productId: product.id, quantity: 1 }])).orders;
    const sellerBefore = (await listOf(server, seller)).notifications.totalItems;
    expect(codeOf(await setStatus(server, shopper, order.id, "SHIPPED"))).toBe("BAD_USER_INPUT");
    expect((await listOf(server, shopper)).notifications.totalItems).toBe(0);

    expect((await setStatus(server, admin, order.id, "REJECTED")).errors).toBeUndefined();
    expect((await listOf(server, shopper)).notifications.items[0].text).toBe(`Your order ${order.orderNumber} is now rejected.`);
    expect((await listOf(server, seller)).notifications.items[0].text).toBe(`An admin set order ${order.orderNumber} to rejected.`);
    expect((await listOf(server, seller)).notifications.totalItems).toBe(sellerBefore + 1);
  });

  it("a notification that cannot be written takes the status change back with it, and nothing is published", async ({
    server,
    cast: { seller },
  }) => {
    const product = await insertProduct(server.dataSource, seller.user.id, { quantityAvailable: 5 });
    const shopper = await signUp(server);
    const [order] = (await placeOrder(server, shopper, [{ productId: product.id, quantity: 1 }])).orders;
    await server.dataSource.query(`CREATE FUNCTION refuse_notice() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'notifications are down'; END $$`);
    await server.dataSource.query(
      `CREATE TRIGGER refuse_notice BEFORE INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION refuse_notice()`,
    );
    try {
      const events = await eventsFor(server, shopper.user.id, async () => {
        const res = await setStatus(server, seller, order.id, "CONFIRMED");
        expect(res.errors).toBeDefined();
      });
      expect(events).toEqual([]);
    } finally {
      await server.dataSource.query(`DROP TRIGGER refuse_notice ON notifications; DROP FUNCTION refuse_notice()`);
    }
    expect((await server.dataSource.getRepository(Order).findOneByOrFail({ id: order.id })).status).toBe(OrderStatus.PENDING);
    expect(await server.dataSource.getRepository(Notification).countBy({ recipientId: shopper.user.id })).toBe(0);
  });
});
