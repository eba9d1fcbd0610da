import type { LookupFunction } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webPush from "web-push";
import { asCaller, established, insertOrder, insertProduct, signUp, type SignedIn } from "../../test/fixtures";
import { codeOf, jobsSettled, startTestServer, type TestServer } from "../../test/harness";
import { browserKeys, decryptPush, localPushService, verifyVapid, type BrowserKeys } from "../../test/push-service";
import { said } from "../../test/notifications";
import { answeringRedisUrl, NO_REDIS } from "../../test/redis";
import { subscribeOverSocket } from "../../test/websocket";
import { NotificationKind } from "../notifications/entity";
import { Fulfilment, MeetupState, Order, OrderStatus } from "../orders/entity";
import { PushService } from "./service";

/** The tests' push service listens on loopback: the one private host these servers may push to. */
const TEST_PUSH_HOSTS = { PUSH_PRIVATE_HOSTS: "127.0.0.1" };

/**
 * Web Push end to end: a device opts in over GraphQL, a notification becomes a job, the job signs
 * (VAPID) and encrypts (RFC 8291) the push, and a push service of the test's own receives it and
 * decrypts it with the browser's keys. No external push service.
 */

const SAVE = `mutation ($input: PushDeviceInput!) { savePushDevice(input: $input) { endpoint kinds } }`;
const DEVICE = `query ($endpoint: String!) { pushDevice(endpoint: $endpoint) { endpoint kinds } }`;
const REMOVE = `mutation ($endpoint: String!) { removePushDevice(endpoint: $endpoint) }`;

