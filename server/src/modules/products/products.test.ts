import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asCaller, insertOrder, signUp, signUpCast, type SignedIn } from "../../test/fixtures";
import { codeOf, startTestServer, type GraphQLResult, type TestServer } from "../../test/harness";
import { Product } from "./entity";
import type { ProductFields } from "./service";
import { NOT_OWN_IMAGE } from "../../platform/http/public-url";

let server: TestServer;
let seller: SignedIn;
let otherSeller: SignedIn;
let buyer: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  server = await startTestServer();
  ({ seller, otherSeller, buyer, admin } = await signUpCast(server));
});
afterAll(() => server.close());

const valid = (over: Partial<ProductFields> = {}): ProductFields => ({
  name: "Scientific Calculator",
  description: "Casio-style calculator with 417 functions, call 03001234567.",
  category: "electronics",
  color: "black",
  price: 2450.5,
  oldPrice: 2999,
  image: "/uploads/calc.webp",
  ...over,
});
const products = () => server.dataSource.getRepository(Product);

const FIELDS = `id name description category color price oldPrice image rating ratingCount createdAt updatedAt seller { id username storeName sellerType profileImage }`;
const CREATE = `mutation ($input: ProductInput!) { createProduct(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: ProductUpdateInput!) { updateProduct(id: $id, input: $input) { ${FIELDS} } }`;
const DELETE = `mutation ($id: ID!) { deleteProduct(id: $id) }`;
const LIST = `query ($filter: ProductFilter, $sort: ProductSort, $page: Int, $pageSize: Int) {
  products(filter: $filter, sort: $sort, page: $page, pageSize: $pageSize) { totalItems totalPages page pageSize items { id name price rating ratingCount category color seller { username } } } }`;
const ONE = `query ($id: ID!) { product(id: $id) { ${FIELDS} } }`;
const MINE = `query ($page: Int, $pageSize: Int) { myProducts(page: $page, pageSize: $pageSize) { totalItems totalPages page pageSize items { id name } } }`;

