import { createClient } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { NotificationKind } from "../modules/notifications/entity";
import { MAX_SOCKET_FRAME_BYTES, MAX_SOCKETS_PER_ADDRESS, MAX_SUBSCRIPTIONS_PER_SOCKET } from "../platform/limits";
import { signUp, signUpCast, type Cast } from "../test/fixtures";
import { startTestServer, type TestServer } from "../test/harness";
import { NO_REDIS, answeringRedisUrl } from "../test/redis";

/**
 * WebSockets (subscriptions on /graphql) that outlive their caller's token, and sockets that ask
 * for more than their share: each is closed or refused by the server.
 */

const FORBIDDEN = 4403;
const socketUrl = (server: TestServer) => `${server.url.replace(/^http/, "ws")}/graphql`;

/** A graphql-ws connection, acknowledged by the server, holding one notification subscription. */
async function openSocket(server: TestServer, token: string) {
  let isClosed = false;
  let closedWith: (event: { code: number; reason: string }) => void = () => undefined;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => (closedWith = resolve));
  let connectedNow: () => void = () => undefined;
  const connected = new Promise<void>((resolve) => (connectedNow = resolve));
  const client = createClient({
    url: socketUrl(server),
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    lazy: false,
    onNonLazyError: () => undefined,
    retryAttempts: 0,
    on: {
      connected: () => connectedNow(),
      closed: (event) => {
        isClosed = true;
        closedWith(event as { code: number; reason: string });
      },
    },
  });
  client.subscribe(
    { query: `subscription { notificationAdded { unreadCount } }` },
    { next: () => undefined, error: () => undefined, complete: () => undefined },
  );
  await connected;
  return { closed, isOpen: () => !isClosed, dispose: () => client.dispose() };
}

/** A plain WebSocket on the graphql-ws protocol: open, or the HTTP status that refused the upgrade. */
function rawSocket(server: TestServer): Promise<{ socket?: WebSocket; status?: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(socketUrl(server), "graphql-transport-ws");
    socket.once("open", () => resolve({ socket }));
    socket.once("unexpected-response", (_req, res) => resolve({ status: res.statusCode }));
    socket.once("error", reject);
  });
}

const closeOf = (socket: WebSocket) => new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));

describe("sockets re-check their caller", () => {
  let server: TestServer;
  let cast: Cast;
  beforeAll(async () => {
    server = await startTestServer();
    cast = await signUpCast(server);
  });
  afterAll(() => server.close());

  it("closes a user's sockets when they log out, and nobody else's", async () => {
    const user = await signUp(server);
    const [mine, other] = await Promise.all([openSocket(server, user.token), openSocket(server, cast.otherBuyer.token)]);
    const res = await server.gql(`mutation { logout }`, {}, user.token);
    expect(res.errors).toBeUndefined();
    expect(await mine.closed).toMatchObject({ code: FORBIDDEN });
    expect(other.isOpen()).toBe(true);
    await Promise.all([mine.dispose(), other.dispose()]);
  });

  it("closes a suspended user's sockets", async () => {
    const user = await signUp(server);
    const socket = await openSocket(server, user.token);
    const res = await server.gql(
      `mutation ($id: ID!) { moderate(input: { targetKind: USER, targetId: $id, action: SUSPEND_USER, note: "spam" }) { id } }`,
      { id: user.user.id },
      cast.admin.token,
    );
    expect(res.errors).toBeUndefined();
    expect(await socket.closed).toMatchObject({ code: FORBIDDEN });
    await socket.dispose();
  });

  it("closes the sockets of earlier tokens when the password changes, not the one opened with the new token", async () => {
    const user = await signUp(server);
    const before = await openSocket(server, user.token);
    const res = await server.gql(
      `mutation ($old: String!) { changePassword(currentPassword: $old, newPassword: "another-horse-43") { token } }`,
      { old: user.password },
      user.token,
    );
    expect(res.errors).toBeUndefined();
    expect(await before.closed).toMatchObject({ code: FORBIDDEN });
    const after = await openSocket(server, res.data.changePassword.token as string);
    // a later revocation of someone else leaves it open; its own token is still good
    await server.gql(`mutation { logout }`, {}, (await signUp(server)).token);
    expect(after.isOpen()).toBe(true);
    await Promise.all([before.dispose(), after.dispose()]);
  });

  it("closes a socket when its token expires", async () => {
    const shortLived = await startTestServer({ env: { JWT_EXPIRES_IN: "2s" } });
    try {
      const user = await signUp(shortLived);
      const socket = await openSocket(shortLived, user.token);
      expect(await socket.closed).toMatchObject({ code: FORBIDDEN, reason: "The token has expired" });
      await socket.dispose();
    } finally {
      await shortLived.close();
    }
  });
});

