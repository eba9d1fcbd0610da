import { Redis } from "ioredis";
import { createServer, connect, type AddressInfo, type Server, type Socket } from "node:net";
import { Writable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { Client } from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGE_MAX_LENGTH } from "@unibazaar/rules";
import { NotificationKind } from "../modules/notifications/entity";
import { insertProduct, signUp, signUpCast, type SignedIn } from "../test/fixtures";
import { databaseOf, startTestServer, type TestServer } from "../test/harness";
import { said } from "../test/notifications";
import { LIVE_FALLBACK_GRACE_MS } from "../platform/limits";
import { FALLBACK_CHANNEL } from "../platform/live";
import { firstConnection, RedisCircuit } from "../platform/redis";
import { answeringRedisUrl, NO_REDIS } from "../test/redis";
import { subscribeOverSocket } from "../test/websocket";

/**
 * A Redis that accepts connections and never answers (paused, or a dead proxy in between) costs
 * nothing once the circuit around it opens: every read is answered from PostgreSQL and this
 * process's cache, live events reach the other processes through PostgreSQL, /ready says
 * `degraded`, and the outage is logged once.
 */

const READ = `{ products(pageSize: 5) { totalItems } }`;
/** A signed-in read: past the public answers' cache, through the resolvers' own (the catalogue's). */
const SIGNED_IN_READ = `{ me { id } products(pageSize: 5) { totalItems } }`;
const SEND = `mutation ($c: ID!, $b: String!) { sendMessage(conversationId: $c, body: $b) { id } }`;

/**
 * The Redis commands clients wrote, by name (upper case): each connection's bytes read as one
 * stream of RESP arrays. `clear()` starts afresh.
 */
function commandLog() {
  const written = new Map<Socket, string>();
  return {
    record: (socket: Socket, chunk: Buffer) => written.set(socket, (written.get(socket) ?? "") + chunk.toString("latin1")),
    names: () =>
      [...written.values()].flatMap((text) => [...text.matchAll(/\*\d+\r\n\$\d+\r\n([A-Za-z]+)\r\n/g)].map((m) => m[1].toUpperCase())),
    clear: () => written.clear(),
  };
}

/** What is sent without any request: the background probes' PING, and each (re)connection's handshake and ready check. */
const BACKGROUND = new Set(["PING", "HELLO", "CLIENT", "INFO"]);

/** A TCP server that reads whatever it is sent and never says a word; `commands` logs what it was sent. */
async function silentServer() {
  const sockets = new Set<Socket>();
  const commands = commandLog();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("data", (chunk: Buffer) => commands.record(socket, chunk));
    socket.on("error", () => undefined);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    commands,
    close: () => closeServer(server, sockets),
  };
}

/**
 * A proxy to `target` that can fall silent as a paused Redis does: from `silence()` on it reads
 * and holds everything, answering nothing, until `resume()` passes on what it held. `heldCommands`
 * logs the commands sent to it while silent.
 */
async function silenceableProxy(target: string) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  let silent = false;
  const held: Array<() => void> = [];
  const heldCommands = commandLog();
  const pass = (to: Socket) => (chunk: Buffer) => (silent ? held.push(() => to.write(chunk)) : to.write(chunk));
  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => undefined);
      socket.on("close", () => sockets.delete(socket));
    }
    client.on("data", pass(upstream));
    client.on("data", (chunk: Buffer) => silent && heldCommands.record(client, chunk));
    upstream.on("data", pass(client));
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    heldCommands,
    silence: () => (silent = true),
    resume: () => {
      silent = false;
      for (const write of held.splice(0)) write();
    },
    close: () => closeServer(server, sockets),
  };
}

function closeServer(server: Server, sockets: Set<Socket>): Promise<void> {
  for (const socket of sockets) socket.destroy();
  return new Promise((resolve) => server.close(() => resolve()));
}

const ready = async (server: TestServer) => {
  const res = await fetch(`${server.url}/ready`);
  return { status: res.status, body: (await res.json()) as { status: string; redis?: string } };
};

async function conversationBetween(server: TestServer, seller: SignedIn, buyer: SignedIn): Promise<string> {
  const product = await insertProduct(server.dataSource, seller.user.id);
  const res = await server.gql(`mutation ($p: ID!) { startConversation(productId: $p) { id } }`, { p: product.id }, buyer.token);
  return res.data.startConversation.id as string;
}

