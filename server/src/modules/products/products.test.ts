import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { asCaller, insertOrder, signUp, type SignedIn } from "../../test/fixtures";
import { codeOf, type TestServer } from "../../test/harness";
import { Product } from "./entity";
import { PUBLIC_PROFILE } from "../users/entity";
import type { ProductFields } from "./service";
import { LIST, validProduct } from "./testing";
import { NOT_OWN_IMAGE } from "../../platform/http/public-url";

let seller: SignedIn;
let otherSeller: SignedIn;
let buyer: SignedIn;
let admin: SignedIn;

it.beforeAll(({ cast }) => {
  ({ seller, otherSeller, buyer, admin } = cast);
});

const products = (server: TestServer) => server.dataSource.getRepository(Product);

const FIELDS = `id name description category color price oldPrice image rating ratingCount createdAt updatedAt seller { id username storeName sellerType profileImage }`;
const CREATE = `mutation ($input: ProductInput!) { createProduct(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: ProductUpdateInput!) { updateProduct(id: $id, input: $input) { ${FIELDS} } }`;
const DELETE = `mutation ($id: ID!) { deleteProduct(id: $id) }`;
const ONE = `query ($id: ID!) { product(id: $id) { ${FIELDS} } }`;
const MINE = `query ($page: Int, $pageSize: Int) { myProducts(page: $page, pageSize: $pageSize) { totalItems totalPages page pageSize items { id name } } }`;

describe("catalogOptions", () => {
  it("lists categories, colours and the four price bands in PKR that fit student prices to anyone", async ({ server }) => {
    const res = await server.gql(`{ catalogOptions { categories { slug label } colors { slug label } priceRanges { label min max } } }`);
    expect(res.errors).toBeUndefined();
    const options = res.data.catalogOptions;
    expect(options.categories.map((c: { slug: string }) => c.slug)).toContain("books");
    expect(options.colors).toContainEqual({ slug: "gold", label: "Gold" });
    expect(options.priceRanges.map((r: { min: number; max: number | null }) => [r.min, r.max])).toEqual([
      [0, 1000],
      [1000, 5000],
      [5000, 20000],
      [20000, null],
    ]);
    expect(options.priceRanges[0].label).toBe("Under Rs 1,000");
  });
});

describe("createProduct", () => {
  it("lets a seller list a product, with prices in PKR, an alias category normalised and the public seller profile", async ({ server }) => {
    const res = await server.gql(
      CREATE,
      { input: validProduct({ category: "Textbooks", color: "Black", name: "  Used Textbook  " }) },
      seller.token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.createProduct).toMatchObject({
      name: "Used Textbook",
      category: "books",
      color: "black",
      price: 2450.5,
      oldPrice: 2999,
      rating: 0,
      ratingCount: 0,
      seller: { id: seller.user.id, username: seller.user.username, sellerType: "INDIVIDUAL", storeName: null },
    });
    const row = await products(server).findOneByOrFail({ id: res.data.createProduct.id });
    expect(row).toMatchObject({ pricePaisa: 245050, oldPricePaisa: 299900, sellerId: seller.user.id });
  });

  it("lets an admin list a product too", async ({ server }) => {
    const res = await server.gql(CREATE, { input: validProduct({ oldPrice: null }) }, admin.token);
    expect(res.errors).toBeUndefined();
    expect(res.data.createProduct).toMatchObject({ oldPrice: null, seller: { id: admin.user.id } });
  });

  it("refuses anonymous callers and buyers", async ({ server }) => {
    expect(codeOf(await server.gql(CREATE, { input: validProduct() }))).toBe("UNAUTHENTICATED");
    expect(codeOf(await server.gql(CREATE, { input: validProduct() }, buyer.token))).toBe("FORBIDDEN");
    // the REST route declares the same roles in its access (the service leaves roles to the two guards)
    expect((await server.api("POST", "/api/products/create-product", { token: buyer.token, body: validProduct() })).status).toBe(403);
  });

  it("names every bad field and writes nothing", async ({ server }) => {
    const before = await products(server).count();
    const res = await server.gql(
      CREATE,
      {
        input: {
          name: "x",
          description: "too short",
          category: "spaceships",
          color: "purple",
          price: 10.555,
          oldPrice: 5,
          image: "javascript:alert(1)",
        },
      },
      seller.token,
    );
    expect(codeOf(res)).toBe("BAD_USER_INPUT");
    expect(Object.keys(res.errors![0].extensions!.fields!).sort()).toEqual(["category", "color", "description", "image", "name", "price"]);
    expect(await products(server).count()).toBe(before);
  });

  it.for<[Partial<ProductFields>, string]>([
    [{ price: 0 }, "price"],
    [{ price: -5 }, "price"],
    [{ price: 5e-324 }, "price"],
    [{ price: 10_000_000.01, oldPrice: null }, "price"],
    [{ oldPrice: 100 }, "oldPrice"],
    [{ oldPrice: 2450.5 }, "oldPrice"],
    [{ image: "" }, "image"],
    [{ image: `/uploads/${"a".repeat(500)}.webp` }, "image"],
    [{ description: "d".repeat(2001) }, "description"],
    [{ name: "n".repeat(121) }, "name"],
  ])("refuses %o", async ([over, field], { server }) => {
    const before = await products(server).count();
    const res = await server.gql(CREATE, { input: validProduct(over) }, seller.token);
    expect(codeOf(res)).toBe("BAD_USER_INPUT");
    expect(res.errors![0].extensions!.fields).toHaveProperty(field);
    expect(await products(server).count()).toBe(before);
  });

  it("accepts the largest price", async ({ server }) => {
    const res = await server.gql(CREATE, { input: validProduct({ price: 10_000_000, oldPrice: null }) }, seller.token);
    expect(res.errors).toBeUndefined();
    expect(res.data.createProduct.price).toBe(10_000_000);
  });

  it("refuses an image on another site (the CSP would block it, and it would tell that site who looks), storing nothing", async ({
    server,
  }) => {
    const before = await products(server).count();
    for (const image of ["https://cdn.example.pk/p/1.jpg", "http://tracker.example/pixel.gif", "//cdn.example.pk/a.webp", "/api/x"]) {
      const res = await server.gql(CREATE, { input: validProduct({ image }) }, seller.token);
      expect(res.errors?.[0]?.extensions?.fields, image).toEqual({ image: NOT_OWN_IMAGE });
    }
    expect(await products(server).count()).toBe(before);
  });
});

