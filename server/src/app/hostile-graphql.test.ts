import { createHash } from "node:crypto";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { describe, expect } from "vitest";
import { it } from "../test/server-test";
import { HASH_MISMATCH_MESSAGE } from "../platform/graphql/http-handler";
import { JSON_DEPTH_MESSAGE } from "../platform/http/null-bytes";
import { MAX_JSON_DEPTH, MAX_QUERY_DEPTH, MAX_QUERY_TOKENS, MAX_SUBSCRIPTION_COMPLEXITY } from "../platform/limits";
import { startTestServer, type TestServer } from "../test/harness";
import { firstAnswer } from "../test/websocket";

/**
 * Small GraphQL documents that would make the server do unbounded work: far more fields than the
 * cost allows, fragments that expand to millions of fields, fragment cycles. Each is refused with
 * a 400 (or the socket's error message) before any resolver runs.
 */

type Answer = { status: number; body: { data?: unknown; errors?: Array<{ message: string; extensions?: { code?: string } }> } };
const post = async (server: TestServer, query: string): Promise<Answer> => {
  const response = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, body: (await response.json()) as Answer["body"] };
};

/** One fragment spread twice in the next, `levels` deep: a ~1 KB text that expands to 2^levels fields. */
const fanOut = (levels: number, on: string, leaf: string) => {
  const fragments = Array.from({ length: levels }, (_, i) => `fragment F${i} on ${on} { ...F${i + 1} ...F${i + 1} }`);
  return [...fragments, `fragment F${levels} on ${on} { ${leaf} }`].join("\n");
};

const aliases = (count: number, field: string) => Array.from({ length: count }, (_, i) => `a${i}: ${field}`).join(" ");

describe("hostile GraphQL documents over HTTP", () => {
  it("refuses a document of more tokens than the parser takes, before any walk of it", async ({ server }) => {
    const res = await post(server, `{ products(pageSize: 1) { items { ${aliases(MAX_QUERY_TOKENS / 3, "name")} } } }`);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]).toMatchObject({
      message: expect.stringMatching(new RegExp(`more that ${MAX_QUERY_TOKENS} tokens`)),
      extensions: { code: "GRAPHQL_PARSE_FAILED" },
    });
  });

  it("refuses 12,000 fields (a fragment of 100 aliases spread 120 times) in one root field: the estimate used to give up past 10,000 nodes and let it through", async ({
    server,
  }) => {
    const before = server.queries.count;
    const spreads = "...N ".repeat(120);
    const res = await post(server, `{ products(pageSize: 1) { items { ${spreads} } } } fragment N on Product { ${aliases(100, "name")} }`);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]).toMatchObject({ message: expect.stringMatching(/too complex/), extensions: { code: "BAD_USER_INPUT" } });
    expect(server.queries.count).toBe(before);
  });

  it("refuses 3,500 aliased pages of reviews under one product (50 aliases, spread 70 times)", async ({ server }) => {
    const spreads = "...R ".repeat(70);
    const res = await post(
      server,
      `{ product(id: "00000000-0000-0000-0000-000000000000") { ${spreads} } } fragment R on Product { ${aliases(50, "reviews(page: 1) { items { id } }")} }`,
    );
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0].message).toMatch(/too complex/);
  });

  it("counts a fragment as often as it is spread: 2^24 fields from a 1 KB query are refused", async ({ server }) => {
    const query = `{ ...F0 }\n${fanOut(24, "Query", "__typename")}`;
    expect(query.length).toBeLessThan(1_200);
    const res = await post(server, query);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0].message).toMatch(/too complex/);
  });

  it("measures the depth of a fanned-out fragment once, and refuses it when too deep", async ({ server }) => {
    const deep = `product(id: "0") { ${"reviews { items { product { ".repeat(4)}id${" } } }".repeat(4)} }`;
    const res = await post(server, `{ ...F0 }\n${fanOut(24, "Query", deep)}`);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]).toMatchObject({
      message: `'' exceeds maximum operation depth of ${MAX_QUERY_DEPTH}`,
      extensions: { code: "GRAPHQL_VALIDATION_FAILED" },
    });
  });

  it("answers a fragment cycle as a validation error, not a 500", async ({ server }) => {
    const res = await post(server, `{ ...A } fragment A on Query { ...B } fragment B on Query { products { totalItems } ...A }`);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/Cannot spread fragment "A" within itself/),
      extensions: { code: "GRAPHQL_VALIDATION_FAILED" },
    });
  });

  it("still answers an ordinary query with fragments", async ({ server }) => {
    const res = await post(
      server,
      `{ ...P } fragment P on Query { products(pageSize: 5) { ...Items } } fragment Items on ProductPage { totalItems }`,
    );
    expect(res).toMatchObject({ status: 200, body: { data: { products: { totalItems: expect.any(Number) } } } });
  });
});

