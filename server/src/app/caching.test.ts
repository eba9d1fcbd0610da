import { createHash } from "node:crypto";
import { describe, expect } from "vitest";
import { it } from "../test/server-test";
import { createCache } from "../platform/cache";
import { Product } from "../modules/products/entity";
import { asCaller, loginCookie, signUp, type SignedIn } from "../test/fixtures";
import type { TestServer } from "../test/harness";
import { NO_REDIS, answeringRedisUrl } from "../test/redis";

let seller: SignedIn;

it.beforeAll(async ({ server }) => {
  seller = await signUp(server, "seller");
  await server.services.products.create(
    {
      name: "Cached Lamp",
      description: "A desk lamp for the cache test.",
      category: "furniture",
      color: "black",
      price: 900,
      image: "/uploads/l.webp",
    },
    asCaller(seller),
  );
});

/** A GraphQL GET as Apollo Client sends one (the header satisfies Apollo's CSRF prevention). */
function graphqlGet(server: TestServer, params: Record<string, unknown>, headers: Record<string, string> = {}) {
  const search = new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, typeof v === "string" ? v : JSON.stringify(v)]),
  );
  return fetch(`${server.url}/graphql?${search.toString()}`, { headers: { "apollo-require-preflight": "true", ...headers } });
}

/**
 * A browser's revalidation. (fetch would add `Cache-Control: no-cache` to a bare If-None-Match,
 * and Express rightly answers that in full.)
 */
const revalidate = (etag: string) => ({ "if-none-match": etag, "cache-control": "max-age=0" });