describe("updateProduct and deleteProduct", () => {
  let productId: string;
  it.beforeAll(async ({ server }) => {
    productId = (await server.services.products.create(validProduct({ name: "Desk Lamp" }), asCaller(seller))).id;
  });

  it("lets the owner change some fields and keeps the others", async ({ server }) => {
    const res = await server.gql(UPDATE, { id: productId, input: { price: 1999.99, category: "dress" } }, seller.token);
    expect(res.errors).toBeUndefined();
    expect(res.data.updateProduct).toMatchObject({ name: "Desk Lamp", price: 1999.99, oldPrice: 2999, category: "clothing" });
  });

  it("removes the old price with null and checks it against the price", async ({ server }) => {
    const bad = await server.gql(UPDATE, { id: productId, input: { price: 3500 } }, seller.token);
    expect(codeOf(bad)).toBe("BAD_USER_INPUT");
    expect(bad.errors![0].extensions!.fields).toHaveProperty("oldPrice");
    expect((await products(server).findOneByOrFail({ id: productId })).pricePaisa).toBe(199999);

    const cleared = await server.gql(UPDATE, { id: productId, input: { price: 3500, oldPrice: null } }, seller.token);
    expect(cleared.data.updateProduct).toMatchObject({ price: 3500, oldPrice: null });
  });

  it("refuses bad input and changes nothing", async ({ server }) => {
    const before = await products(server).findOneByOrFail({ id: productId });
    const res = await server.gql(UPDATE, { id: productId, input: { name: "", color: "neon" } }, seller.token);
    expect(codeOf(res)).toBe("BAD_USER_INPUT");
    expect(Object.keys(res.errors![0].extensions!.fields!).sort()).toEqual(["color", "name"]);
    expect(await products(server).findOneByOrFail({ id: productId })).toEqual(before);
  });

  it("is forbidden to another seller and to buyers, and needs a signed-in caller", async ({ server }) => {
    expect(codeOf(await server.gql(UPDATE, { id: productId, input: { name: "Hijacked" } }, otherSeller.token))).toBe("FORBIDDEN");
    expect(codeOf(await server.gql(UPDATE, { id: productId, input: { name: "Hijacked" } }, buyer.token))).toBe("FORBIDDEN");
    expect(codeOf(await server.gql(UPDATE, { id: productId, input: { name: "Hijacked" } }))).toBe("UNAUTHENTICATED");
    expect(codeOf(await server.gql(DELETE, { id: productId }, otherSeller.token))).toBe("FORBIDDEN");
    expect((await products(server).findOneByOrFail({ id: productId })).name).toBe("Desk Lamp");
  });

  it("answers NOT_FOUND for an unknown or malformed id", async ({ server }) => {
    expect(codeOf(await server.gql(UPDATE, { id: crypto.randomUUID(), input: { name: "Nope" } }, seller.token))).toBe("NOT_FOUND");
    expect(codeOf(await server.gql(DELETE, { id: "not-a-uuid" }, seller.token))).toBe("NOT_FOUND");
  });

  it("lets an admin edit anyone's product", async ({ server }) => {
    const res = await server.gql(UPDATE, { id: productId, input: { name: "Desk Lamp (moderated)" } }, admin.token);
    expect(res.data.updateProduct.name).toBe("Desk Lamp (moderated)");
  });

  it("soft-deletes: the product leaves the shop but stays in the database for order history", async ({ server }) => {
    const order = await insertOrder(server.dataSource, {
      buyerId: buyer.user.id,
      lines: [{ product: await products(server).findOneByOrFail({ id: productId }) }],
    });
    const res = await server.gql(DELETE, { id: productId }, seller.token);
    expect(res.data).toEqual({ deleteProduct: true });

    expect((await server.gql(ONE, { id: productId })).data.product).toBeNull();
    const listed = await server.gql(LIST, { filter: { sellerId: seller.user.id }, pageSize: 50 });
    expect(listed.data.products.items.map((p: { id: string }) => p.id)).not.toContain(productId);
    const row = await products(server).findOne({ where: { id: productId }, withDeleted: true });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const [line] = await server.dataSource.query(`SELECT "productId" FROM order_lines WHERE "orderId" = $1`, [order.id]);
    expect(line.productId).toBe(productId);

    expect(codeOf(await server.gql(DELETE, { id: productId }, seller.token))).toBe("NOT_FOUND");
    expect(codeOf(await server.gql(UPDATE, { id: productId, input: { name: "Back" } }, seller.token))).toBe("NOT_FOUND");
  });

  it("lets an admin delete another seller's product; buyers and anonymous callers cannot", async ({ server }) => {
    const other = await server.services.products.create(validProduct({ name: "Other's" }), asCaller(otherSeller));
    expect(codeOf(await server.gql(DELETE, { id: other.id }, buyer.token))).toBe("FORBIDDEN");
    expect(codeOf(await server.gql(DELETE, { id: other.id }))).toBe("UNAUTHENTICATED");
    expect((await server.gql(DELETE, { id: other.id }, admin.token)).data).toEqual({ deleteProduct: true });
  });
});