describe("a Redis that never answers, from boot", () => {
  let silent: Awaited<ReturnType<typeof silentServer>>;
  let server: TestServer;
  beforeAll(async () => {
    silent = await silentServer();
    server = await startTestServer({ env: { REDIS_URL: silent.url } });
  });
  afterAll(async () => {
    await server?.close();
    await silent?.close();
  });

  it("serves every read, reports degraded, delivers live events, and tells the admins", async () => {
    await expect
      .poll(() => ready(server))
      .toEqual({ status: 200, body: { status: "degraded", database: "ok", redis: "unavailable", searchIndex: expect.any(String) } });
    const { seller, buyer, admin } = await signUpCast(server);
    silent.commands.clear();
    const results = await Promise.all(Array.from({ length: 40 }, () => server.gql(READ)));
    for (const result of results) expect(result).toEqual({ data: { products: { totalItems: expect.any(Number) } } });
    const signedIn = await Promise.all(Array.from({ length: 20 }, () => server.gql(SIGNED_IN_READ, {}, buyer.token)));
    for (const result of signedIn)
      expect(result).toEqual({ data: { me: { id: buyer.user.id }, products: { totalItems: expect.any(Number) } } });
    // with the circuit open no read sends Redis a command (only the background probes and reconnections do)
    expect(silent.commands.names().filter((name) => !BACKGROUND.has(name))).toEqual([]);

    const conversationId = await conversationBetween(server, seller, buyer);
    const socket = subscribeOverSocket<{ messageReceived: { body: string } }>(
      server,
      seller.token,
      `subscription { messageReceived { body } }`,
      (data) => data?.messageReceived.body === "probe",
    );
    try {
      await socket.ready(() => server.gql(SEND, { c: conversationId, b: "probe" }, buyer.token));
      await server.gql(SEND, { c: conversationId, b: "sent with Redis silent" }, buyer.token);
      expect((await socket.next()).value?.data?.messageReceived.body).toBe("sent with Redis silent");
    } finally {
      await socket.close();
    }

    const status = await server.gql(`{ systemStatus { database redis storage queuedJobs failedJobs } }`, {}, admin.token);
    expect(status.data?.systemStatus).toMatchObject({ database: "ok", redis: "unavailable", storage: null });
    const refused = await server.gql(`{ systemStatus { database } }`, {}, buyer.token);
    expect(refused.errors?.[0].extensions?.code).toBe("FORBIDDEN");
  });
});