describe("HTTP caching of anonymous reads", () => {
  it("lets an anonymous REST GET be kept briefly, with an ETag that answers 304 when unchanged", async ({ server }) => {
    const first = await fetch(`${server.url}/api/products?page=1&limit=8`);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("public, max-age=10");
    expect(first.headers.get("vary")).toMatch(/Authorization, Cookie/);
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await fetch(`${server.url}/api/products?page=1&limit=8`, { headers: revalidate(etag!) });
    expect(again.status).toBe(304);
  });

  it("never lets a signed-in, cookie-carrying, failed or written answer be stored", async ({ server }) => {
    const bearer = await server.api("GET", "/api/products?page=1&limit=8", { token: seller.token });
    expect(bearer.status).toBe(200);
    expect(bearer.headers.get("cache-control")).toBe("private, no-store");
    const cookie = await server.api("GET", "/api/products?page=1&limit=8", { cookie: await loginCookie(server, seller) });
    expect(cookie.headers.get("cache-control")).toBe("private, no-store");
    const missing = await server.api("GET", "/api/products/not-an-id");
    expect(missing.status).toBeGreaterThanOrEqual(400);
    expect(missing.headers.get("cache-control")).toBe("private, no-store");
    const post = await server.gql(`{ catalogOptions { categories { slug } } }`);
    expect(post.errors).toBeUndefined();
    const postHeaders = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: `{ catalogOptions { categories { slug } } }` }),
    });
    expect(postHeaders.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("automatic persisted queries", () => {
  const query = `{ catalogOptions { colors { slug } } }`;
  const persisted = { persistedQuery: { version: 1, sha256Hash: createHash("sha256").update(query).digest("hex") } };

  it("turns a read into a GET by hash after one registration; the GET is cacheable for anonymous callers only", async ({ server }) => {
    const unknown = await graphqlGet(server, { extensions: persisted });
    const unknownBody = (await unknown.json()) as { errors: Array<{ extensions: { code: string } }> };
    expect(unknownBody.errors[0].extensions.code).toBe("PERSISTED_QUERY_NOT_FOUND");
    // the miss must not be kept, or the client would see it again after registering
    expect(unknown.headers.get("cache-control")).toBe("private, no-store");

    const registered = await graphqlGet(server, { query, extensions: persisted });
    expect(registered.status).toBe(200);

    const byHash = await graphqlGet(server, { extensions: persisted });
    const body = (await byHash.json()) as { data: { catalogOptions: { colors: unknown[] } } };
    expect(body.data.catalogOptions.colors.length).toBeGreaterThan(0);
    expect(byHash.headers.get("cache-control")).toBe("public, max-age=10");
    const etag = byHash.headers.get("etag")!;
    expect((await graphqlGet(server, { extensions: persisted }, revalidate(etag))).status).toBe(304);

    const signedIn = await graphqlGet(server, { extensions: persisted }, { authorization: `Bearer ${seller.token}` });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
  });
});

describe("shared cache of hot anonymous queries", () => {
  const TRENDING = `{ trendingProducts(limit: 50) { id name price } }`;
  const FIRST_PAGE = `{ products(filter: { category: "furniture" }, pageSize: 8) { totalItems items { id name createdAt } } }`;

  it("serves trending and the entry pages from the cache until a product write drops them", async ({ server }) => {
    const [lamp] = (await server.gql(FIRST_PAGE)).data.products.items as Array<{ id: string; name: string; createdAt: string }>;
    expect(lamp.name).toBe("Cached Lamp");
    expect((await server.gql(TRENDING)).data.trendingProducts.map((p: { name: string }) => p.name)).toContain("Cached Lamp");

    // a change behind the service's back is not seen while the cached answers live, and costs no SQL
    await server.dataSource.getRepository(Product).update(lamp.id, { name: "Renamed Behind The Cache" });
    const { result, queries } = await server.queries.measure(() => server.gql(FIRST_PAGE));
    expect(result.data.products.items[0]).toEqual(lamp);
    expect(queries).toBe(0);

    // a product write through the service drops every cached catalogue answer
    await server.services.products.update(lamp.id, { price: 950 }, asCaller(seller));
    expect((await server.gql(FIRST_PAGE)).data.products.items[0].name).toBe("Renamed Behind The Cache");
    const trending = (await server.gql(TRENDING)).data.trendingProducts as Array<{ name: string; price: number }>;
    expect(trending.find((p) => p.name === "Renamed Behind The Cache")?.price).toBe(950);
  });

  it("drops the cached answers when a review changes a product's rating", async ({ server }) => {
    const BY_RATING = `{ products(filter: { category: "furniture" }, sort: RATING, pageSize: 50) { items { id rating } } }`;
    const ratingOf = async (id: string) =>
      ((await server.gql(BY_RATING)).data.products.items as Array<{ id: string; rating: number }>).find((p) => p.id === id)?.rating;
    const product = await server.services.products.create(
      {
        name: "Rated Shelf",
        description: "A shelf for the rating test.",
        category: "furniture",
        color: "beige",
        price: 700,
        image: "/uploads/r.webp",
      },
      asCaller(seller),
    );
    expect(await ratingOf(product.id)).toBe(0);
    const buyer = await signUp(server);
    await server.services.reviews.post({ productId: product.id, rating: 4, comment: "Sturdy." }, asCaller(buyer));
    expect(await ratingOf(product.id)).toBe(4);
  });

  it("keeps entry pages that differ in any filter apart (campus and condition came after the cache)", async ({ server }) => {
    for (const [name, condition] of [
      ["Fair Bookshelf", "fair"],
      ["New Bookshelf", "new"],
    ] as const)
      await server.services.products.create(
        {
          name,
          description: "A bookshelf for the cache-key test.",
          category: "furniture",
          color: "green",
          price: 800,
          image: "/uploads/b.webp",
          condition,
          campus: "fast-lahore",
        },
        asCaller(seller),
      );
    const page = async (filter: string) =>
      (
        (await server.gql(`{ products(filter: { color: "green", ${filter} }, pageSize: 8) { items { name } } }`)).data.products
          .items as Array<{
          name: string;
        }>
      ).map((p) => p.name);
    expect(await page(`campus: "fast-lahore"`)).toEqual(["New Bookshelf", "Fair Bookshelf"]);
    expect(await page(`campus: "fast-lahore", condition: "fair"`)).toEqual(["Fair Bookshelf"]);
    expect(await page(`campus: "fast-lahore", condition: "new"`)).toEqual(["New Bookshelf"]);
  });

  it("does not keep the items of a search in the service (only its count, which a write drops too)", async ({ server }) => {
    const lamp = await server.services.products.create(
      {
        name: "Uncached Stool",
        description: "A stool for the cache test.",
        category: "furniture",
        color: "red",
        price: 400,
        image: "/uploads/s.webp",
      },
      asCaller(seller),
    );
    // the service itself: whole GraphQL answers are kept before it (public-answers.test.ts)
    const search = () => server.services.catalog.list({ filter: { search: "stool" } });
    expect((await search()).items[0].name).toBe("Uncached Stool");
    await server.dataSource.getRepository(Product).update(lamp.id, { name: "Uncached Stool Two" });
    expect((await search()).items[0].name).toBe("Uncached Stool Two");
  });
});

describe("the cache through Redis (REDIS_URL)", () => {
  it("shares entries and invalidations between two cache clients, as between two processes", async ({ skip }) => {
    const redisUrl = await answeringRedisUrl();
    if (!redisUrl) return skip(NO_REDIS);
    const [a, b] = [createCache(redisUrl), createCache(redisUrl)];
    const namespace = `test-${Date.now()}-${Math.random()}`;
    try {
      expect(await a.remember(namespace, "k", 30, async () => ({ n: 1 }))).toEqual({ n: 1 });
      expect(await b.remember(namespace, "k", 30, async () => ({ n: 2 }))).toEqual({ n: 1 });
      await b.invalidate(namespace);
      expect(await a.remember(namespace, "k", 30, async () => ({ n: 3 }))).toEqual({ n: 3 });

      // a value loaded across an invalidation is returned but not stored
      const slow = a.remember(namespace, "race", 30, async () => {
        await b.invalidate(namespace);
        return "before the write";
      });
      expect(await slow).toBe("before the write");
      expect(await b.remember(namespace, "race", 30, async () => "after the write")).toBe("after the write");

      // another database on the same Redis keeps its own answers
      const elsewhere = createCache(redisUrl, "another-database");
      expect(await elsewhere.remember(namespace, "k", 30, async () => ({ n: 4 }))).toEqual({ n: 4 });
      await elsewhere.close();

      await a.persistedQueries!.set("hash", "{ q }");
      expect(await b.persistedQueries!.get("hash")).toBe("{ q }");
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe("a Redis that does not answer", () => {
  it("answers from the loader, lets writes succeed and knows no persisted query", async () => {
    // nothing listens on port 1: every command fails fast
    const cache = createCache("redis://127.0.0.1:1", "unreachable");
    try {
      expect(await cache.remember("ns", "k", 30, async () => ({ n: 1 }))).toEqual({ n: 1 });
      await expect(cache.invalidate("ns")).resolves.toBeUndefined();
      expect(await cache.persistedQueries!.get("hash")).toBeUndefined();
    } finally {
      await cache.close();
    }
  });
});

describe("the in-process cache (no REDIS_URL)", () => {
  it("keeps values as JSON, and does not store a value loaded across an invalidation", async () => {
    const cache = createCache(undefined);
    const first = await cache.remember("ns", "k", 30, async () => ({ at: new Date(0) }));
    expect(first).toEqual({ at: new Date(0).toISOString() });
    const slow = await cache.remember("ns", "race", 30, async () => {
      await cache.invalidate("ns");
      return "before the write";
    });
    expect(slow).toBe("before the write");
    expect(await cache.remember("ns", "race", 30, async () => "after the write")).toBe("after the write");
    expect(cache.persistedQueries).toBeUndefined();
    await cache.close();
  });
});

describe("concurrent misses of one key", () => {
  /** A loader that counts its calls and answers when released. */
  function gatedLoader<T>(value: T) {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const loader = { calls: 0, release, load: async () => (loader.calls++, await gate, value) };
    return loader;
  }

  for (const kind of ["in-process", "Redis"] as const) {
    it(`share one load, each caller with its own copy; a write drops the load in flight (${kind})`, async ({ skip }) => {
      const redisUrl = kind === "Redis" ? await answeringRedisUrl() : undefined;
      if (kind === "Redis" && !redisUrl) return skip(NO_REDIS);
      const cache = createCache(redisUrl, `coalescing-${Date.now()}-${Math.random()}`);
      try {
        const trending = gatedLoader({ items: ["a", "b"] });
        const burst = Array.from({ length: 20 }, () => cache.remember("catalog", "trending", 30, trending.load));
        trending.release();
        const answers = await Promise.all(burst);
        expect(trending.calls).toBe(1);
        expect(answers.every((answer) => JSON.stringify(answer) === '{"items":["a","b"]}')).toBe(true);
        answers[0].items.push("changed by one caller");
        expect(answers[1].items).toEqual(["a", "b"]);

        // a request after a write does not join the load that began before it
        const before = gatedLoader("before the write");
        const early = cache.remember("catalog", "page", 30, before.load);
        await cache.invalidate("catalog");
        const after = gatedLoader("after the write");
        const late = cache.remember("catalog", "page", 30, after.load);
        before.release();
        after.release();
        expect([await early, await late]).toEqual(["before the write", "after the write"]);
        expect(after.calls).toBe(1);
      } finally {
        await cache.close();
      }
    });
  }
});

describe("values shared read-only (rememberFrozen)", () => {
  for (const kind of ["in-process", "Redis"] as const) {
    it(`hands every caller one frozen copy, and a new one once a write changed the entry (${kind})`, async ({ skip }) => {
      const redisUrl = kind === "Redis" ? await answeringRedisUrl() : undefined;
      if (kind === "Redis" && !redisUrl) return skip(NO_REDIS);
      const scope = `frozen-${Date.now()}-${Math.random()}`;
      // with Redis, the write comes from another client, as from another process
      const [reader, writer] = [createCache(redisUrl, scope), redisUrl ? createCache(redisUrl, scope) : undefined];
      try {
        const first = await reader.rememberFrozen("catalog", "latest", 30, async () => ({ prices: [1, 2] }));
        const again = await reader.rememberFrozen("catalog", "latest", 30, async () => ({ prices: [9] }));
        expect(again).toBe(first);
        expect(Object.isFrozen(first) && Object.isFrozen(first.prices)).toBe(true);
        expect(() => (first.prices as number[]).push(3)).toThrow(TypeError);

        await (writer ?? reader).invalidate("catalog");
        const afterWrite = await reader.rememberFrozen("catalog", "latest", 30, async () => ({ prices: [5] }));
        expect(afterWrite).toEqual({ prices: [5] });
        expect(first).toEqual({ prices: [1, 2] });
      } finally {
        await Promise.all([reader.close(), writer?.close()]);
      }
    });
  }
});
