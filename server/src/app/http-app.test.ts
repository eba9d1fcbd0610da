import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect } from "vitest";
import { it } from "../test/server-test";
import { startTestServer } from "../test/harness";

const WEB_DIST = path.resolve(__dirname, "../../../web/dist");
const webManifest = () => JSON.parse(readFileSync(path.join(WEB_DIST, ".vite/manifest.json"), "utf8")) as Record<string, { file: string }>;

/**
 * A GET over node:http: no Accept-Encoding unless given (fetch always sends one), the body as sent
 * (fetch would decode it). Each on its own connection: one kept alive from an earlier GET may be
 * closed by the server's idle timeout just as it is reused, on a busy machine (ECONNRESET).
 */
const rawGet = (url: string, headers: Record<string, string> = {}) =>
  new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });

/**
 * Whether two buffers hold the same bytes. Buffer.equals, not toEqual: toEqual walks a buffer byte by
 * byte as an object's keys, 9 s for the app's entry file quietly and past the 30 s limit on a busy machine.
 */
const sameBytes = (a: Buffer, b: Buffer) => a.equals(b);

describe("HTTP app", () => {
  it("answers /health and /ready", async ({ server }) => {
    expect(await server.api("GET", "/health")).toMatchObject({ status: 200, body: { status: "ok" } });
    expect(await server.api("GET", "/ready")).toMatchObject({
      status: 200,
      body: { status: "ready", database: "ok" },
    });
  });

  it("holds an idle connection longer than a proxy or fetch does, so the client, not the server, closes it", async ({ server }) => {
    const agent = new http.Agent({ keepAlive: true });
    try {
      const keepAlive = await new Promise<string>((resolve, reject) =>
        http.get(`${server.url}/health`, { agent }, (res) => resolve(String(res.resume().headers["keep-alive"]))).on("error", reject),
      );
      expect(keepAlive).toBe("timeout=130");
    } finally {
      agent.destroy();
    }
  });

  it("tags every answer with a request id, echoing one the caller sent", async ({ server }) => {
    const fresh = await server.api("GET", "/health");
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await server.api("GET", "/health", { headers: { "x-request-id": "trace-123" } });
    expect(echoed.headers.get("x-request-id")).toBe("trace-123");
  });

  it("does not force https outside production (plain-http access on a campus network keeps working)", async ({ server }) => {
    const res = await server.api("GET", "/health");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(res.headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
  });

  it("compresses text answers for clients that accept gzip", async ({ server }) => {
    const res = await fetch(`${server.url}/api/openapi.json`, { headers: { "accept-encoding": "gzip" } });
    expect(res.headers.get("content-encoding")).toBe("gzip");
  });

  it("answers a client that takes no compression plainly, still varying on Accept-Encoding", async ({ server }) => {
    const { headers, body } = await rawGet(`${server.url}/api/openapi.json`);
    expect(headers["content-encoding"]).toBeUndefined();
    expect(headers.vary).toMatch(/Accept-Encoding/);
    expect(JSON.parse(body.toString("utf8"))).toHaveProperty("openapi");
  });

  it("serves the web app for client routes and the API's 404 for unknown API paths", async ({ server }) => {
    const page = await fetch(`${server.url}/shop/some-product`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect((await server.api("GET", "/api/unknown")).status).toBe(404);
  });

  it("names a landing page's own code in its HTML (modulepreload), so a phone fetches it with the app's", async ({ server }) => {
    const manifest = webManifest();
    const preloads = async (pathname: string) => {
      const page = await fetch(`${server.url}${pathname}`, { headers: { accept: "text/html" } });
      expect(page.headers.get("cache-control")).toBe("no-cache");
      return [...(await page.text()).matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((m) => m[1]);
    };
    const pages = {
      "/": "src/app/pages/HomeRoute.tsx",
      "/shop": "src/app/pages/ShopRoutes.tsx",
      "/categories/books": "src/app/pages/ShopRoutes.tsx",
      "/shop/some-product": "src/app/pages/ProductRoute.tsx",
    };
    for (const [pathname, module] of Object.entries(pages)) {
      const files = await preloads(pathname);
      expect(files, pathname).toContain(manifest[module].file);
      for (const file of files) expect((await fetch(`${server.url}/${file}`)).status, file).toBe(200);
    }
    expect(await preloads("/about-us")).toEqual([]);
    expect(await preloads("/shop/some-product/reviews")).toEqual([]);
  });

  it("sends the app's code as the build compressed it: brotli when taken, else gzip, else plain; cached for good", async ({ server }) => {
    const entry = webManifest()["index.html"].file;
    const original = readFileSync(path.join(WEB_DIST, entry));
    const get = (encodings?: string) => rawGet(`${server.url}/${entry}`, encodings ? { "accept-encoding": encodings } : {});

    const brotli = await get("gzip, deflate, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(sameBytes(brotli.body, readFileSync(path.join(WEB_DIST, `${entry}.br`))), "the build's .br").toBe(true);
    expect(sameBytes(brotliDecompressSync(brotli.body), original), "brotli decoded").toBe(true);

    const gzip = await get("gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(sameBytes(gzip.body, readFileSync(path.join(WEB_DIST, `${entry}.gz`))), "the build's .gz").toBe(true);
    expect(sameBytes(gunzipSync(gzip.body), original), "gzip decoded").toBe(true);
    expect(brotli.body.length).toBeLessThan(gzip.body.length);

    const plain = await get();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(sameBytes(plain.body, original), "plain").toBe(true);

    for (const { headers } of [brotli, gzip, plain]) {
      expect(headers["content-type"]).toMatch(/^text\/javascript/);
      expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(headers.vary).toMatch(/Accept-Encoding/);
    }
  });

  it("answers a file of the app's code it does not have (an old version's) with 404, not the app's page", async ({ server }) => {
    const gone = await fetch(`${server.url}/assets/AboutPage-gone1234.js`, { headers: { accept: "*/*" } });
    expect(gone.status).toBe(404);
    expect(await gone.text()).not.toContain('<div id="root">');
  });

  it("answers a missing upload with 404 and no stack trace", async ({ server }) => {
    const res = await fetch(`${server.url}/uploads/missing.webp`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toMatch(/at .*\.js:\d+/);
  });
});

describe("quieter in production", () => {
  it("accepts the standard @skip and @include directives", async ({ server }) => {
    const res = await server.gql(`{ totalReviews @include(if: true) catalogOptions @skip(if: true) { categories { slug } } }`);
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ totalReviews: expect.any(Number) });
  });

  it("answers a missing upload with 404 and no file path", async ({ server }) => {
    const res = await server.api("GET", "/uploads/missing.webp");
    expect(res).toMatchObject({ status: 404, body: { message: "Not found." } });
    expect(JSON.stringify(res.body)).not.toMatch(/[\\/](tmp|root|home|work)[\\/]/);
  });

  it("sends no 'Did you mean' suggestions when introspection is off", async ({ server }) => {
    const closed = await startTestServer({ env: { GRAPHQL_INTROSPECTION: "false" } });
    try {
      const res = await closed.gql(`{ prodcts { totalItems } }`);
      expect(res.errors?.[0].message).not.toMatch(/Did you mean/);
      const open = await server.gql(`{ prodcts { totalItems } }`);
      expect(open.errors?.[0].message).toMatch(/Did you mean/);
    } finally {
      await closed.close();
    }
  });

  it("says which port is busy instead of failing obscurely", async () => {
    const busy = await startTestServer();
    try {
      const port = new URL(busy.url).port;
      await expect(startTestServer({ env: { PORT: port } })).rejects.toThrow(`port ${port} is already in use (set PORT)`);
    } finally {
      await busy.close();
    }
  });
});
