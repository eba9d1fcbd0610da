import { MAX_PRODUCT_PHOTOS } from "@unibazaar/rules";
import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { signUp, type SignedIn } from "../../test/fixtures";
import { codeOf, type TestServer } from "../../test/harness";
import { COLORS } from "./catalog";
import { Product } from "./entity";

/** The listing form's fields: several photos per listing (the first is the main one), colour optional. */
let seller: SignedIn;

const FIELDS = `id color image images`;
const CREATE = `mutation ($input: ProductInput!) { createProduct(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: ProductUpdateInput!) { updateProduct(id: $id, input: $input) { ${FIELDS} } }`;
const base = { name: "Calculus textbook", description: "Thomas' Calculus, 12th edition, no markings.", category: "books", price: 1500 };
const photo = (n: number) => `/uploads/photo-${n}.webp`;
const paths = (urls: string[]) => urls.map((url) => new URL(url).pathname);
const productCount = (server: TestServer) => server.dataSource.getRepository(Product).count();

it.beforeAll(async ({ server }) => {
  seller = await signUp(server, "seller");
});

describe("colour is optional", () => {
  it("GraphQL lists an item with no colour (or an empty one) as colourless; a colour filter leaves it out", async ({ server }) => {
    const none = await server.gql(CREATE, { input: { ...base, image: photo(1) } }, seller.token);
    expect(none.errors).toBeUndefined();
    expect(none.data.createProduct.color).toBeNull();
    const empty = await server.gql(CREATE, { input: { ...base, color: "", image: photo(1) } }, seller.token);
    expect(empty.data.createProduct.color).toBeNull();

    const blue = await server.gql(
      `query { products(filter: { color: "blue", sellerId: "${seller.user.id}" }) { totalItems } }`,
      {},
      seller.token,
    );
    expect(blue.data.products.totalItems).toBe(0);
  });

  it("the legacy create-product accepts a missing or empty colour and answers it as an empty string", async ({ server }) => {
    for (const color of [undefined, ""]) {
      const res = await server.api("POST", "/api/products/create-product", {
        token: seller.token,
        body: { ...base, image: photo(1), sellerId: seller.user.id, ...(color !== undefined && { color }) },
      });
      expect(res.status).toBe(201);
      expect((res.body as { color: string }).color).toBe("");
    }
  });

  it("an edit may clear the colour; an unknown colour is still refused with the choices", async ({ server }) => {
    const { data } = await server.gql(CREATE, { input: { ...base, color: "red", image: photo(1) } }, seller.token);
    const id = data.createProduct.id as string;
    const cleared = await server.gql(UPDATE, { id, input: { color: null } }, seller.token);
    expect(cleared.data.updateProduct.color).toBeNull();

    const before = await productCount(server);
    const bad = await server.gql(CREATE, { input: { ...base, color: "purple", image: photo(1) } }, seller.token);
    expect(codeOf(bad)).toBe("BAD_USER_INPUT");
    const refusal = bad.errors![0].extensions!.fields!;
    expect(Object.keys(refusal)).toEqual(["color"]);
    for (const { slug } of COLORS) expect(refusal.color).toContain(slug);
    expect(await productCount(server)).toBe(before);
  });
});

describe("several photos", () => {
  it("stores the gallery after the main photo, in order; an edit reorders or removes them", async ({ server }) => {
    const created = await server.gql(CREATE, { input: { ...base, image: photo(1), gallery: [photo(2), photo(3)] } }, seller.token);
    expect(created.errors).toBeUndefined();
    const { id, images } = created.data.createProduct as { id: string; images: string[] };
    expect(paths(images)).toEqual([photo(1), photo(2), photo(3)]);

    // the third photo becomes the main one, the first is removed
    const reordered = await server.gql(UPDATE, { id, input: { image: photo(3), gallery: [photo(2)] } }, seller.token);
    expect(paths(reordered.data.updateProduct.images as string[])).toEqual([photo(3), photo(2)]);
    const alone = await server.gql(UPDATE, { id, input: { gallery: [] } }, seller.token);
    expect(paths(alone.data.updateProduct.images as string[])).toEqual([photo(3)]);
  });

  it(`refuses more than ${MAX_PRODUCT_PHOTOS} photos, or a photo from another site, and lists nothing`, async ({ server }) => {
    const before = await productCount(server);
    const tooMany = Array.from({ length: MAX_PRODUCT_PHOTOS }, (_, i) => photo(i + 2));
    const many = await server.gql(CREATE, { input: { ...base, image: photo(1), gallery: tooMany } }, seller.token);
    expect(codeOf(many)).toBe("BAD_USER_INPUT");
    expect(many.errors![0].extensions!.fields).toEqual({ gallery: `A listing has at most ${MAX_PRODUCT_PHOTOS} photos.` });

    const foreign = await server.gql(
      CREATE,
      { input: { ...base, image: photo(1), gallery: ["https://example.com/stolen.jpg"] } },
      seller.token,
    );
    expect(codeOf(foreign)).toBe("BAD_USER_INPUT");
    expect(Object.keys(foreign.errors![0].extensions!.fields as object)).toEqual([expect.stringMatching(/^gallery/)]);
    expect(await productCount(server)).toBe(before);
  });
});