describe("a Redis that falls silent while the server runs", () => {
  let redisUrl: string | undefined;
  let proxy: Awaited<ReturnType<typeof silenceableProxy>>;
  let server: TestServer;
  beforeAll(async () => {
    redisUrl = await answeringRedisUrl();
    if (!redisUrl) return;
    proxy = await silenceableProxy(redisUrl);
    server = await startTestServer({ env: { REDIS_URL: proxy.url } });
  });
  afterAll(async () => {
    await server?.close();
    await proxy?.close();
  });

  it(
    "opens the circuit: reads and live events go on without Redis, and come back to it when it answers",
    { timeout: 90_000 },
    async (ctx) => {
      if (!redisUrl) return ctx.skip(NO_REDIS);
      expect(await ready(server)).toEqual({
        status: 200,
        body: { status: "ready", database: "ok", redis: "ok", searchIndex: expect.any(String) },
      });
      const [seller, buyer] = await Promise.all([signUp(server, "seller"), signUp(server)]);
      const conversationId = await conversationBetween(server, seller, buyer);
      const socket = subscribeOverSocket<{ messageReceived: { body: string } }>(
        server,
        seller.token,
        `subscription { messageReceived { body } }`,
        (data) => data?.messageReceived.body === "probe",
      );
      try {
        await socket.ready(() => server.gql(SEND, { c: conversationId, b: "probe" }, buyer.token));

        proxy.silence();
        // the first reads wait out the command budget and open the circuit; none fails
        const during = await Promise.all(Array.from({ length: 40 }, () => server.gql(READ)));
        for (const result of during) expect(result).toEqual({ data: { products: { totalItems: expect.any(Number) } } });
        await expect
          .poll(async () => (await ready(server)).body)
          .toEqual({ status: "degraded", database: "ok", redis: "unavailable", searchIndex: expect.any(String) });
        // from here on no read waits on Redis: none sends it a command (only the background probes
        // and reconnections do), so each is answered while Redis has answered nothing at all
        proxy.heldCommands.clear();
        for (let i = 0; i < 20; i++) expect(await server.gql(READ)).toEqual({ data: { products: { totalItems: expect.any(Number) } } });
        for (let i = 0; i < 20; i++) {
          expect(await server.gql(SIGNED_IN_READ, {}, buyer.token)).toEqual({
            data: { me: { id: buyer.user.id }, products: { totalItems: expect.any(Number) } },
          });
        }
        expect(proxy.heldCommands.names().filter((name) => !BACKGROUND.has(name))).toEqual([]);
        await server.gql(SEND, { c: conversationId, b: "sent while Redis is silent" }, buyer.token);
        expect((await socket.next()).value?.data?.messageReceived.body).toBe("sent while Redis is silent");

        proxy.resume();
        await expect
          .poll(async () => (await ready(server)).body, { timeout: 15_000 })
          .toEqual({ status: "ready", database: "ok", redis: "ok", searchIndex: expect.any(String) });
        // back on Redis: answers are kept there again
        const watcher = new Redis(redisUrl);
        try {
          await expect
            .poll(async () => {
              await server.gql(`{ products(pageSize: 3) { totalItems } }`);
              return (await watcher.keys("unibazaar:cache:*")).length;
            })
            .toBeGreaterThan(0);
        } finally {
          watcher.disconnect();
        }
      } finally {
        await socket.close();
      }
    },
  );
});

/** Processes of one deployment share the database and the token key. */
const JWT_SECRET = "redis-silent-test-secret-shared-by-both-processes";
const twoProcesses = async (redisUrl: string): Promise<[TestServer, TestServer]> => {
  const a = await startTestServer({ env: { REDIS_URL: redisUrl, JWT_SECRET } });
  return [a, await startTestServer({ env: { REDIS_URL: redisUrl, JWT_SECRET, DATABASE_URL: databaseOf(a) } })];
};