describe("hostile GraphQL documents over the WebSocket", () => {
  const refusal = async (server: TestServer, query: string) => (await firstAnswer(server, query)).errors?.[0];

  it("refuses a fragment fan-out and a fragment cycle before anything runs", async ({ server }) => {
    expect(await refusal(server, `subscription { ...F0 }\n${fanOut(24, "Subscription", "messageReceived { id }")}`)).toMatchObject({
      extensions: { code: expect.stringMatching(/BAD_USER_INPUT|GRAPHQL_VALIDATION_FAILED/) },
    });
    expect(
      await refusal(server, `subscription { ...A } fragment A on Subscription { ...B } fragment B on Subscription { ...A }`),
    ).toMatchObject({
      message: expect.stringMatching(/Cannot spread fragment "A" within itself/),
      extensions: { code: "GRAPHQL_VALIDATION_FAILED" },
    });
  });

  it(`refuses a subscription that selects more than ${MAX_SUBSCRIPTION_COMPLEXITY} fields (1,000 aliases: one event would be 1,000 copies per socket)`, async ({
    server,
  }) => {
    expect(await refusal(server, `subscription { messageReceived { ${aliases(1_000, "body")} } }`)).toMatchObject({
      message: `Query is too complex: its cost is above ${MAX_SUBSCRIPTION_COMPLEXITY}, the maximum.`,
      extensions: { code: "BAD_USER_INPUT" },
    });
    // the web app's own subscription passes the limit (and is refused only for want of a token)
    expect(await refusal(server, `subscription { messageReceived { id conversationId senderId body read createdAt } }`)).toMatchObject({
      extensions: { code: "UNAUTHENTICATED" },
    });
  });

  it("suggests no names, over the socket nor in HTTP variables, when introspection is off", async ({ server }) => {
    const closed = await startTestServer({ env: { GRAPHQL_INTROSPECTION: "false" } });
    try {
      const badEnum = `mutation ($s: OrderStatus!) { updateOrderStatus(id: "00000000-0000-0000-0000-000000000000", status: $s) { id } }`;
      expect((await closed.gql(badEnum, { s: "PENDNG" })).errors?.[0].message).not.toMatch(/Did you mean|PENDING/);
      expect((await server.gql(badEnum, { s: "PENDNG" })).errors?.[0].message).toMatch(/Did you mean/);
      const misspelt = `subscription { mesageReceived { id } }`;
      expect((await firstAnswer(closed, misspelt)).errors?.[0].message).not.toMatch(/Did you mean/);
      expect((await firstAnswer(server, misspelt)).errors?.[0].message).toMatch(/Did you mean/);
    } finally {
      await closed.close();
    }
  });
});

describe("JSON nested 100,000 deep", () => {
  const deepJson = (levels: number) => `{"query":"{ __typename }","variables":{"a":${"[".repeat(levels)}${"]".repeat(levels)}}}`;

  it("is a 400 with a clear message on GraphQL and REST, not a stack overflow", async ({ server }) => {
    for (const path of ["/graphql", "/api/auth/login", "/api/upload/Image"]) {
      const response = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: deepJson(100_000),
      });
      expect(response.status, path).toBe(400);
      expect(await response.text(), path).toContain(JSON_DEPTH_MESSAGE);
    }
  });

  it(`still takes JSON nested ${MAX_JSON_DEPTH} deep`, async ({ server }) => {
    const response = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: deepJson(MAX_JSON_DEPTH - 2),
    });
    expect(await response.json()).toEqual({ data: { __typename: "Query" } });
  });
});

/** A GET with any Host header (fetch will not send one of its own choosing). */
function rawGet(
  base: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL(path, base), { headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("answers that name the app's own address", () => {
  const hostile = { host: "evil.example", "x-forwarded-host": "evil-too.example", "x-forwarded-proto": "https" };

  it("name PUBLIC_URL in robots.txt and the sitemap, whatever Host and X-Forwarded-* say", async () => {
    const configured = await startTestServer({ env: { PUBLIC_URL: "https://shop.example.pk" } });
    try {
      for (const path of ["/robots.txt", "/sitemap.xml"]) {
        const res = await rawGet(configured.url, path, hostile);
        expect(res.status, path).toBe(200);
        expect(res.body, path).toContain("https://shop.example.pk/");
        expect(res.body, path).not.toContain("evil");
      }
    } finally {
      await configured.close();
    }
  });

  it("vary on the forwarded host and protocol when built from them (no PUBLIC_URL): robots.txt, the sitemap, a persisted-query GET", async ({
    server,
  }) => {
    const query = "{ totalReviews }";
    const hash = createHash("sha256").update(query).digest("hex");
    const extensions = encodeURIComponent(JSON.stringify({ persistedQuery: { version: 1, sha256Hash: hash } }));
    const persisted = `/graphql?query=${encodeURIComponent(query)}&extensions=${extensions}`;
    for (const path of ["/robots.txt", "/sitemap.xml", persisted]) {
      const res = await rawGet(server.url, path, { "apollo-require-preflight": "1", "x-forwarded-host": "evil-too.example" });
      expect(res.status, path).toBe(200);
      expect(res.headers["cache-control"], path).toMatch(/public/);
      expect(res.headers.vary, path).toMatch(/X-Forwarded-Host/);
      expect(res.headers.vary, path).toMatch(/X-Forwarded-Proto/);
    }
  });

  it("answer a persisted-query hash that does not match the query as the client's error", async ({ server }) => {
    const extensions = { persistedQuery: { version: 1, sha256Hash: "0".repeat(64) } };
    const posted = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ totalReviews }", extensions }),
    });
    const viaGet = await rawGet(
      server.url,
      `/graphql?query=${encodeURIComponent("{ totalReviews }")}&extensions=${encodeURIComponent(JSON.stringify(extensions))}`,
      { "apollo-require-preflight": "1" },
    );
    for (const [status, body] of [
      [posted.status, await posted.text()],
      [viaGet.status, viaGet.body],
    ] as const) {
      expect(status).toBe(400);
      expect(JSON.parse(body)).toEqual({
        errors: [{ message: HASH_MISMATCH_MESSAGE, extensions: { code: "PERSISTED_QUERY_HASH_MISMATCH" } }],
      });
    }
  });
});
