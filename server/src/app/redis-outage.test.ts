import { Redis } from "ioredis";
import { createHash } from "node:crypto";
import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct, signUp, type SignedIn } from "../test/fixtures";
import { startTestServer, type TestServer } from "../test/harness";
import { optionalRedis } from "../platform/redis";
import { ownRedis } from "../test/redis";
import { subscribeOverSocket } from "../test/websocket";

/**
 * Redis is optional at run time: with the test's own redis-server killed, public reads, persisted
 * queries and this process's live events go on at once, and the app is back on Redis when it returns.
 */

const PROBE = "probe";
const READ = `{ products(pageSize: 5) { totalItems } }`;
const SEND = `mutation ($c: ID!, $b: String!) { sendMessage(conversationId: $c, body: $b) { id } }`;

let redis: Awaited<ReturnType<typeof ownRedis>>;
let server: TestServer;
let seller: SignedIn;
let buyer: SignedIn;
let conversationId: string;
beforeAll(async () => {
  redis = await ownRedis();
  server = await startTestServer({ env: { REDIS_URL: redis.url } });
  [seller, buyer] = await Promise.all([signUp(server, "seller"), signUp(server)]);
  const product = await insertProduct(server.dataSource, seller.user.id);
  const res = await server.gql(`mutation ($p: ID!) { startConversation(productId: $p) { id } }`, { p: product.id }, buyer.token);
  conversationId = res.data.startConversation.id as string;
});
afterAll(async () => {
  await server?.close();
  await redis?.kill();
});

const send = async (body: string) => {
  const res = await server.gql(SEND, { c: conversationId, b: body }, buyer.token);
  expect(res.errors).toBeUndefined();
  return res.data.sendMessage.id as string;
};

/** A persisted query asked by its hash alone (GET), as Apollo Client does first. */
const byHash = async (query: string) => {
  const hash = createHash("sha256").update(query).digest("hex");
  const extensions = encodeURIComponent(JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }));
  const response = await fetch(`${server.url}/graphql?extensions=${extensions}`, { headers: { "apollo-require-preflight": "1" } });
  return (await response.json()) as { data?: unknown; errors?: Array<{ extensions?: { code?: string } }> };
};

describe("a Redis outage", () => {
  it("keeps reads, persisted queries and this process's live events going, and the app returns to Redis", async () => {
    const socket = subscribeOverSocket<{ messageReceived: { id: string; body: string } }>(
      server,
      seller.token,
      `subscription { messageReceived { id body } }`,
      (data) => data?.messageReceived.body === PROBE,
    );
    await socket.ready(() => send(PROBE));

    // a client made as the app makes its own, to see how a command fares once Redis is gone
    const client = optionalRedis(redis.url);
    await once(client, "ready");
    const lost = once(client, "close");
    await redis.kill();
    await lost;
    // a command fails at once instead of waiting in a queue for Redis to come back (or for its timeout)
    await expect(client.get("anything")).rejects.toThrow(/enableOfflineQueue options is false/);
    client.disconnect();
    // so each read falls back to the database
    for (let i = 0; i < 10; i++) expect((await server.gql(READ)).data).toEqual({ products: { totalItems: expect.any(Number) } });
    // an unknown hash (Redis holds them) is asked for again with its text, as the client does
    expect((await byHash(`{ totalReviews }`)).errors?.[0].extensions?.code).toBe("PERSISTED_QUERY_NOT_FOUND");

    // a message sent meanwhile reaches the socket held by this process
    const during = await send("sent while Redis is away");
    expect((await socket.next()).value?.data?.messageReceived).toEqual({ id: during, body: "sent while Redis is away" });

    await redis.start();
    const watcher = new Redis(redis.url);
    try {
      // the app reconnects on its own: answers are kept in Redis again
      await expect
        .poll(async () => {
          await server.gql(READ);
          return (await watcher.keys("unibazaar:cache:*")).length;
        })
        .toBeGreaterThan(0);
      // and live events go through Redis again (for the other processes)
      await watcher.subscribe(`unibazaar:live:user:${seller.user.id}`);
      const published: Array<{ detail: { message?: { id: string } } }> = [];
      let check = () => undefined as unknown;
      watcher.on("message", (_channel, text: string) => {
        published.push(JSON.parse(text) as (typeof published)[number]);
        check();
      });
      const after = await send("sent after Redis returned");
      await new Promise<void>((resolve) => {
        check = () => published.some(({ detail }) => detail.message?.id === after) && resolve();
        check();
      });
      expect((await socket.next()).value?.data?.messageReceived.id).toBe(after);
    } finally {
      watcher.disconnect();
      await socket.close();
    }
  });
});