describe("a revocation reaches sockets held by another process, through Redis", () => {
  it("closes the socket on B when the user logs out through A", async (ctx) => {
    const REDIS_URL = await answeringRedisUrl();
    if (!REDIS_URL) return ctx.skip(NO_REDIS);
    const JWT_SECRET = "hostile-sockets-secret-shared-by-both-processes";
    const a = await startTestServer({ env: { REDIS_URL, JWT_SECRET } });
    const databaseUrl = String((a.dataSource.options as { url?: string }).url);
    const b = await startTestServer({ env: { REDIS_URL, JWT_SECRET, DATABASE_URL: databaseUrl } });
    try {
      const user = await signUp(a);
      const onB = await openSocket(b, user.token);
      await a.gql(`mutation { logout }`, {}, user.token);
      expect(await onB.closed).toMatchObject({ code: FORBIDDEN });
      await onB.dispose();
    } finally {
      await b.close();
      await a.close();
    }
  });
});

describe("WebSocket limits", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it(`refuses the upgrade past ${MAX_SOCKETS_PER_ADDRESS} open sockets from one address, and takes one again once a socket closes`, async () => {
    const open = await Promise.all(Array.from({ length: MAX_SOCKETS_PER_ADDRESS }, () => rawSocket(server)));
    expect(open.every(({ socket }) => socket)).toBe(true);
    expect(await rawSocket(server)).toEqual({ status: 429 });
    const first = open[0].socket!;
    const gone = closeOf(first);
    first.close();
    await gone;
    // the server counts the connection out when its TCP connection closes: retry until it has
    let again = await rawSocket(server);
    for (let tries = 0; again.status === 429 && tries < 50; tries++) again = await rawSocket(server);
    expect(again.socket).toBeDefined();
    await Promise.all(
      [...open.slice(1), again].map(({ socket }) => {
        const closing = closeOf(socket!);
        socket!.close();
        return closing;
      }),
    );
  });

  it(`closes a socket that sends a frame over ${MAX_SOCKET_FRAME_BYTES / 1024} KB (1009: message too big)`, async () => {
    const { socket } = await rawSocket(server);
    const closed = closeOf(socket!);
    socket!.send(JSON.stringify({ type: "connection_init", payload: { pad: "x".repeat(MAX_SOCKET_FRAME_BYTES) } }));
    expect(await closed).toBe(1009);
  });

  it(`refuses more than ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions at once on one socket`, async () => {
    const user = await signUp(server);
    const client = createClient({
      url: socketUrl(server),
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${user.token}` },
      retryAttempts: 0,
    });
    const subscribe = () =>
      new Promise<string>((resolve) => {
        client.subscribe(
          { query: `subscription { notificationAdded { unreadCount } }` },
          { next: () => resolve("event"), error: (errors) => resolve(JSON.stringify(errors)), complete: () => resolve("complete") },
        );
      });
    const allowed = Array.from({ length: MAX_SUBSCRIPTIONS_PER_SOCKET }, subscribe);
    // notifications until every allowed subscription has had one: then all of them are listening
    const delivered = Promise.all(allowed);
    let listening = false;
    void delivered.then(() => (listening = true));
    await expect
      .poll(
        async () => {
          if (!listening)
            await server.services.notifications.notify(user.user.id, {
              kind: NotificationKind.OFFER,
              message: { key: "legacy", params: { text: "probe" } },
              link: "/",
            });
          return listening;
        },
        { timeout: 10_000, interval: 250 },
      )
      .toBe(true);
    expect(await delivered).toEqual(Array(MAX_SUBSCRIPTIONS_PER_SOCKET).fill("event"));
    const refused = await subscribe();
    expect(refused).toContain("RATE_LIMITED");
    expect(refused).toContain(`At most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions at once`);
    await client.dispose();
  });

  it("counts only the subscriptions it let through, even in a burst of subscribes sent at once", async () => {
    const user = await signUp(server);
    const { socket } = await rawSocket(server);
    const messages: { id?: string; type: string }[] = [];
    let onMessage: () => void = () => undefined;
    socket!.on("message", (data: Buffer) => {
      messages.push(JSON.parse(data.toString()));
      onMessage();
    });
    const until = (done: () => boolean) =>
      new Promise<void>((resolve) => {
        onMessage = () => done() && resolve();
        onMessage();
      });
    socket!.send(JSON.stringify({ type: "connection_init", payload: { authorization: `Bearer ${user.token}` } }));
    await until(() => messages.some((message) => message.type === "connection_ack"));
    const subscribe = (id: string, query: string) => socket!.send(JSON.stringify({ id, type: "subscribe", payload: { query } }));
    // sent in one tick: the server reads the whole burst before it answers any of it
    for (let i = 0; i < 5; i++) subscribe(`bad${i}`, "subscription {");
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_SOCKET; i++) subscribe(`ok${i}`, "subscription { notificationAdded { unreadCount } }");
    const refusedIds = () => messages.filter((message) => message.type === "error").map((message) => message.id);
    await until(() => refusedIds().length >= 5);
    // the pong comes after every answer to the burst
    socket!.send(JSON.stringify({ type: "ping" }));
    await until(() => messages.some((message) => message.type === "pong"));
    expect(refusedIds()).toEqual(["bad0", "bad1", "bad2", "bad3", "bad4"]);
    subscribe("extra", "subscription { notificationAdded { unreadCount } }");
    await until(() => messages.some((message) => message.id === "extra"));
    expect(JSON.stringify(messages.at(-1))).toContain("RATE_LIMITED");
    socket!.close();
  });
});
