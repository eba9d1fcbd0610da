import path from "node:path";
import sharp from "sharp";
import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { signUp, type SignedIn } from "../../test/fixtures";
import { codeOf, type TestServer } from "../../test/harness";
import { Image } from "./entity";

let buyer: SignedIn;
it.beforeAll(async ({ server }) => {
  buyer = await signUp(server);
});

const UPLOAD = `mutation ($dataUrl: String!) { uploadImage(dataUrl: $dataUrl) { url thumbnailUrl width height } }`;
const dataUrl = (bytes: Buffer, type = "image/png") => `data:${type};base64,${bytes.toString("base64")}`;
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();

describe("uploadImage", () => {
  it("refuses a picture over 16 megapixels from its header, before decoding it", async ({ server }) => {
    const before = await server.dataSource.getRepository(Image).count();
    const res = await server.gql(UPLOAD, { dataUrl: dataUrl(await png(5000, 4000)) }, buyer.token);
    expect(codeOf(res)).toBe("BAD_USER_INPUT");
    expect(res.errors?.[0].message).toBe("The image has too many pixels.");
    expect(await server.dataSource.getRepository(Image).count()).toBe(before);
  });

  it("stores a real PNG as WebP with a thumbnail, served under /uploads", async ({ server }) => {
    const res = await server.gql(UPLOAD, { dataUrl: dataUrl(await png(640, 480)) }, buyer.token);
    expect(res.errors).toBeUndefined();
    const image = res.data.uploadImage;
    expect(image).toMatchObject({ width: 640, height: 480 });
    // absolute, like every image address the API answers
    expect(image.url).toMatch(new RegExp(`^${server.url}/uploads/[0-9a-f]{64}\\.webp$`));
    expect(image.thumbnailUrl).toMatch(new RegExp(`^${server.url}/uploads/[0-9a-f]{64}-thumb\\.webp$`));

    const served = await fetch(image.url as string);
    expect(served.status).toBe(200);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 640, height: 480 });
    const thumb = await fetch(image.thumbnailUrl as string);
    expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({ width: 400, height: 400 });
    expect(await server.dataSource.getRepository(Image).findOneByOrFail({ url: new URL(image.url as string).pathname })).toMatchObject({
      uploaderId: buyer.user.id,
    });
  });

  it("stores the same picture once", async ({ server }) => {
    const bytes = await png(50, 50);
    const first = await server.gql(UPLOAD, { dataUrl: dataUrl(bytes) }, buyer.token);
    const second = await server.gql(UPLOAD, { dataUrl: dataUrl(bytes) }, buyer.token);
    expect(second.data.uploadImage.url).toBe(first.data.uploadImage.url);
    expect(await server.dataSource.getRepository(Image).countBy({ url: new URL(first.data.uploadImage.url as string).pathname })).toBe(1);
  });

  it("needs a signed-in caller", async ({ server }) => {
    expect(codeOf(await server.gql(UPLOAD, { dataUrl: dataUrl(await png(10, 10)) }))).toBe("UNAUTHENTICATED");
  });

  it("refuses a text file, even when it claims to be an image, and stores nothing", async ({ server }) => {
    const before = await server.dataSource.getRepository(Image).count();
    for (const upload of [
      dataUrl(Buffer.from("just some notes\n"), "text/plain"),
      dataUrl(Buffer.from("<svg>not really</svg>"), "image/png"),
      "not a data url",
    ]) {
      const res = await server.gql(UPLOAD, { dataUrl: upload }, buyer.token);
      expect(codeOf(res)).toBe("BAD_USER_INPUT");
      expect(res.errors![0].extensions!.fields).toHaveProperty("image");
    }
    expect(await server.dataSource.getRepository(Image).count()).toBe(before);
  });

  it("refuses an image over 5 MB with PAYLOAD_TOO_LARGE", async ({ server }) => {
    const oversized = Buffer.alloc(5.5 * 1024 * 1024, 7);
    const res = await server.gql(UPLOAD, { dataUrl: dataUrl(oversized) }, buyer.token);
    expect(codeOf(res)).toBe("PAYLOAD_TOO_LARGE");
  });
});

describe("image widths for srcset", () => {
  const widthOf = async (server: TestServer, url: string) => {
    // upload answers carry absolute URLs; a stored path resolves against the server
    const res = await fetch(new URL(url, server.url));
    expect(res.status, url).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
    return (await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width;
  };

  it("makes 200, 400 and 800 px wide WebP copies of an upload, never wider than the picture", async ({ server }) => {
    const res = await server.gql(UPLOAD, { dataUrl: dataUrl(await png(1200, 900)) }, buyer.token);
    const base = res.data.uploadImage.url.replace(/\.webp$/, "");
    expect(await widthOf(server, `${base}-w200.webp`)).toBe(200);
    expect(await widthOf(server, `${base}-w400.webp`)).toBe(400);
    expect(await widthOf(server, `${base}-w800.webp`)).toBe(800);
    const small = await server.gql(UPLOAD, { dataUrl: dataUrl(await png(300, 300)) }, buyer.token);
    expect(await widthOf(server, small.data.uploadImage.url.replace(/\.webp$/, "-w800.webp"))).toBe(300);
  });

  it("makes a missing width on first request (uploads stored before the widths existed); an unknown upload stays 404", async ({
    server,
  }) => {
    const res = await server.gql(UPLOAD, { dataUrl: dataUrl(await png(900, 600)) }, buyer.token);
    const url: string = res.data.uploadImage.url;
    await server.services.storage.deleteByPrefixes([`uploads/${path.basename(url).replace(/\.webp$/, "-w400.webp")}`]);
    expect(await widthOf(server, url.replace(/\.webp$/, "-w400.webp"))).toBe(400);
    expect((await fetch(`${server.url}/uploads/${"0".repeat(64)}-w400.webp`)).status).toBe(404);
  });
});
