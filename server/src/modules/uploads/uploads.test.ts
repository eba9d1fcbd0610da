import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, type SignedIn } from "../../test/fixtures";
import { codeOf, startTestServer, type TestServer } from "../../test/harness";
import { Image } from "./entity";

let server: TestServer;
let buyer: SignedIn;
beforeAll(async () => {
  server = await startTestServer();
  buyer = await signUp(server);
});
afterAll(() => server.close());

const UPLOAD = `mutation ($dataUrl: String!) { uploadImage(dataUrl: $dataUrl) { url thumbnailUrl width height } }`;
const dataUrl = (bytes: Buffer, type = "image/png") => `data:${type};base64,${bytes.toString("base64")}`;
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();

describe("uploadImage", () => {
  it("refuses a picture over 16 megapixels from its header, before decoding it", async () => {
    const before = await server.dataSource.getRepository(Image).count();
    const res = await server.gql(UPLOAD, { dataUrl: dataUrl(await png(5000, 4000)) }, buyer.token);
    expect(codeOf(res)).toBe("BAD_USER_INPUT");
    expect(res.errors?.[0].message).toBe("The image has too many pixels.");
    expect(await server.dataSource.getRepository(Image).count()).toBe(before);
  });

  it("stores a real PNG as WebP with a thumbnail, served under /uploads", async () => {
    const res = await server.gql(UPLOAD, { dataUrl: dataUrl(await png(640, 480)) }, buyer.token);
    expect(res.errors).toBeUndefined();
    const image = res.data.uploadImage;
    expect(image).toMatchObject({ width: 640, height: 480 });
    expect(image.url).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
    expect(image.thumbnailUrl).toMatch(/^\/uploads\/[0-9a-f]{64}-thumb\.webp$/);

    const served = await fetch(`${server.url}${image.url}`);
    expect(served.status).toBe(200);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 640, height: 480 });
    const thumb = await fetch(`${server.url}${image.thumbnailUrl}`);
    expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({ width: 400, height: 400 });
    expect(await server.dataSource.getRepository(Image).findOneByOrFail({ url: image.url })).toMatchObject({ uploaderId: buyer.user.id });
  });

  it("stores the same picture once", async () => {
    const bytes = await png(50, 50);
    const first = await server.gql(UPLOAD, { dataUrl: dataUrl(bytes) }, buyer.token);
    const second = await server.gql(UPLOAD, { dataUrl: dataUrl(bytes) }, buyer.token);
    expect(second.data.uploadImage.url).toBe(first.data.uploadImage.url);
    expect(await server.dataSource.getRepository(Image).countBy({ url: first.data.uploadImage.url })).toBe(1);
  });

  it("needs a signed-in caller", async () => {
    expect(codeOf(await server.gql(UPLOAD, { dataUrl: dataUrl(await png(10, 10)) }))).toBe("UNAUTHENTICATED");
  });

  it("refuses a text file, even when it claims to be an image, and stores nothing", async () => {
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

  it("refuses an image over 5 MB with PAYLOAD_TOO_LARGE", async () => {
    const oversized = Buffer.alloc(5.5 * 1024 * 1024, 7);
    const res = await server.gql(UPLOAD, { dataUrl: dataUrl(oversized) }, buyer.token);
    expect(codeOf(res)).toBe("PAYLOAD_TOO_LARGE");
  });
});