describe("catalogOptions", () => {
  it("lists categories, colours and the four price bands in PKR that fit student prices to anyone", async () => {
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
  it("lets a seller list a product, with prices in PKR, an alias category normalised and the public seller profile", async () => {
    const res = await server.gql(
      CREATE,
      { input: valid({ category: "Textbooks", color: "Black", name: "  Used Textbook  " }) },
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
    const row = await products().findOneByOrFail({ id: res.data.createProduct.id });
    expect(row).toMatchObject({ pricePaisa: 245050, oldPricePaisa: 299900, sellerId: seller.user.id });
  });

  it("lets an admin list a product too", async () => {
    const res = await server.gql(CREATE, { input: valid({ oldPrice: null }) }, admin.token);
    expect(res.errors).toBeUndefined();
    expect(res.data.createProduct).toMatchObject({ oldPrice: null, seller: { id: admin.user.id } });
  });

  it("refuses anonymous callers and buyers", async () => {
    expect(codeOf(await server.gql(CREATE, { input: valid() }))).toBe("UNAUTHENTICATED");
    expect(codeOf(await server.gql(CREATE, { input: valid() }, buyer.token))).toBe("FORBIDDEN");
    // the REST route declares the same roles in its access (the service leaves roles to the two guards)
    expect((await server.api("POST", "/api/products/create-product", { token: buyer.token, body: valid() })).status).toBe(403);
  });

  it("names every bad field and writes nothing", async () => {
    const before = await products().count();
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
    expect(await products().count()).toBe(before);
  });

  it.each([
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
  ])("refuses %o", async (over, field) => {
    const before = await products().count();
    const res = await server.gql(CREATE, { input: valid(over as Partial<ProductFields>) }, seller.token);
    expect(codeOf(res)).toBe("BAD_USER_INPUT");
    expect(res.errors![0].extensions!.fields).toHaveProperty(field);
    expect(await products().count()).toBe(before);
  });

  it("accepts the largest price", async () => {
    const res = await server.gql(CREATE, { input: valid({ price: 10_000_000, oldPrice: null }) }, seller.token);
    expect(res.errors).toBeUndefined();
    expect(res.data.createProduct.price).toBe(10_000_000);
  });

  it("refuses an image on another site (the CSP would block it, and it would tell that site who looks), storing nothing", async () => {
    const before = await products().count();
    for (const image of ["https://cdn.example.pk/p/1.jpg", "http://tracker.example/pixel.gif", "//cdn.example.pk/a.webp", "/api/x"]) {
      const res = await server.gql(CREATE, { input: valid({ image }) }, seller.token);
      expect(res.errors?.[0]?.extensions?.fields, image).toEqual({ image: NOT_OWN_IMAGE });
    }
    expect(await products().count()).toBe(before);
  });
});

describe("updateProduct and deleteProduct", () => {
  let productId: string;
  beforeAll(async () => {
    productId = (await server.services.products.create(valid({ name: "Desk Lamp" }), asCaller(seller))).id;
  });

  it("lets the owner change some fields and keeps the others", async () => {
    const res = await server.gql(UPDATE, { id: productId, input: { price: 1999.99, category: "dress" } }, seller.token);
    expect(res.errors).toBeUndefined();
    expect(res.data.updateProduct).toMatchObject({ name: "Desk Lamp", price: 1999.99, oldPrice: 2999, category: "clothing" });
  });

  it("removes the old price with null and checks it against the price", async () => {
    const bad = await server.gql(UPDATE, { id: productId, input: { price: 3500 } }, seller.token);
    expect(codeOf(bad)).toBe("BAD_USER_INPUT");
    expect(bad.errors![0].extensions!.fields).toHaveProperty("oldPrice");
    expect((await products().findOneByOrFail({ id: productId })).pricePaisa).toBe(199999);

    const cleared = await server.gql(UPDATE, { id: productId, input: { price: 3500, oldPrice: null } }, seller.token);
    expect(cleared.data.updateProduct).toMatchObject({ price: 3500, oldPrice: null });
  });

  it("refuses bad input and changes nothing", async () => {
    const before = await products().findOneByOrFail({ id: productId });
    const res = await server.gql(UPDATE, { id: productId, input: { name: "", color: "neon" } }, seller.token);
    expect(codeOf(res)).toBe("BAD_USER_INPUT");
    expect(Object.keys(res.errors![0].extensions!.fields!).sort()).toEqual(["color", "name"]);
    expect(await products().findOneByOrFail({ id: productId })).toEqual(before);
  });

  it("is forbidden to another seller and to buyers, and needs a signed-in caller", async () => {
    expect(codeOf(await server.gql(UPDATE, { id: productId, input: { name: "Hijacked" } }, otherSeller.token))).toBe("FORBIDDEN");
    expect(codeOf(await server.gql(UPDATE, { id: productId, input: { name: "Hijacked" } }, buyer.token))).toBe("FORBIDDEN");
    expect(codeOf(await server.gql(UPDATE, { id: productId, input: { name: "Hijacked" } }))).toBe("UNAUTHENTICATED");
    expect(codeOf(await server.gql(DELETE, { id: productId }, otherSeller.token))).toBe("FORBIDDEN");
    expect((await products().findOneByOrFail({ id: productId })).name).toBe("Desk Lamp");
  });

  it("answers NOT_FOUND for an unknown or malformed id", async () => {
    expect(codeOf(await server.gql(UPDATE, { id: crypto.randomUUID(), input: { name: "Nope" } }, seller.token))).toBe("NOT_FOUND");
    expect(codeOf(await server.gql(DELETE, { id: "not-a-uuid" }, seller.token))).toBe("NOT_FOUND");
  });

  it("lets an admin edit anyone's product", async () => {
    const res = await server.gql(UPDATE, { id: productId, input: { name: "Desk Lamp (moderated)" } }, admin.token);
    expect(res.data.updateProduct.name).toBe("Desk Lamp (moderated)");
  });

  it("soft-deletes: the product leaves the shop but stays in the database for order history", async () => {
    const order = await insertOrder(server.dataSource, {
      buyerId: buyer.user.id,
      lines: [{ product: await products().findOneByOrFail({ id: productId }) }],
    });
    const res = await server.gql(DELETE, { id: productId }, seller.token);
    expect(res.data).toEqual({ deleteProduct: true });

    expect((await server.gql(ONE, { id: productId })).data.product).toBeNull();
    const listed = await server.gql(LIST, { filter: { sellerId: seller.user.id }, pageSize: 50 });
    expect(listed.data.products.items.map((p: { id: string }) => p.id)).not.toContain(productId);
    const row = await products().findOne({ where: { id: productId }, withDeleted: true });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const [line] = await server.dataSource.query(`SELECT "productId" FROM order_lines WHERE "orderId" = $1`, [order.id]);
    expect(line.productId).toBe(productId);

    expect(codeOf(await server.gql(DELETE, { id: productId }, seller.token))).toBe("NOT_FOUND");
    expect(codeOf(await server.gql(UPDATE, { id: productId, input: { name: "Back" } }, seller.token))).toBe("NOT_FOUND");
  });

  it("lets an admin delete another seller's product; buyers and anonymous callers cannot", async () => {
    const other = await server.services.products.create(valid({ name: "Other's" }), asCaller(otherSeller));
    expect(codeOf(await server.gql(DELETE, { id: other.id }, buyer.token))).toBe("FORBIDDEN");
    expect(codeOf(await server.gql(DELETE, { id: other.id }))).toBe("UNAUTHENTICATED");
    expect((await server.gql(DELETE, { id: other.id }, admin.token)).data).toEqual({ deleteProduct: true });
  });
});

describe("myProducts", () => {
  it("shows a seller only their own listings, newest first, paginated", async () => {
    const fresh = await signUp(server, "seller");
    for (const name of ["First", "Second", "Third"]) await server.services.products.create(valid({ name }), asCaller(fresh));
    await server.services.products.create(valid({ name: "Not mine" }), asCaller(otherSeller));

    const res = await server.gql(MINE, { page: 1, pageSize: 2 }, fresh.token);
    expect(res.data.myProducts).toMatchObject({ totalItems: 3, totalPages: 2, page: 1, pageSize: 2 });
    expect(res.data.myProducts.items.map((p: { name: string }) => p.name)).toEqual(["Third", "Second"]);
    const page2 = await server.gql(MINE, { page: 2, pageSize: 2 }, fresh.token);
    expect(page2.data.myProducts.items.map((p: { name: string }) => p.name)).toEqual(["First"]);
    expect((await server.gql(MINE, {}, fresh.token)).data.myProducts.pageSize).toBe(10);
  });

  it("is for sellers and admins only", async () => {
    expect(codeOf(await server.gql(MINE, {}))).toBe("UNAUTHENTICATED");
    expect(codeOf(await server.gql(MINE, {}, buyer.token))).toBe("FORBIDDEN");
    expect((await server.gql(MINE, {}, admin.token)).errors).toBeUndefined();
  });
});

describe("products: filters, search, sorts and pages", () => {
  let shop: SignedIn;
  const names = (res: GraphQLResult) => res.data.products.items.map((p: { name: string }) => p.name);
  const list = (variables: Record<string, unknown>) =>
    server.gql(LIST, { pageSize: 50, ...variables, filter: { sellerId: shop.user.id, ...(variables.filter as object) } });

  beforeAll(async () => {
    shop = await signUp(server, "seller");
    const rows: Array<Partial<ProductFields>> = [
      { name: "Scientific Calculator", category: "electronics", color: "black", price: 2450, oldPrice: null },
      {
        name: "Graphing Calculator Manual",
        category: "books",
        color: "blue",
        price: 40,
        oldPrice: null,
        description: "A spiral-bound guide to every button.",
      },
      {
        name: "Gel Pen Set",
        category: "stationery",
        color: "blue",
        price: 75.5,
        oldPrice: null,
        description: "Twelve smooth pens for lecture notes.",
      },
      {
        name: "Geometry Box",
        category: "stationery",
        color: "silver",
        price: 150,
        oldPrice: null,
        description: "Compass and protractor for drawing class.",
      },
      {
        name: "Cotton Kurta",
        category: "clothing",
        color: "beige",
        price: 2200,
        oldPrice: null,
        description: "Breathable kurta for summer lectures.",
      },
    ];
    for (const row of rows) await server.services.products.create(valid(row), asCaller(shop));
    // ratings straight in the table: this block tests ordering, not reviewing
    await server.dataSource.query(
      `UPDATE products SET "ratingAverage" = 4.5, "ratingCount" = 2 WHERE name = 'Geometry Box' AND "sellerId" = $1`,
      [shop.user.id],
    );
    await server.dataSource.query(
      `UPDATE products SET "ratingAverage" = 4.5, "ratingCount" = 8 WHERE name = 'Gel Pen Set' AND "sellerId" = $1`,
      [shop.user.id],
    );
  });

  it("filters by category, accepting aliases and treating 'all' and '' as no filter", async () => {
    expect(names(await list({ filter: { category: "stationery" } })).sort()).toEqual(["Gel Pen Set", "Geometry Box"]);
    expect(names(await list({ filter: { category: "Textbooks" } }))).toEqual(["Graphing Calculator Manual"]);
    expect(names(await list({ filter: { category: "dress" } }))).toEqual(["Cotton Kurta"]);
    expect((await list({ filter: { category: "all" } })).data.products.totalItems).toBe(5);
    expect((await list({ filter: { category: "", color: "ALL" } })).data.products.totalItems).toBe(5);
  });

  it("filters by colour and by a price range in PKR (inclusive)", async () => {
    expect(names(await list({ filter: { color: "blue" }, sort: "PRICE_ASC" }))).toEqual(["Graphing Calculator Manual", "Gel Pen Set"]);
    expect(names(await list({ filter: { minPrice: 50, maxPrice: 150 }, sort: "PRICE_ASC" }))).toEqual(["Gel Pen Set", "Geometry Box"]);
    expect(names(await list({ filter: { minPrice: 0, maxPrice: 50 } }))).toEqual(["Graphing Calculator Manual"]);
    expect(names(await list({ filter: { minPrice: 200 }, sort: "PRICE_DESC" }))).toEqual(["Scientific Calculator", "Cotton Kurta"]);
  });

  it("refuses unknown categories, colours, malformed seller ids and upside-down price ranges", async () => {
    for (const filter of [
      { category: "spaceships" },
      { color: "neon" },
      { sellerId: "42" },
      { minPrice: 100, maxPrice: 50 },
      { minPrice: -1 },
    ]) {
      const res = await server.gql(LIST, { filter });
      expect(codeOf(res), JSON.stringify(filter)).toBe("BAD_USER_INPUT");
    }
  });

  it("finds 'calculater' (a typo) and 'calcu' (a prefix) through the listings' vocabulary, and ranks by relevance", async () => {
    const typo = await list({ filter: { search: "calculater" }, sort: "RELEVANCE" });
    expect(names(typo)[0]).toBe("Scientific Calculator");
    expect(names(typo)).toContain("Graphing Calculator Manual");
    expect(names(await list({ filter: { search: "scientific calculater" }, sort: "RELEVANCE" }))[0]).toBe("Scientific Calculator");
    expect(names(await list({ filter: { search: "calcu" }, sort: "RELEVANCE" }))).toEqual([
      "Scientific Calculator",
      "Graphing Calculator Manual",
    ]);
    expect(names(await list({ filter: { search: "scientific calculator" }, sort: "RELEVANCE" }))[0]).toBe("Scientific Calculator");
  });

  it("learns the words of new and edited listings; keeps no numbers; takes quotes, backslashes and odd words without an error", async () => {
    // searched before the listing exists: the remembered correction (none) must not outlive the write
    expect(names(await list({ filter: { search: "zephyrbord" } }))).toEqual([]);
    const created = await server.services.products.create(
      valid({ name: "Zephyrboard Keyboard", description: "Listing 90817." }),
      asCaller(shop),
    );
    expect(names(await list({ filter: { search: "zephyrbord" } }))).toEqual(["Zephyrboard Keyboard"]);
    await server.services.products.update(created.id, { name: "Quokkalamp Keyboard" }, asCaller(shop));
    expect(names(await list({ filter: { search: "quokalamp" } }))).toEqual(["Quokkalamp Keyboard"]);
    const words = await server.dataSource.query(`SELECT word FROM search_words WHERE word IN ('zephyrboard', 'quokkalamp', '90817')`);
    expect(words.map((w: { word: string }) => w.word).sort()).toEqual(["quokkalamp", "zephyrboard"]);
    for (const search of [`calc'ulater`, "calc\\ulater", `"unclosed`, "-zephyrboard or", "ab"]) {
      expect((await list({ filter: { search } })).errors, search).toBeUndefined();
    }
    await server.services.products.remove(created.id, asCaller(shop));
  });

  it("searches descriptions with full-text, supports quoted phrases, and ignores case", async () => {
    expect(names(await list({ filter: { search: "PROTRACTOR" } }))).toEqual(["Geometry Box"]);
    expect(names(await list({ filter: { search: "lectures" } }))).toEqual(["Cotton Kurta"]);
    expect(names(await list({ filter: { search: '"lecture notes"' } }))).toEqual(["Gel Pen Set"]);
    expect((await list({ filter: { search: "zzqxv" } })).data.products).toMatchObject({ items: [], totalItems: 0, totalPages: 0 });
    // every word must match: a word with no close known word finds nothing, however close the others
    expect((await list({ filter: { search: "zzqxv nothing like this" } })).data.products.totalItems).toBe(0);
    expect(names(await list({ filter: { search: "geometri box" } }))).toEqual(["Geometry Box"]);
    expect((await list({ filter: { search: "   " } })).data.products.totalItems).toBe(5);
  });

  it("sorts by price, rating (more reviews first on ties) and newest", async () => {
    expect(names(await list({ sort: "PRICE_ASC" }))).toEqual([
      "Graphing Calculator Manual",
      "Gel Pen Set",
      "Geometry Box",
      "Cotton Kurta",
      "Scientific Calculator",
    ]);
    expect(names(await list({ sort: "PRICE_DESC" }))[0]).toBe("Scientific Calculator");
    expect(names(await list({ sort: "RATING" })).slice(0, 2)).toEqual(["Gel Pen Set", "Geometry Box"]);
    expect(names(await list({}))).toEqual([
      "Cotton Kurta",
      "Geometry Box",
      "Gel Pen Set",
      "Graphing Calculator Manual",
      "Scientific Calculator",
    ]);
  });

  it("pages with 8 by default, caps the page size at 50 and refuses page 0", async () => {
    const res = await server.gql(LIST, { filter: { sellerId: shop.user.id }, page: 2, pageSize: 2 });
    expect(res.data.products).toMatchObject({ totalItems: 5, totalPages: 3, page: 2, pageSize: 2 });
    expect(names(res)).toEqual(["Gel Pen Set", "Graphing Calculator Manual"]);
    expect((await server.gql(LIST, {})).data.products.pageSize).toBe(8);
    expect((await server.gql(LIST, { pageSize: 50 })).errors).toBeUndefined();
    expect(codeOf(await server.gql(LIST, { pageSize: 51 }))).toBe("BAD_USER_INPUT");
    expect(codeOf(await server.gql(LIST, { page: 0 }))).toBe("BAD_USER_INPUT");
    expect((await server.gql(LIST, { filter: { sellerId: shop.user.id }, page: 99 })).data.products).toMatchObject({
      items: [],
      totalItems: 5,
    });
  });
});

describe("product", () => {
  it("returns a product with its public seller profile and answers null for unknown or malformed ids", async () => {
    const product = await server.services.products.create(valid(), asCaller(seller));
    const res = await server.gql(ONE, { id: product.id });
    expect(res.data.product).toMatchObject({ id: product.id, price: 2450.5, seller: { username: seller.user.username } });
    expect((await server.gql(ONE, { id: crypto.randomUUID() })).data).toEqual({ product: null });
    const malformed = await server.gql(ONE, { id: "'; DROP TABLE products; --" });
    expect(malformed).toEqual({ data: { product: null } });
  });

  it("does not expose the seller's e-mail", async () => {
    const res = await server.gql(`{ products { items { seller { email } } } }`);
    expect(codeOf(res)).toBe("GRAPHQL_VALIDATION_FAILED");
  });
});
