import sharp from "sharp";
import { describe, expect } from "vitest";
import { it } from "../test/server-test";
import { signUp, type SignedIn } from "../test/fixtures";
import { startTestServer, type RestResult, type TestServer } from "../test/harness";
import { Product } from "../modules/products/entity";
import { NOT_OWN_IMAGE } from "../platform/http/public-url";
import { User } from "../modules/users/entity";

/**
 * Legacy clients run on their own origin and put image addresses straight into <img src>: every
 * image address a REST answer carries must be absolute (docs/rest.md, "Images in answers").
 */
let seller: SignedIn;
let admin: SignedIn;
let imagePath: string;
it.beforeAll(async ({ server }) => {
  [seller, admin] = await Promise.all([signUp(server, "seller"), signUp(server, "admin")]);
  const png = await sharp({ create: { width: 60, height: 40, channels: 3, background: { r: 90, g: 20, b: 160 } } })
    .png()
    .toBuffer();
  imagePath = (await server.services.uploads.storeImage(png, seller.user.id)).url;
});

const IMAGE_KEYS = new Set(["image", "profileImage"]);

/** Every non-null value under an `image` or `profileImage` key, at any depth. */
function imageAddresses(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(imageAddresses);
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, v]) => (IMAGE_KEYS.has(key) && typeof v === "string" ? [v] : imageAddresses(v)));
}

type Schema = { $ref?: string; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[] };
type OpenApi = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>>;
  components?: { schemas?: Record<string, Schema> };
};

/** Whether a response schema carries an image address (an image key anywhere in it). */
function carriesImage(schema: Schema | undefined, doc: OpenApi, seen = new Set<string>()): boolean {
  if (!schema) return false;
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return false;
    seen.add(schema.$ref);
    return carriesImage(doc.components?.schemas?.[schema.$ref.split("/").pop()!], doc, seen);
  }
  const children = [
    ...Object.values(schema.properties ?? {}),
    schema.items,
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
  ];
  return Object.keys(schema.properties ?? {}).some((k) => IMAGE_KEYS.has(k)) || children.some((c) => carriesImage(c, doc, seen));
}

describe("image addresses in REST answers", () => {
  const covered = new Set<string>();
  /** Calls a route, remembers it as covered, and checks every image address in the answer. */
  async function call(
    server: TestServer,
    operation: string,
    path: string,
    options: Parameters<TestServer["api"]>[2] = {},
  ): Promise<RestResult> {
    const [method] = operation.split(" ");
    const res = await server.api(method, path, options);
    expect(res.status, `${operation}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    const addresses = operation === "POST /api/upload/Image" ? [res.body as string] : imageAddresses(res.body);
    expect(addresses.length, `${operation} answered no image address`).toBeGreaterThan(0);
    for (const address of addresses) expect(address, operation).toMatch(new RegExp(`^${server.url}/uploads/[0-9a-f]{64}\\.webp$`));
    covered.add(operation);
    return res;
  }

  it("are absolute in every answer that carries one (each such route in /api/openapi.json is called)", async ({ server }) => {
    const png = await sharp({ create: { width: 30, height: 30, channels: 3, background: { r: 1, g: 2, b: 3 } } })
      .png()
      .toBuffer();
    await call(server, "POST /api/upload/Image", "/api/upload/Image", {
      body: { image: `data:image/png;base64,${png.toString("base64")}` },
    });
    // stored as the app path (as the web app and the seed store it)
    await call(server, "PATCH /api/auth/edit-profile", "/api/auth/edit-profile", {
      token: seller.token,
      body: { username: seller.user.username, profileImage: imagePath },
    });
    const product = {
      name: "Poster",
      category: "accessories",
      color: "black",
      price: 250,
      description: "A poster of the campus.",
      image: imagePath,
    };
    const created = await call(server, "POST /api/products/create-product", "/api/products/create-product", {
      token: seller.token,
      body: product,
    });
    const id = (created.body as { _id: string })._id;
    await call(server, "PATCH /api/products/update-product/{id}", `/api/products/update-product/${id}`, {
      token: seller.token,
      body: { price: 240 },
    });
    await call(server, "GET /api/products", "/api/products");
    await call(server, "GET /api/products/seller/{sellerId}", `/api/products/seller/${seller.user.id}`);
    await call(server, "GET /api/products/{id}", `/api/products/${id}`);
    await call(server, "POST /api/auth/login", "/api/auth/login", { body: { email: seller.user.email, password: seller.password } });
    await call(server, "GET /api/auth/users", "/api/auth/users?limit=50", { token: admin.token });
    await call(server, "PUT /api/auth/users/{id}", `/api/auth/users/${seller.user.id}`, { token: admin.token, body: { role: "seller" } });

    const doc = (await server.api<OpenApi>("GET", "/api/openapi.json")).body;
    const carrying = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) =>
          Object.entries(op.responses).some(
            ([status, r]) => status.startsWith("2") && carriesImage(r.content?.["application/json"]?.schema, doc),
          ),
        )
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    // register answers the new account, which has no picture yet: its shape is checked in auth/rest.test.ts
    expect(carrying.filter((op) => op !== "POST /api/auth/register").sort()).toEqual(
      [...covered].filter((op) => op !== "POST /api/upload/Image").sort(),
    );
  });

  it("start with PUBLIC_URL when it is set", async () => {
    const behindCdn = await startTestServer({ env: { PUBLIC_URL: "https://shop.unibazaar.test/market/" } });
    try {
      const owner = await signUp(behindCdn, "seller");
      await behindCdn.api("PATCH", "/api/auth/edit-profile", {
        token: owner.token,
        body: { username: owner.user.username, profileImage: "/uploads/me.webp" },
      });
      const login = await behindCdn.api("POST", "/api/auth/login", { body: { email: owner.user.email, password: owner.password } });
      expect(login.body.user.profileImage).toBe("https://shop.unibazaar.test/market/uploads/me.webp");
      const me = await behindCdn.gql<{ me: { profileImage: string } }>("{ me { profileImage } }", {}, owner.token);
      expect(me.data?.me.profileImage).toBe("https://shop.unibazaar.test/market/uploads/me.webp");
    } finally {
      await behindCdn.close();
    }
  });

  it("without PUBLIC_URL, follow the protocol and host a trusted proxy forwards; a picture on another site is refused", async ({
    server,
  }) => {
    await server.api("PATCH", "/api/auth/edit-profile", {
      token: seller.token,
      body: { username: seller.user.username, profileImage: imagePath },
    });
    const proxied = await server.api("POST", "/api/auth/login", {
      body: { email: seller.user.email, password: seller.password },
      headers: { "x-forwarded-proto": "https", "x-forwarded-host": "market.example.pk" },
    });
    expect(proxied.body.user.profileImage).toBe(`https://market.example.pk${imagePath}`);

    const elsewhere = await server.api("PATCH", "/api/auth/edit-profile", {
      token: seller.token,
      body: { username: seller.user.username, profileImage: "https://cdn.example.pk/me.png" },
    });
    expect(elsewhere).toMatchObject({ status: 400, body: { fields: { profileImage: NOT_OWN_IMAGE } } });
    const login = await server.api("POST", "/api/auth/login", { body: { email: seller.user.email, password: seller.password } });
    expect(login.body.user.profileImage).toBe(`${server.url}${imagePath}`);
  });
});

