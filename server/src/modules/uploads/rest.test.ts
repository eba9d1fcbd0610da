import { randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { signUp, type SignedIn } from "../../test/fixtures";
import type { TestServer } from "../../test/harness";
import { Conversation, Message } from "../conversations/entity";
import { Product } from "../products/entity";
import { Image } from "./entity";
import { postgresLimiter } from "../../platform/shared/rate-limits";
import {
  ANONYMOUS_UPLOADS_PER_HOUR,
  ANONYMOUS_UPLOADS_PER_IP,
  MAX_IMAGE_BYTES,
  TOO_MANY_ANONYMOUS,
  TOO_MANY_FOR_USER,
  TOO_MANY_FROM_ADDRESS,
  UNUSED_UPLOAD_LIFETIME_MS,
  UPLOADS_PER_USER_PER_HOUR,
} from "./service";

let seller: SignedIn;
it.beforeAll(async ({ server }) => {
  seller = await signUp(server, "seller");
});

const dataUrl = (bytes: Buffer, type = "image/png") => `data:${type};base64,${bytes.toString("base64")}`;
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 60 } } })
    .png()
    .toBuffer();
const upload = (server: TestServer, body: unknown, as: { token?: string } = seller, headers: Record<string, string> = {}) =>
  server.api("POST", "/api/upload/Image", { token: as.token, body, headers });
/** An upload with no credentials from one address (the test server trusts the loopback proxy's X-Forwarded-For). */
const anonymousUpload = (server: TestServer, body: unknown, address: string) => upload(server, body, {}, { "x-forwarded-for": address });
let addresses = 0;
const freshAddress = () => `198.51.100.${++addresses}`;
const hashOf = (url: string) => /\/uploads\/([0-9a-f]{64})\.webp$/.exec(url)![1];
const imageRow = (server: TestServer, url: string) => server.dataSource.getRepository(Image).findOneBy({ hash: hashOf(url) });
const imageCount = (server: TestServer) => server.dataSource.getRepository(Image).count();
/** The service's limit, as stored in PostgreSQL: lets a test spend most of an hour's points at once. */
const limiter = (server: TestServer, keyPrefix: string, points: number) =>
  postgresLimiter(server.dataSource, { keyPrefix, points, duration: 3600 });

describe("POST /api/upload/Image", () => {
  it("answers the hosted URL as a bare JSON string, which serves the image and works as a product image", async ({ server }) => {
    const res = await upload(server, { image: dataUrl(await png(320, 200)) });
    expect(res.status).toBe(200);
    expect(typeof res.body).toBe("string");
    expect(res.body).toMatch(new RegExp(`^${server.url.replace("localhost", "(localhost|127\\.0\\.0\\.1)")}/uploads/[0-9a-f]{64}\\.webp$`));
    const served = await fetch(res.body);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 320, height: 200 });
    const product = await server.api("POST", "/api/products/create-product", {
      token: seller.token,
      body: {
        name: "Green mug",
        category: "accessories",
        color: "green",
        price: 300,
        description: "Ceramic mug, never used.",
        image: res.body,
      },
    });
    expect(product).toMatchObject({ status: 201, body: { image: res.body } });
  });

  it("answers 400 for a body that is not an image, storing nothing", async ({ server }) => {
    const before = await imageCount(server);
    expect(await upload(server, { image: dataUrl(Buffer.from("just some text"), "image/png") })).toMatchObject({
      status: 400,
      body: { message: "The upload is not an image." },
    });
    expect((await upload(server, { image: "https://example.com/cat.png" })).status).toBe(400);
    expect((await upload(server, {})).status).toBe(400);
    expect(await imageCount(server)).toBe(before);
  });

  it("lets a full 5 MB image through the JSON body limit, and answers 413 past the size limit", async ({ server }) => {
    // just under the limit reaches the image check (random bytes are no image): the body limit did not cut it off
    expect((await upload(server, { image: dataUrl(randomBytes(MAX_IMAGE_BYTES - 1024)) })).status).toBe(400);
    expect(await upload(server, { image: dataUrl(randomBytes(MAX_IMAGE_BYTES + 64 * 1024)) })).toMatchObject({
      status: 413,
      body: { message: "The image is larger than 5 MB." },
    });
    // past the JSON body limit too: the image's own rule and its limit, not the body's
    const before = await imageCount(server);
    expect(await upload(server, { image: dataUrl(randomBytes(6 * 1024 * 1024)) })).toMatchObject({
      status: 413,
      body: { message: "The image is larger than 5 MB." },
    });
    expect(await imageCount(server)).toBe(before);
  });
});

