import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asCaller, insertProduct, signUp, type SignedIn } from "../../test/fixtures";
import { startTestServer, type TestServer } from "../../test/harness";
import { answeringRedisUrl, NO_REDIS } from "../../test/redis";
import { said } from "../../test/notifications";
import { subscribeOverSocket } from "../../test/websocket";
import { NotificationKind } from "./entity";

/** notificationAdded over a real WebSocket (graphql-ws): only the recipient's, and across two processes through Redis. */

const SUBSCRIPTION = `subscription { notificationAdded { unreadCount notification { id kind text link readAt createdAt } } }`;
type Added = { notificationAdded: { unreadCount: number; notification: { id: string; kind: string; text: string; link: string } } };
const PROBE = "probe";

const subscribe = (server: TestServer, token: string | undefined) =>
  subscribeOverSocket<Added>(server, token, SUBSCRIPTION, (data) => data?.notificationAdded.notification.text === PROBE);
/** A probe notification straight through the service (it counts as unread like any other). */
const probe = (server: TestServer, who: SignedIn) => () =>
  server.services.notifications.notify(who.user.id, { kind: NotificationKind.OFFER, message: said(PROBE), link: "/" });

/** `buyer` asks `seller` about a new product: the seller is notified. */
async function ask(via: TestServer, buyer: SignedIn, seller: SignedIn, body: string) {
  const product = await insertProduct(via.dataSource, seller.user.id);
  const conversation = await via.services.conversations.start(product.id, asCaller(buyer));
  await via.services.conversations.send({ conversationId: conversation.id, body }, asCaller(buyer));
  return conversation.id;
}

describe("notificationAdded over a WebSocket", () => {
  let server: TestServer;
  let seller: SignedIn;
  let buyer: SignedIn;
  let stranger: SignedIn;
  beforeAll(async () => {
    server = await startTestServer();
    [seller, buyer, stranger] = await Promise.all([signUp(server, "seller"), signUp(server), signUp(server)]);
  });
  afterAll(() => server.close());

  it("delivers the recipient's notification with their unread count, and nobody else's", async () => {
    const sellerSide = subscribe(server, seller.token);
    const strangerSide = subscribe(server, stranger.token);
    await sellerSide.ready(probe(server, seller));
    await strangerSide.ready(probe(server, stranger));
    const unreadBefore = await server.services.notifications.unreadCount(asCaller(seller));

    const conversationId = await ask(server, buyer, seller, "Is it still available?");
    const received = await sellerSide.next();
    expect(received.value?.data?.notificationAdded).toEqual({
      unreadCount: unreadBefore + 1,
      notification: {
        id: expect.any(String),
        kind: "NEW_MESSAGE",
        text: `${buyer.user.username}: Is it still available?`,
        link: `/messages/${conversationId}`,
        readAt: null,
        createdAt: expect.any(String),
      },
    });
    // the stranger's next event is their own, never the seller's
    const own = await server.services.notifications.notify(stranger.user.id, {
      kind: NotificationKind.OFFER,
      message: said("yours"),
      link: "/",
    });
    expect((await strangerSide.next()).value?.data?.notificationAdded.notification.id).toBe(own.id);
    await Promise.all([sellerSide.close(), strangerSide.close()]);
  });

  it("notifyMany delivers each recipient their own notice with their own unread count, after the commit", async () => {
    const [first, second] = await Promise.all([signUp(server), signUp(server)]);
    const sides = [subscribe(server, first.token), subscribe(server, second.token)];
    await sides[0].ready(probe(server, first));
    await sides[1].ready(probe(server, second));
    // (ready() may send more than one probe: read the counts it left)
    const before = await Promise.all([first, second].map((who) => server.services.notifications.unreadCount(asCaller(who))));

    await server.dataSource.transaction((manager) =>
      server.services.notifications.notifyMany(
        [first, second].map((who) => ({
          recipientId: who.user.id,
          kind: NotificationKind.SAVED_ITEM,
          message: said(`for ${who.user.username}`),
          link: "/saved",
        })),
        manager,
      ),
    );
    const [toFirst, toSecond] = await Promise.all(sides.map(async (side) => (await side.next()).value?.data?.notificationAdded));
    expect(toFirst).toMatchObject({
      unreadCount: before[0] + 1,
      notification: { kind: "SAVED_ITEM", text: `for ${first.user.username}`, link: "/saved" },
    });
    expect(toSecond).toMatchObject({
      unreadCount: before[1] + 1,
      notification: { kind: "SAVED_ITEM", text: `for ${second.user.username}` },
    });
    await Promise.all(sides.map((side) => side.close()));
  });

  it("refuses an anonymous subscription", async () => {
    const anonymous = subscribe(server, undefined);
    const refused = await anonymous.next().catch((errors: unknown) => errors);
    expect(JSON.stringify(refused)).toContain("UNAUTHENTICATED");
    await anonymous.close();
  });
});

describe("across two server processes through Redis", () => {
  let redisUrl: string | undefined;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    redisUrl = await answeringRedisUrl();
    if (!redisUrl) return;
    // processes of one deployment share the token key and the database
    const JWT_SECRET = "notify-live-test-secret-shared-by-both";
    a = await startTestServer({ env: { REDIS_URL: redisUrl, JWT_SECRET } });
    b = await startTestServer({
      env: { REDIS_URL: redisUrl, JWT_SECRET, DATABASE_URL: String((a.dataSource.options as { url?: string }).url) },
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("a message sent through A notifies its recipient subscribed on B", async (ctx) => {
    if (!redisUrl) return ctx.skip(NO_REDIS);
    const [seller, buyer] = await Promise.all([signUp(a, "seller"), signUp(a)]);
    const onB = subscribe(b, seller.token);
    await onB.ready(probe(b, seller));
    const conversationId = await ask(a, buyer, seller, "Can you do Rs 1,500?");
    expect((await onB.next()).value?.data?.notificationAdded.notification).toMatchObject({
      kind: "NEW_MESSAGE",
      link: `/messages/${conversationId}`,
    });
    await onB.close();
  });
});