describe("myProducts", () => {
  it("shows a seller only their own listings, newest first, paginated", async ({ server }) => {
    const fresh = await signUp(server, "seller");
    for (const name of ["First", "Second", "Third"]) await server.services.products.create(validProduct({ name }), asCaller(fresh));
    await server.services.products.create(validProduct({ name: "Not mine" }), asCaller(otherSeller));

    const res = await server.gql(MINE, { page: 1, pageSize: 2 }, fresh.token);
    expect(res.data.myProducts).toMatchObject({ totalItems: 3, totalPages: 2, page: 1, pageSize: 2 });
    expect(res.data.myProducts.items.map((p: { name: string }) => p.name)).toEqual(["Third", "Second"]);
    const page2 = await server.gql(MINE, { page: 2, pageSize: 2 }, fresh.token);
    expect(page2.data.myProducts.items.map((p: { name: string }) => p.name)).toEqual(["First"]);
    expect((await server.gql(MINE, {}, fresh.token)).data.myProducts.pageSize).toBe(10);
  });

  it("is for sellers and admins only", async ({ server }) => {
    expect(codeOf(await server.gql(MINE, {}))).toBe("UNAUTHENTICATED");
    expect(codeOf(await server.gql(MINE, {}, buyer.token))).toBe("FORBIDDEN");
    expect((await server.gql(MINE, {}, admin.token)).errors).toBeUndefined();
  });
});

describe("product", () => {
  it("returns a product with its public seller profile and answers null for unknown or malformed ids", async ({ server }) => {
    const product = await server.services.products.create(validProduct(), asCaller(seller));
    const res = await server.gql(ONE, { id: product.id });
    expect(res.data.product).toMatchObject({ id: product.id, price: 2450.5, seller: { username: seller.user.username } });
    expect((await server.gql(ONE, { id: crypto.randomUUID() })).data).toEqual({ product: null });
    const malformed = await server.gql(ONE, { id: "'; DROP TABLE products; --" });
    expect(malformed).toEqual({ data: { product: null } });
  });

  it("does not expose the seller's e-mail", async ({ server }) => {
    const res = await server.gql(`{ products { items { seller { email } } } }`);
    expect(codeOf(res)).toBe("GRAPHQL_VALIDATION_FAILED");
  });

  it("reads only the seller's public profile with a listing, so none of the rest reaches the catalogue's cache", async ({ server }) => {
    const owner = await signUp(server, "seller", { contactNumber: "03219876543" });
    const product = await server.services.products.create(validProduct(), asCaller(owner));
    const read = await server.services.catalog.byId(product.id, null);
    expect(Object.keys(read?.seller ?? {}).sort()).toEqual([...PUBLIC_PROFILE].sort());
    // the entry pages and trending are kept in the cache as they were read
    const kept = JSON.stringify([await server.services.catalog.list({}), await server.services.catalog.trending({ limit: 50 })]);
    expect(kept).toContain(owner.user.username);
    for (const secret of [owner.user.email, "03219876543", owner.user.name]) expect(kept).not.toContain(secret);
  });
});
