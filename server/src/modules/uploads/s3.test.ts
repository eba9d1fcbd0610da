import { setTimeout as sleep } from "node:timers/promises";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signUp, type SignedIn } from "../../test/fixtures";

const STATUS = `{ systemStatus { database storage } }`;
import { endOpenTransactions, jobsSettled, startTestServer, withClockAhead, type TestServer } from "../../test/harness";
import { S3RVER_CREDENTIALS, slowFront, startTestBucket, type TestBucket } from "../../test/s3";
import { Image } from "./entity";
import { UNUSED_UPLOAD_LIFETIME_MS } from "./service";

// uploads in a real S3-compatible server (s3rver, in this process), through the app's API
let bucket: TestBucket;
let server: TestServer;
let seller: SignedIn;
beforeAll(async () => {
  bucket = await startTestBucket();
  // the SDK's default chain reads the credentials from the environment, as in production
  for (const [name, value] of Object.entries(S3RVER_CREDENTIALS)) vi.stubEnv(name, value);
  server = await startTestServer({ env: bucket.env });
  seller = await signUp(server, "seller");
});
afterAll(async () => {
  await server?.close();
  await bucket?.close();
  vi.unstubAllEnvs();
});

const UPLOAD = `mutation ($dataUrl: String!) { uploadImage(dataUrl: $dataUrl) { url thumbnailUrl } }`;
const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString("base64")}`;
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 60 } } })
    .png()
    .toBuffer();
const hashOf = (url: string) => /\/uploads\/([0-9a-f]{64})\.webp$/.exec(url)![1];
const uploadAs = async (who: SignedIn, width: number, height = 300) => {
  const res = await server.gql(UPLOAD, { dataUrl: dataUrl(await png(width, height)) }, who.token);
  expect(res.errors).toBeUndefined();
  return res.data.uploadImage as { url: string; thumbnailUrl: string };
};

describe("uploads with S3_BUCKET set", () => {
  it("puts the picture, its thumbnail and its widths in the bucket and serves them from there", async () => {
    const { url, thumbnailUrl } = await uploadAs(seller, 900, 600);
    expect(url).toMatch(new RegExp(`^${server.url}/uploads/[0-9a-f]{64}\\.webp$`));
    const hash = hashOf(url);
    expect(await bucket.keys(`uploads/${hash}`)).toEqual(
      ["", "-thumb", "-w200", "-w400", "-w800"].map((suffix) => `uploads/${hash}${suffix}.webp`).sort(),
    );

    const stored = await bucket.get(`uploads/${hash}.webp`);
    expect(stored.contentType).toBe("image/webp");
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toContain("immutable");
    expect(served.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(Buffer.from(await served.arrayBuffer()).equals(stored.bytes)).toBe(true);
    expect(await sharp(stored.bytes).metadata()).toMatchObject({ format: "webp", width: 900, height: 600 });
    expect((await sharp(Buffer.from(await (await fetch(thumbnailUrl)).arrayBuffer())).metadata()).width).toBe(400);
    expect((await fetch(`${server.url}/uploads/${"0".repeat(64)}.webp`)).status).toBe(404);
  });

  it("takes legacy uploads (POST /api/upload/Image) and answers their absolute address", async () => {
    const res = await server.api("POST", "/api/upload/Image", { body: { image: dataUrl(await png(120, 80)) } });
    expect(res.status).toBe(200);
    const hash = hashOf(res.body as string);
    expect(await bucket.keys(`uploads/${hash}.webp`)).toEqual([`uploads/${hash}.webp`]);
    expect((await fetch(res.body as string)).status).toBe(200);
  });

  it("makes a width missing from the bucket on first request", async () => {
    const { url } = await uploadAs(seller, 1000);
    const hash = hashOf(url);
    await server.services.storage.deleteByPrefixes([`uploads/${hash}-w400`]);
    expect(await bucket.keys(`uploads/${hash}-w400`)).toEqual([]);
    const res = await fetch(url.replace(/\.webp$/, "-w400.webp"));
    expect(res.status).toBe(200);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(400);
    expect(await bucket.keys(`uploads/${hash}-w400`)).toEqual([`uploads/${hash}-w400.webp`]);
  });

  it("the daily sweep deletes an unused upload's objects from the bucket", async () => {
    const { url } = await uploadAs(seller, 333);
    const hash = hashOf(url);
    expect(await bucket.keys(`uploads/${hash}`)).toHaveLength(5);
    await server.services.uploads.deleteUnusedUploads(new Date(Date.now() + UNUSED_UPLOAD_LIFETIME_MS + 60_000));
    expect(await server.dataSource.getRepository(Image).findOneBy({ hash })).toBeNull();
    expect(await bucket.keys(`uploads/${hash}`)).toEqual([]);
    expect((await fetch(url)).status).toBe(404);
  });

  it("the admins' status report names the bucket", async () => {
    const admin = await signUp(server, "admin");
    expect((await server.gql(STATUS, {}, admin.token)).data?.systemStatus).toEqual({ database: "ok", storage: "ok" });
  });
});

describe("a bucket that answers slowly", () => {
  let slow: Awaited<ReturnType<typeof slowFront>>;
  let slowServer: TestServer;
  beforeAll(async () => {
    slow = await slowFront(bucket);
    slowServer = await startTestServer({ env: slow.env });
  });
  afterAll(async () => {
    await slowServer?.close();
    await slow?.close();
  });

  it("the hourly sweep job deletes from the bucket in no transaction: one ended meanwhile fails no run", async () => {
    const owner = await signUp(slowServer, "seller");
    const res = await slowServer.gql(UPLOAD, { dataUrl: dataUrl(await png(345, 200)) }, owner.token);
    const hash = hashOf((res.data.uploadImage as { url: string }).url);
    await withClockAhead(slowServer, UNUSED_UPLOAD_LIFETIME_MS + 60_000, async () => {
      const held = slow.holdNext("DELETE");
      await slowServer.services.jobs.enqueue(slowServer.dataSource.manager, "uploads.sweep", {});
      await held.arrived;
      await sleep(500);
      // the bucket has not answered yet: what PostgreSQL 17+ ends once it is open for TRANSACTION_TIMEOUT_MS
      const openDuringWait = await endOpenTransactions(slowServer);
      held.release();
      await jobsSettled(slowServer);
      const [{ retries }] = await slowServer.dataSource.query<Array<{ retries: number }>>(
        `SELECT max(retry_count)::int AS retries FROM pgboss.job WHERE name = 'uploads.sweep'`,
      );
      expect({ openDuringWait, retries, left: await bucket.keys(`uploads/${hash}`) }).toEqual({ openDuringWait: 0, retries: 0, left: [] });
    });
  });
});

describe("uploads with S3_PUBLIC_URL set (a CDN in front of the bucket)", () => {
  let cdnServer: TestServer;
  beforeAll(async () => {
    cdnServer = await startTestServer({ env: { ...bucket.env, S3_PUBLIC_URL: "https://cdn.unibazaar.test/media/" } });
  });
  afterAll(() => cdnServer?.close());

  it("answers image addresses on the CDN, stores them as /uploads/ paths and accepts them back in a listing", async () => {
    const owner = await signUp(cdnServer, "seller");
    const res = await cdnServer.gql(UPLOAD, { dataUrl: dataUrl(await png(210, 140)) }, owner.token);
    const { url, thumbnailUrl } = res.data.uploadImage as { url: string; thumbnailUrl: string };
    expect(url).toMatch(/^https:\/\/cdn\.unibazaar\.test\/media\/uploads\/[0-9a-f]{64}\.webp$/);
    expect(thumbnailUrl).toBe(url.replace(/\.webp$/, "-thumb.webp"));
    const hash = hashOf(url);
    expect(await bucket.keys(`uploads/${hash}.webp`)).toEqual([`uploads/${hash}.webp`]);
    expect((await cdnServer.dataSource.getRepository(Image).findOneByOrFail({ hash })).url).toBe(`/uploads/${hash}.webp`);

    const product = await cdnServer.api("POST", "/api/products/create-product", {
      token: owner.token,
      body: { name: "Study lamp", category: "furniture", color: "black", price: 900, description: "LED study lamp.", image: url },
    });
    expect(product.status).toBe(201);
    expect((product.body as { image: string }).image).toBe(url);
    // the page may load pictures from the CDN
    expect((await fetch(`${cdnServer.url}/health`)).headers.get("content-security-policy")).toContain(
      "img-src 'self' data: blob: https://cdn.unibazaar.test",
    );
  });

  it("has every page of the app ask for a connection to the CDN as it starts (preconnect), the landing pages too", async () => {
    const preconnects = async (server: TestServer, pathname: string) =>
      [
        ...(await (await fetch(`${server.url}${pathname}`, { headers: { accept: "text/html" } })).text()).matchAll(
          /<link rel="preconnect" href="([^"]+)">/g,
        ),
      ].map((m) => m[1]);
    for (const pathname of ["/", "/shop", "/shop/some-product", "/about-us"])
      expect(await preconnects(cdnServer, pathname), pathname).toEqual(["https://cdn.unibazaar.test"]);
    // pictures from the app's own origin need no early connection
    expect(await preconnects(server, "/shop")).toEqual([]);
  });
});

describe("a bucket that does not answer", () => {
  let offline: TestServer;
  beforeAll(async () => {
    // nothing listens on port 1: every request to the bucket is refused
    offline = await startTestServer({ env: { ...bucket.env, S3_ENDPOINT: "http://127.0.0.1:1" } });
  });
  afterAll(() => offline?.close());

  it("the status report names it unreachable and /ready stays 200 (the database decides); an upload fails and stores nothing", async () => {
    const ready = await fetch(`${offline.url}/ready`);
    expect(ready.status).toBe(200);
    const admin = await signUp(offline, "admin");
    expect((await offline.gql(STATUS, {}, admin.token)).data?.systemStatus).toEqual({ database: "ok", storage: "unreachable" });
    const owner = await signUp(offline, "seller");
    const before = await offline.dataSource.getRepository(Image).count();
    const res = await offline.gql(UPLOAD, { dataUrl: dataUrl(await png(222, 111)) }, owner.token);
    expect(res.errors?.[0].extensions?.code).toBe("INTERNAL_SERVER_ERROR");
    expect(await offline.dataSource.getRepository(Image).count()).toBe(before);
  });
});