describe("image addresses sent back", () => {
  it("are stored as the /uploads/ path when they name our own upload (by any host), so answers follow the public URL", async ({
    server,
  }) => {
    const sentBack = `https://old-host.example.pk${imagePath}`;
    const product = {
      name: "Wall clock",
      category: "furniture",
      color: "black",
      price: 800,
      description: "Quiet wall clock.",
      image: sentBack,
    };
    const created = await server.api("POST", "/api/products/create-product", { token: seller.token, body: product });
    expect(created).toMatchObject({ status: 201, body: { image: `${server.url}${imagePath}` } });
    expect(await server.dataSource.getRepository(Product).findOneByOrFail({ id: created.body._id as string })).toMatchObject({
      image: imagePath,
    });

    const profile = await server.gql<{ updateProfile: { profileImage: string } }>(
      `mutation ($input: ProfileInput!) { updateProfile(input: $input) { profileImage } }`,
      { input: { username: seller.user.username, profileImage: `${server.url}${imagePath}` } },
      seller.token,
    );
    expect(profile.data?.updateProfile.profileImage).toBe(`${server.url}${imagePath}`);
    expect(await server.dataSource.getRepository(User).findOneByOrFail({ id: seller.user.id })).toMatchObject({ profileImage: imagePath });
  });
});

describe("image addresses in GraphQL answers", () => {
  it("are absolute too (integrators and mobile apps), from the same helper", async ({ server }) => {
    const res = await server.gql<{ products: { items: Array<{ image: string; seller: { profileImage: string | null } }> } }>(
      `{ products(page: 1, pageSize: 50) { items { image seller { profileImage } } } }`,
    );
    expect(res.errors).toBeUndefined();
    const items = res.data!.products.items;
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item.image).toMatch(new RegExp(`^${server.url}/uploads/`));
    const quote = await server.gql<{ priceQuote: { lines: Array<{ image: string }> } }>(
      `query ($id: ID!) { priceQuote(lines: [{ productId: $id, quantity: 1 }]) { lines { image } } }`,
      { id: (await server.api("GET", "/api/products")).body.products[0]._id as string },
    );
    expect(quote.data?.priceQuote.lines[0].image).toMatch(new RegExp(`^${server.url}/uploads/`));
  });
});