/** An event crosses between processes within this (a second or less on a quiet machine: room for a busy one). */
const CROSSING_BOUND_MS = 20_000;
/** `promise`'s value, or a failure saying what did not arrive within CROSSING_BOUND_MS. */
async function inTime<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not arrive within ${CROSSING_BOUND_MS} ms`)), CROSSING_BOUND_MS);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

type Added = { notificationAdded: { notification: { text: string } } };
const PROBE = "probe";
/** The `who`'s notifications on `server`, probes skipped. */
const notificationsOn = (server: TestServer, who: SignedIn) => {
  const socket = subscribeOverSocket<Added>(
    server,
    who.token,
    `subscription { notificationAdded { notification { text } } }`,
    (data) => data?.notificationAdded.notification.text === PROBE,
  );
  return {
    ...socket,
    nextText: async () => (await inTime(socket.next(), "a notification on B")).value?.data?.notificationAdded.notification.text,
  };
};
/** Notifies `who` through `server`'s service (no per-minute limit, unlike messages). */
const notifyThrough = (server: TestServer, who: SignedIn, text: string) => () =>
  server.services.notifications.notify(who.user.id, { kind: NotificationKind.OFFER, message: said(text), link: "/" });

/** What crosses between processes on PostgreSQL's live channel, as sent. */
async function fallbackChannelOf(server: TestServer) {
  const payloads: string[] = [];
  const client = new Client({ connectionString: databaseOf(server) });
  await client.connect();
  client.on("notification", ({ payload }) => payloads.push(payload ?? ""));
  await client.query(`LISTEN ${FALLBACK_CHANNEL}`);
  return { carried: (text: string) => payloads.some((payload) => payload.includes(text)), close: () => client.end() };
}

describe("two processes on one database and a Redis that never answers, from boot", () => {
  let silent: Awaited<ReturnType<typeof silentServer>>;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    silent = await silentServer();
    [a, b] = await twoProcesses(silent.url);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await silent?.close();
  });

  it("deliver on B the message and the notification sent through A, while every read answers on both", { timeout: 90_000 }, async () => {
    for (const server of [a, b])
      await expect
        .poll(() => ready(server))
        .toEqual({ status: 200, body: { status: "degraded", database: "ok", redis: "unavailable", searchIndex: expect.any(String) } });
    const [seller, buyer] = await Promise.all([signUp(a, "seller"), signUp(a)]);
    const conversationId = await conversationBetween(a, seller, buyer);
    // a probe sent through A that arrives on B: B listens, and events cross without Redis
    const notifications = notificationsOn(b, seller);
    try {
      await notifications.ready(notifyThrough(a, seller, PROBE));
      await notifyThrough(a, seller, "sent through A with Redis silent")();
      expect(await notifications.nextText()).toBe("sent through A with Redis silent");
    } finally {
      await notifications.close();
    }

    const messages = subscribeOverSocket<{ messageReceived: { body: string } }>(
      b,
      seller.token,
      `subscription { messageReceived { body } }`,
      (data) => data?.messageReceived.body === PROBE,
    );
    try {
      await messages.ready(() => a.gql(SEND, { c: conversationId, b: PROBE }, buyer.token));
      // the longest message there is, in a script of three bytes a character, fits the way through PostgreSQL
      const longest = "語".repeat(MESSAGE_MAX_LENGTH);
      const [sent, ...reads] = await Promise.all([
        a.gql(SEND, { c: conversationId, b: longest }, buyer.token),
        ...[a, b].flatMap((server) => Array.from({ length: 10 }, () => server.gql(SIGNED_IN_READ, {}, seller.token))),
      ]);
      expect(sent.errors).toBeUndefined();
      for (const read of reads)
        expect(read).toEqual({ data: { me: { id: seller.user.id }, products: { totalItems: expect.any(Number) } } });
      expect((await inTime(messages.next(), "the message on B")).value?.data?.messageReceived.body).toBe(longest);
    } finally {
      await messages.close();
    }
  });
});

describe("two processes on one database and a Redis that falls silent, then answers again", () => {
  let redisUrl: string | undefined;
  let proxy: Awaited<ReturnType<typeof silenceableProxy>>;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    redisUrl = await answeringRedisUrl();
    if (!redisUrl) return;
    proxy = await silenceableProxy(redisUrl);
    [a, b] = await twoProcesses(proxy.url);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await proxy?.close();
  });

  it(
    "deliver on B what A sends through PostgreSQL while Redis is silent, then through Redis again, each event once",
    { timeout: 120_000 },
    async (ctx) => {
      if (!redisUrl) return ctx.skip(NO_REDIS);
      const seller = await signUp(a, "seller");
      const onB = notificationsOn(b, seller);
      // what crosses on Redis (watched on Redis itself, past the proxy) and on PostgreSQL
      const redisWatcher = new Redis(redisUrl);
      const onRedis: string[] = [];
      redisWatcher.on("pmessage", (_pattern: string, _channel: string, text: string) => onRedis.push(text));
      await redisWatcher.psubscribe("unibazaar:live:*");
      const onPostgres = await fallbackChannelOf(a);
      try {
        await onB.ready(notifyThrough(a, seller, PROBE));

        proxy.silence();
        // sent before A's circuit has opened: its publish waits out the budget, and goes through PostgreSQL
        await notifyThrough(a, seller, "while silent 1")();
        expect(await onB.nextText()).toBe("while silent 1");
        const reads = await Promise.all([a, b].flatMap((server) => Array.from({ length: 10 }, () => server.gql(READ))));
        for (const read of reads) expect(read).toEqual({ data: { products: { totalItems: expect.any(Number) } } });
        for (const server of [a, b])
          await expect
            .poll(async () => (await ready(server)).body)
            .toEqual({ status: "degraded", database: "ok", redis: "unavailable", searchIndex: expect.any(String) });
        await notifyThrough(a, seller, "while silent 2")();
        expect(await onB.nextText()).toBe("while silent 2");
        await expect.poll(() => onPostgres.carried("while silent 2")).toBe(true);

        // (only live events are published on Redis)
        const publishHeld = proxy.heldCommands.names().includes("PUBLISH");
        proxy.resume();
        // A last: its circuit has closed by the time it says ready
        for (const server of [b, a])
          await expect
            .poll(async () => (await ready(server)).body, { timeout: 15_000 })
            .toEqual({ status: "ready", database: "ok", redis: "ok", searchIndex: expect.any(String) });
        const aClosedBy = Date.now();
        // when the first event's publish reached the silent Redis before A's circuit opened (unless the
        // machine took longer than the command budget to send it), Redis carries it out now: B has had it
        // and skips this copy (it would come before the next event)
        if (publishHeld) await expect.poll(() => onRedis.some((payload) => payload.includes("while silent 1"))).toBe(true);

        // back on Redis (both ways for the grace after the circuit closed): each event arrives once, in order
        await notifyThrough(a, seller, "after 1")();
        expect(await onB.nextText()).toBe("after 1");
        await expect.poll(() => onRedis.some((payload) => payload.includes("after 1"))).toBe(true);
        // past the grace (the constant itself, not a guess at a duration): through Redis alone
        await sleep(aClosedBy + LIVE_FALLBACK_GRACE_MS - Date.now());
        await notifyThrough(a, seller, "after 2")();
        expect(await onB.nextText()).toBe("after 2");
        await expect.poll(() => onRedis.some((payload) => payload.includes("after 2"))).toBe(true);
        expect(onPostgres.carried("after 2")).toBe(false);
        await notifyThrough(a, seller, "last")();
        expect(await onB.nextText()).toBe("last");
      } finally {
        redisWatcher.disconnect();
        await onPostgres.close();
        await onB.close();
      }
    },
  );
});

/** A logger that keeps its lines in `lines`. */
function keptLog() {
  const lines: Array<{ level: number; msg: string }> = [];
  const logger = pino(
    { level: "info" },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
        done();
      },
    }),
  );
  return { lines, logger };
}

describe("the circuit's log", () => {
  it("says once that Redis is away, however many reconnection attempts fail (a wrong REDIS_URL at boot)", async () => {
    const { lines, logger } = keptLog();
    // nothing listens on port 1: every attempt is refused
    const circuit = new RedisCircuit("redis://127.0.0.1:1", logger);
    const clients = [circuit.client(), circuit.client(), circuit.client()];
    let attempts = 0;
    for (const client of clients) client.on("reconnecting", () => attempts++);
    try {
      await expect.poll(() => attempts, { timeout: 20_000 }).toBeGreaterThanOrEqual(15);
      await expect(circuit.run(() => clients[0].get("x"))).rejects.toThrow(/circuit open/);
      expect(circuit.isOpen).toBe(true);
      expect(lines.map((line) => line.msg)).toEqual([expect.stringMatching(/^Redis is not answering/)]);
    } finally {
      await circuit.close();
    }
  });

  it("says once that Redis is away when it falls silent, however many commands and checks go unanswered, and once that it is back", async (ctx) => {
    const redisUrl = await answeringRedisUrl();
    if (!redisUrl) return ctx.skip(NO_REDIS);
    const { lines, logger } = keptLog();
    const proxy = await silenceableProxy(redisUrl);
    const circuit = new RedisCircuit(proxy.url, logger);
    const [first, second] = [circuit.client(), circuit.client()];
    try {
      await Promise.all([first, second].map(firstConnection));
      expect(await circuit.check()).toBe(true);
      proxy.silence();
      // each waits out the command budget: the first failure opens the circuit, the later ones find it open
      const outcomes = await Promise.allSettled([
        circuit.run(() => first.get("x")),
        circuit.run(() => second.get("y")),
        circuit.run(() => first.ping()),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected", "rejected"]);
      expect(circuit.isOpen).toBe(true);
      expect(await circuit.check()).toBe(false);
      expect(await circuit.check()).toBe(false);
      await expect(circuit.run(() => first.get("x"))).rejects.toThrow(/circuit open/);
      expect(lines.map((line) => line.msg)).toEqual([expect.stringMatching(/^Redis is not answering/)]);

      proxy.resume();
      await expect.poll(() => circuit.isOpen, { timeout: 15_000 }).toBe(false);
      expect(lines.map((line) => line.msg)).toEqual([
        expect.stringMatching(/^Redis is not answering/),
        "Redis answers again: back on Redis",
      ]);
    } finally {
      await circuit.close();
      await proxy.close();
    }
  });
});