describe("POST /api/upload/Image without credentials (legacy add-product forms)", () => {
  it("stores the image with no owner and answers its absolute URL, served cross-origin and cached for a year", async ({ server }) => {
    const res = await anonymousUpload(server, { image: dataUrl(await png(120, 90)) }, freshAddress());
    expect(res.status).toBe(200);
    expect(res.body).toMatch(new RegExp(`^${server.url}/uploads/[0-9a-f]{64}\\.webp$`));
    expect(await imageRow(server, res.body as string)).toMatchObject({ uploaderId: null, width: 120, height: 90 });

    const served = await fetch(res.body as string);
    expect(served.status).toBe(200);
    // browsers block an image from another origin under the default same-origin policy
    expect(served.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // the rest of the app stays same-origin
    expect((await fetch(`${server.url}/health`)).headers.get("cross-origin-resource-policy")).toBe("same-origin");
  });

  it("applies the same checks as any upload: not an image 400, too large 413, too many pixels 400", async ({ server }) => {
    const address = freshAddress();
    const before = await imageCount(server);
    expect((await anonymousUpload(server, { image: dataUrl(Buffer.from("just some text")) }, address)).status).toBe(400);
    expect((await anonymousUpload(server, { image: dataUrl(randomBytes(MAX_IMAGE_BYTES + 64 * 1024)) }, address)).status).toBe(413);
    expect((await anonymousUpload(server, { image: dataUrl(pngClaiming(8000, 8000)) }, address)).status).toBe(400);
    expect(await imageCount(server)).toBe(before);
  });

  it(`takes ${ANONYMOUS_UPLOADS_PER_IP} per address per hour (a campus is one address), then answers 429 storing nothing; other addresses and signed-in uploads go on`, async ({
    server,
  }) => {
    const address = freshAddress();
    const tiny = async (n: number) => dataUrl(await png(8 + n, 8));
    // the first uploads of the hour, counted as the service counts them (decoding 200 pictures would only slow the test)
    await limiter(server, "upload_anon_ip", ANONYMOUS_UPLOADS_PER_IP).penalty(address, ANONYMOUS_UPLOADS_PER_IP - 12);
    for (let n = 0; n < 12; n++) expect((await anonymousUpload(server, { image: await tiny(n) }, address)).status).toBe(200);
    const before = await imageCount(server);
    expect(await anonymousUpload(server, { image: await tiny(100) }, address)).toMatchObject({
      status: 429,
      body: { message: TOO_MANY_FROM_ADDRESS.text },
    });
    expect(await imageCount(server)).toBe(before);
    expect((await anonymousUpload(server, { image: await tiny(100) }, freshAddress())).status).toBe(200);
    expect((await upload(server, { image: await tiny(101) }, seller, { "x-forwarded-for": address })).status).toBe(200);
  });

  it(`takes ${ANONYMOUS_UPLOADS_PER_HOUR} an hour without credentials from all addresses together`, async ({ server }) => {
    const all = limiter(server, "upload_anon_all", ANONYMOUS_UPLOADS_PER_HOUR);
    await all.penalty("all", ANONYMOUS_UPLOADS_PER_HOUR - 1 - ((await all.get("all"))?.consumedPoints ?? 0));
    try {
      expect((await anonymousUpload(server, { image: dataUrl(await png(51, 9)) }, freshAddress())).status).toBe(200);
      const before = await imageCount(server);
      expect(await anonymousUpload(server, { image: dataUrl(await png(52, 9)) }, freshAddress())).toMatchObject({
        status: 429,
        body: { message: TOO_MANY_ANONYMOUS.text },
      });
      expect(await imageCount(server)).toBe(before);
      expect((await upload(server, { image: dataUrl(await png(53, 9)) })).status).toBe(200);
    } finally {
      await all.delete("all");
    }
  });

  it(`takes ${UPLOADS_PER_USER_PER_HOUR} signed-in uploads per user per hour (REST, GraphQL and profile pictures together)`, async ({
    server,
  }) => {
    const busy = await signUp(server, "seller");
    await limiter(server, "upload_user", UPLOADS_PER_USER_PER_HOUR).penalty(busy.user.id, UPLOADS_PER_USER_PER_HOUR - 2);
    expect((await upload(server, { image: dataUrl(await png(61, 9)) }, busy)).status).toBe(200);
    const graphql = await server.gql(
      `mutation ($d: String!) { uploadImage(dataUrl: $d) { url } }`,
      { d: dataUrl(await png(62, 9)) },
      busy.token,
    );
    expect(graphql.errors).toBeUndefined();
    const before = await imageCount(server);
    expect(await upload(server, { image: dataUrl(await png(63, 9)) }, busy)).toMatchObject({
      status: 429,
      body: { message: TOO_MANY_FOR_USER.text },
    });
    const refused = await server.gql(
      `mutation ($d: String!) { uploadImage(dataUrl: $d) { url } }`,
      { d: dataUrl(await png(64, 9)) },
      busy.token,
    );
    expect(refused.errors?.[0]).toMatchObject({ message: TOO_MANY_FOR_USER.text, extensions: { code: "RATE_LIMITED" } });
    expect(await imageCount(server)).toBe(before);
    // another user is not affected
    expect((await upload(server, { image: dataUrl(await png(65, 9)) })).status).toBe(200);
  });

  it("keeps the owner of a signed-in upload, and a signed-in upload of an anonymous picture takes it over", async ({ server }) => {
    const mine = await upload(server, { image: dataUrl(await png(33, 33)) });
    expect(await imageRow(server, mine.body as string)).toMatchObject({ uploaderId: seller.user.id });
    const picture = dataUrl(await png(34, 34));
    const anonymous = await anonymousUpload(server, { image: picture }, freshAddress());
    expect(await imageRow(server, anonymous.body as string)).toMatchObject({ uploaderId: null });
    expect((await upload(server, { image: picture })).body).toBe(anonymous.body);
    expect(await imageRow(server, anonymous.body as string)).toMatchObject({ uploaderId: seller.user.id });
  });

  it("deletes, after 24 hours, the uploads (anonymous or signed in) no product (picture or gallery), profile or chat photo uses (rows and files)", async ({
    server,
  }) => {
    const address = freshAddress();
    const put = async (side: number) => (await anonymousUpload(server, { image: dataUrl(await png(side, 41)) }, address)).body as string;
    const [unused, forProduct, forProfile, forGallery] = [await put(41), await put(42), await put(43), await put(46)];
    const forChat = (await upload(server, { image: dataUrl(await png(47, 41)) })).body as string;
    const owned = (await upload(server, { image: dataUrl(await png(44, 41)) })).body as string;
    const product = await server.api("POST", "/api/products/create-product", {
      token: seller.token,
      body: { name: "Desk lamp", category: "furniture", color: "black", price: 900, description: "LED desk lamp.", image: forProduct },
    });
    expect(product.status).toBe(201);
    // the legacy REST has no gallery field (GraphQL does): write it directly
    await server.dataSource.getRepository(Product).update({ id: (product.body as { _id: string })._id }, { gallery: [forGallery] });
    const profile = await server.api("PATCH", "/api/auth/edit-profile", {
      token: seller.token,
      body: { username: seller.user.username, profileImage: forProfile },
    });
    expect(profile.status).toBe(200);
    const buyer = await signUp(server);
    const conversation = await server.dataSource.getRepository(Conversation).save({
      productId: (product.body as { _id: string })._id,
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
    });
    await server.dataSource
      .getRepository(Message)
      .save({ conversationId: conversation.id, senderId: seller.user.id, body: "", image: new URL(forChat).pathname });

    const uploads = server.services.uploads;
    const exists = async (url: string) => (await imageRow(server, url)) !== null && (await fetch(url)).status === 200;
    await uploads.deleteUnusedUploads(new Date(Date.now() + UNUSED_UPLOAD_LIFETIME_MS - 60_000));
    expect(await exists(unused)).toBe(true);

    // sent again a day later (its first upload long expired): the new 24 hours count
    const again = await put(45);
    await server.dataSource
      .getRepository(Image)
      .update({ hash: hashOf(again) }, { createdAt: new Date(Date.now() - 2 * UNUSED_UPLOAD_LIFETIME_MS) });
    expect(await put(45)).toBe(again);
    await uploads.deleteUnusedUploads(new Date());
    expect(await exists(again)).toBe(true);

    await uploads.deleteUnusedUploads(new Date(Date.now() + UNUSED_UPLOAD_LIFETIME_MS + 60_000));
    expect(await imageRow(server, unused)).toBeNull();
    expect((await fetch(unused)).status).toBe(404);
    expect((await fetch(unused.replace(".webp", "-thumb.webp"))).status).toBe(404);
    // a signed-in upload nothing uses goes the same way
    expect(await imageRow(server, owned)).toBeNull();
    expect((await fetch(owned)).status).toBe(404);
    for (const kept of [forProduct, forProfile, forGallery, forChat]) expect(await exists(kept), kept).toBe(true);
  });
});

/** A real PNG header claiming a size past the pixel cap (the body is a 1 x 1 picture's). */
function pngClaiming(width: number, height: number): Buffer {
  // signature (8) + IHDR length and type (8) + width + height (8) + depth, colour, ... (5) + CRC (4)
  const bytes = Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108020000009077" +
      "53de0000000c4944415408d763f8cfc000000301010018dd8db00000000049454e44ae426082",
    "hex",
  );
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}