describe("Web Push", () => {
  let server: TestServer;
  let pushService: Awaited<ReturnType<typeof localPushService>>;
  let seller: SignedIn;
  let buyer: SignedIn;
  let conversationId: string;

  const subscribe = (who: SignedIn, path: string, keys: BrowserKeys, kinds: string[]) =>
    server.gql(SAVE, { input: { endpoint: pushService.endpoint(path), p256dh: keys.p256dh, auth: keys.auth, kinds } }, who.token);
  const pushesTo = (path: string) => pushService.received.filter((push) => push.path === path);
  const message = async (body: string) => {
    await server.services.conversations.send({ conversationId, body }, asCaller(buyer));
    await jobsSettled(server);
  };

  beforeAll(async () => {
    [server, pushService] = await Promise.all([startTestServer({ env: TEST_PUSH_HOSTS }), localPushService()]);
    [seller, buyer] = await Promise.all([signUp(server, "seller"), signUp(server)]);
    await established(server, seller, buyer);
    const product = await insertProduct(server.dataSource, seller.user.id);
    conversationId = (await server.services.conversations.start(product.id, asCaller(buyer))).id;
  });
  afterAll(async () => {
    await server.close();
    await pushService.close();
  });

  it("offers its VAPID public key to anyone, the key the pushes are signed with", async () => {
    const answer = await server.gql<{ pushPublicKey: string }>(`{ pushPublicKey }`);
    expect(answer.data?.pushPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it("pushes a new message to the seller's opted-in device, encrypted for that device and signed with VAPID", async () => {
    const keys = browserKeys();
    const saved = await subscribe(seller, "/seller-phone", keys, ["MESSAGES", "ORDERS"]);
    expect(saved.data?.savePushDevice).toEqual({ endpoint: pushService.endpoint("/seller-phone"), kinds: ["MESSAGES", "ORDERS"] });

    await message("Is the calculator still available?");
    const [push] = pushesTo("/seller-phone");
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const { pushPublicKey } = (await server.gql<{ pushPublicKey: string }>(`{ pushPublicKey }`)).data!;
    expect(verifyVapid(push, pushService.origin)).toMatchObject({ k: pushPublicKey, sub: expect.stringMatching(/^mailto:/) });
    expect(decryptPush(push, keys)).toEqual({
      title: "New message",
      body: `${buyer.user.username}: Is the calculator still available?`,
      url: `/messages/${conversationId}`,
      tag: `/messages/${conversationId}`,
      lang: "en",
    });
    // another device's keys cannot read it
    expect(() => decryptPush(push, browserKeys())).toThrow();
  });

  it("writes a push in its recipient's chosen language: Urdu, with the English name and text isolated", async () => {
    const keys = browserKeys();
    expect((await subscribe(buyer, "/buyer-watch", keys, ["MESSAGES"])).errors).toBeUndefined();
    const chose = await server.gql(`mutation { setLanguage(language: "ur") }`, {}, buyer.token);
    expect(chose.data).toEqual({ setLanguage: "ur" });
    await server.services.conversations.send({ conversationId, body: "Yes, 15% off today" }, asCaller(seller));
    await jobsSettled(server);
    const [push] = pushesTo("/buyer-watch");
    expect(decryptPush(push, keys)).toEqual({
      title: "نیا پیغام",
      body: `\u2068${seller.user.username}\u2069: \u2068Yes, 15% off today\u2069`,
      url: `/messages/${conversationId}`,
      tag: `/messages/${conversationId}`,
      lang: "ur",
    });
    // a language the app does not have is refused, and the choice stays
    const refused = await server.gql(`mutation { setLanguage(language: "fr") }`, {}, buyer.token);
    expect(codeOf(refused)).toBe("BAD_USER_INPUT");
    expect((await server.dataSource.query(`SELECT language FROM users WHERE id = $1`, [buyer.user.id]))[0].language).toBe("ur");
    await server.gql(`mutation { setLanguage(language: "en") }`, {}, buyer.token);
    await server.gql(REMOVE, { endpoint: pushService.endpoint("/buyer-watch") }, buyer.token);
  });

  it("pushes only the kinds a device chose", async () => {
    const before = pushesTo("/seller-phone").length;
    await server.services.notifications.notify(seller.user.id, {
      kind: NotificationKind.OFFER,
      message: said("An offer changed"),
      link: "/messages",
    });
    await jobsSettled(server);
    expect(pushesTo("/seller-phone")).toHaveLength(before);

    await subscribe(seller, "/seller-phone", browserKeys(), ["OFFERS"]);
    await message("And the charger?");
    expect(pushesTo("/seller-phone")).toHaveLength(before);
  });

  it("pushes a saved-search match and a meetup reminder to the devices that opted into SAVED_SEARCHES and MEETUPS", async () => {
    const keys = browserKeys();
    await subscribe(buyer, "/buyer-phone", keys, ["SAVED_SEARCHES", "MEETUPS"]);
    await subscribe(buyer, "/buyer-tablet", browserKeys(), ["MESSAGES"]);
    await server.services.savedSearches.save({ filter: { search: "zylophonic" } }, asCaller(buyer));
    const listed = await server.services.products.create(
      {
        name: "Zylophonic desk lamp",
        description: "Bright LED lamp, three levels.",
        category: "furniture",
        price: 1200,
        image: "/uploads/zylo.webp",
      },
      asCaller(seller),
    );
    await jobsSettled(server);
    const [match] = pushesTo("/buyer-phone");
    expect(decryptPush(match, keys)).toMatchObject({ title: "New listing for you", url: `/shop/${listed.id}` });

    const product = await insertProduct(server.dataSource, seller.user.id);
    const order = await insertOrder(server.dataSource, { buyerId: buyer.user.id, lines: [{ product }], status: OrderStatus.CONFIRMED });
    await server.dataSource.getRepository(Order).update(order.id, {
      fulfilment: Fulfilment.MEETUP,
      meetupCampus: "nust-islamabad",
      meetupPoint: "nust-islamabad-gate",
      meetupAt: new Date(server.clock.now().getTime() + 30 * 60_000),
      meetupState: MeetupState.CONFIRMED,
    });
    await server.dataSource.transaction((manager) => server.services.jobs.enqueue(manager, "meetups.remind", {}));
    await jobsSettled(server);
    expect(pushesTo("/buyer-phone")).toHaveLength(2);
    expect(decryptPush(pushesTo("/buyer-phone")[1], keys)).toMatchObject({ title: "Meetup soon", url: `/orders/${order.id}` });
    expect(pushesTo("/buyer-tablet")).toEqual([]);
  });

  it("sends nothing while a tab of the recipient is open, and again once it is closed", async () => {
    const keys = browserKeys();
    await subscribe(seller, "/seller-laptop", keys, ["MESSAGES"]);
    const tab = subscribeOverSocket<{ notificationAdded: { notification: { text: string } } }>(
      server,
      seller.token,
      `subscription { notificationAdded { notification { text } } }`,
      (data) => data?.notificationAdded.notification.text === "probe",
    );
    await tab.ready(() =>
      server.services.notifications.notify(seller.user.id, { kind: NotificationKind.SAVED_ITEM, message: said("probe"), link: "/" }),
    );
    await message("Seen in the open tab");
    expect(pushesTo("/seller-laptop")).toHaveLength(0);

    await tab.close();
    // the socket's close reaches the server a moment after the client's
    await expect.poll(() => server.services.presence.isPresent(seller.user.id)).toBe(false);
    await message("Now the tab is closed");
    expect(pushesTo("/seller-laptop")).toHaveLength(1);
    expect(decryptPush(pushesTo("/seller-laptop")[0], keys)).toMatchObject({ body: `${buyer.user.username}: Now the tab is closed` });
  });

  it("removes a subscription its push service answers 410 Gone, and keeps pushing to the others", async () => {
    await subscribe(seller, "/seller-old-phone", browserKeys(), ["MESSAGES"]);
    pushService.statusFor.set("/seller-old-phone", 410);
    const laptopBefore = pushesTo("/seller-laptop").length;
    await message("Anyone there?");
    expect(pushesTo("/seller-old-phone")).toHaveLength(1);
    expect(pushesTo("/seller-laptop")).toHaveLength(laptopBefore + 1);
    const gone = await server.gql(DEVICE, { endpoint: pushService.endpoint("/seller-old-phone") }, seller.token);
    expect(gone.data?.pushDevice).toBeNull();

    await message("Still there?");
    expect(pushesTo("/seller-old-phone")).toHaveLength(1);
  });

  it("refuses keys and endpoints that are not a browser's, and saves nothing", async () => {
    const keys = browserKeys();
    const endpoint = pushService.endpoint("/bad");
    const cases = [
      [{ endpoint, p256dh: keys.auth, auth: keys.auth }, "p256dh"],
      [{ endpoint, p256dh: keys.p256dh, auth: "short" }, "auth"],
      [{ endpoint: "javascript:alert(1)", p256dh: keys.p256dh, auth: keys.auth }, "endpoint"],
      [{ endpoint: `${endpoint}/${"x".repeat(1000)}`, p256dh: keys.p256dh, auth: keys.auth }, "endpoint"],
    ] as const;
    for (const [device, field] of cases) {
      const answer = await server.gql(SAVE, { input: { ...device, kinds: ["MESSAGES"] } }, seller.token);
      expect(codeOf(answer), field).toBe("BAD_USER_INPUT");
      expect(answer.errors?.[0].extensions?.fields).toHaveProperty(field);
    }
    const [{ n }] = await server.dataSource.query(`SELECT count(*)::int AS n FROM push_subscriptions WHERE endpoint LIKE $1`, [
      `${endpoint}%`,
    ]);
    expect(n).toBe(0);
  });

  it("lets only the device's own user see or remove its subscription", async () => {
    const endpoint = pushService.endpoint("/seller-tablet");
    await subscribe(seller, "/seller-tablet", browserKeys(), ["ORDERS"]);
    expect((await server.gql(DEVICE, { endpoint }, buyer.token)).data?.pushDevice).toBeNull();
    expect((await server.gql(REMOVE, { endpoint }, buyer.token)).data?.removePushDevice).toBe(false);
    expect((await server.gql(DEVICE, { endpoint }, seller.token)).data?.pushDevice).toEqual({ endpoint, kinds: ["ORDERS"] });

    expect((await server.gql(REMOVE, { endpoint }, seller.token)).data?.removePushDevice).toBe(true);
    expect((await server.gql(DEVICE, { endpoint }, seller.token)).data?.pushDevice).toBeNull();
  });

  it("refuses to send to a host that resolves to a private address, checked on every send", async () => {
    // a resolver of the test's own: these names point at the machine itself, as `vm` or `localhost.` can
    const lookups: string[] = [];
    const lookup = ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      lookups.push(hostname);
      const address = hostname === "push.inside.test" ? "127.0.0.1" : "::ffff:127.0.0.1";
      if (options.all) callback(null, [{ address, family: address.includes(":") ? 6 : 4 }]);
      else callback(null, address, address.includes(":") ? 6 : 4);
    }) as LookupFunction;
    const vapid = { ...webPush.generateVAPIDKeys(), subject: "mailto:ops@unibazaar.pk" };
    // what production runs with: no host let through to a private address
    const push = new PushService(
      server.dataSource,
      server.services.jobs,
      server.services.presence,
      { vapid, allowHttpPushEndpoints: true, pushPrivateHosts: [] },
      undefined,
      lookup,
    );
    const port = new URL(pushService.origin).port;
    const keys = browserKeys();
    const endpoints = [
      `http://push.inside.test:${port}/resolved-inside`,
      `http://mapped.inside.test:${port}/resolved-mapped`,
      `http://127.0.0.1:${port}/literal`,
      `http://[::1]:${port}/literal-v6`,
    ];
    const before = pushService.received.length;
    for (const endpoint of endpoints) {
      const [{ id }] = await server.dataSource.query(
        `INSERT INTO push_subscriptions ("userId", endpoint, p256dh, auth, kinds) VALUES ($1, $2, $3, $4, '{MESSAGES}') RETURNING id`,
        [seller.user.id, endpoint, keys.p256dh, keys.auth],
      );
      const send = () =>
        server.dataSource.transaction((manager) =>
          push.sendJob({ subscriptionId: id, message: { title: "t", body: "b", url: "/", tag: "/" } }, manager),
        );
      await expect(send(), endpoint).rejects.toThrow(/not allowed/);
      // a second send resolves and checks again (an answer that changed is not trusted from before)
      await expect(send(), endpoint).rejects.toThrow(/not allowed/);
    }
    expect(lookups).toEqual(["push.inside.test", "push.inside.test", "mapped.inside.test", "mapped.inside.test"]);
    expect(pushService.received.length).toBe(before);
    // the app's own sender would retry these: they go, so later tests' jobs settle
    await server.dataSource.query(`DELETE FROM push_subscriptions WHERE endpoint = ANY($1)`, [endpoints]);
  });

  it("stops pushing to a device once its user's sessions end: a logout, a password change", async () => {
    const owner = await signUp(server);
    await established(server, owner);
    const product = await insertProduct(server.dataSource, seller.user.id);
    const chat = (await server.services.conversations.start(product.id, asCaller(owner))).id;
    const tell = async (body: string) => {
      await server.services.conversations.send({ conversationId: chat, body }, asCaller(seller));
      await jobsSettled(server);
    };
    const login = async () =>
      (
        await server.gql<{ login: { token: string } }>(`mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`, {
          e: owner.user.email,
          p: owner.password,
        })
      ).data!.login.token;

    // a library PC: the owner signs out, the browser stays subscribed
    await subscribe(owner, "/library-pc", browserKeys(), ["MESSAGES"]);
    expect((await server.gql(`mutation { logout }`, {}, owner.token)).errors).toBeUndefined();
    await tell("Meet at the library gate?");
    expect(pushesTo("/library-pc")).toEqual([]);

    // a stolen session's browser: the owner changes the password from their own
    const token = await login();
    await subscribe({ ...owner, token }, "/thief-laptop", browserKeys(), ["MESSAGES"]);
    const changed = await server.gql<{ changePassword: { token: string } }>(
      `mutation ($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) { token } }`,
      { c: owner.password, n: "a-brand-new-password" },
      token,
    );
    expect(changed.errors).toBeUndefined();
    await tell("Bring the charger too");
    expect(pushesTo("/thief-laptop")).toEqual([]);

    // the device the owner turns push on with the new session gets them
    const fresh = { ...owner, token: changed.data!.changePassword.token };
    const keys = browserKeys();
    await subscribe(fresh, "/owner-phone", keys, ["MESSAGES"]);
    await tell("See you at 5");
    expect(pushesTo("/owner-phone")).toHaveLength(1);
    expect(decryptPush(pushesTo("/owner-phone")[0], keys)).toMatchObject({ body: `${seller.user.username}: See you at 5` });
  });

  it("gives a device that changed hands to the user who signed in there last", async () => {
    const keys = browserKeys();
    await subscribe(seller, "/shared-lab-pc", keys, ["MESSAGES"]);
    await subscribe(buyer, "/shared-lab-pc", keys, ["ORDERS"]);
    await message("The seller's message, on the buyer's device now");
    expect(pushesTo("/shared-lab-pc")).toHaveLength(0);
  });
});

describe("Web Push across two server processes (presence through Redis)", () => {
  let redisUrl: string | undefined;
  let a: TestServer;
  let b: TestServer;
  let pushService: Awaited<ReturnType<typeof localPushService>>;
  beforeAll(async () => {
    redisUrl = await answeringRedisUrl();
    if (!redisUrl) return;
    pushService = await localPushService();
    // processes of one deployment share the token key, the VAPID keys and the database
    const keys = webPush.generateVAPIDKeys();
    const env = {
      ...TEST_PUSH_HOSTS,
      REDIS_URL: redisUrl,
      JWT_SECRET: "push-presence-test-secret-shared-by-both",
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
    };
    a = await startTestServer({ env });
    b = await startTestServer({ env: { ...env, DATABASE_URL: String((a.dataSource.options as { url?: string }).url) } });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await pushService?.close();
  });

  it("sends nothing while the recipient's tab is open on the other process", async (ctx) => {
    if (!redisUrl) return ctx.skip(NO_REDIS);
    const [seller, buyer] = await Promise.all([signUp(a, "seller"), signUp(a)]);
    await established(a, seller, buyer);
    const product = await insertProduct(a.dataSource, seller.user.id);
    const conversationId = (await b.services.conversations.start(product.id, asCaller(buyer))).id;
    const keys = browserKeys();
    const input = { endpoint: pushService.endpoint("/phone"), p256dh: keys.p256dh, auth: keys.auth, kinds: ["MESSAGES"] };
    expect(
      codeOf(await a.gql(`mutation ($input: PushDeviceInput!) { savePushDevice(input: $input) { kinds } }`, { input }, seller.token)),
    ).toBeUndefined();
    const message = async (body: string) => {
      await b.services.conversations.send({ conversationId, body }, asCaller(buyer));
      await Promise.all([jobsSettled(a), jobsSettled(b)]);
    };

    const tab = subscribeOverSocket(a, seller.token, `subscription { notificationAdded { unreadCount } }`, () => false);
    await expect.poll(() => b.services.presence.isPresent(seller.user.id)).toBe(true);
    await message("Seen in the tab open on the other process");
    expect(pushService.received).toHaveLength(0);

    await tab.close();
    await expect.poll(() => b.services.presence.isPresent(seller.user.id)).toBe(false);
    await message("Pushed once the tab is closed");
    expect(pushService.received).toHaveLength(1);
    expect(decryptPush(pushService.received[0], keys)).toMatchObject({ body: `${buyer.user.username}: Pushed once the tab is closed` });
  });
});
