import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp, type SignedIn } from "../../test/fixtures";
import { startTestServer, type TestServer } from "../../test/harness";
import { Image } from "./entity";
import { MAX_IMAGE_BYTES } from "./service";

let server: TestServer;
let seller: SignedIn;
beforeAll(async () => {
  server = await startTestServer();
  seller = await signUp(server, "seller");
});
afterAll(() => server.close());

const dataUrl = (bytes: Buffer, type = "image/png") => `data:${type};base64,${bytes.toString("base64")}`;
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 60 } } })
    .png()
    .toBuffer();
const upload = (body: unknown, as: { token?: string } = seller) => server.api("POST", "/api/upload/Image", { token: as.token, body });
const imageCount = () => server.dataSource.getRepository(Image).count();

describe("POST /api/upload/Image", () => {
  it("answers the hosted URL as a bare JSON string, which serves the image and works as a product image", async () => {
    const res = await upload({ image: dataUrl(await png(320, 200)) });
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

  it("answers 400 for a body that is not an image and 401 without a token, storing nothing", async () => {
    const before = await imageCount();
    expect(await upload({ image: dataUrl(Buffer.from("just some text"), "image/png") })).toMatchObject({
      status: 400,
      body: { message: "The upload is not an image." },
    });
    expect((await upload({ image: "https://example.com/cat.png" })).status).toBe(400);
    expect((await upload({})).status).toBe(400);
    expect((await upload({ image: dataUrl(await png(10, 10)) }, {})).status).toBe(401);
    expect(await imageCount()).toBe(before);
  });

  it("lets a full 5 MB image through the JSON body limit, and answers 413 past the size limit", async () => {
    // just under the limit reaches the image check (random bytes are no image): the body limit did not cut it off
    expect((await upload({ image: dataUrl(randomBytes(MAX_IMAGE_BYTES - 1024)) })).status).toBe(400);
    expect(await upload({ image: dataUrl(randomBytes(MAX_IMAGE_BYTES + 64 * 1024)) })).toMatchObject({
      status: 413,
      body: { message: "The image is larger than 5 MB." },
    });
    expect(await upload({ image: dataUrl(randomBytes(9 * 1024 * 1024)) })).toMatchObject({
      status: 413,
      body: { message: expect.any(String) },
    });
  });
});
