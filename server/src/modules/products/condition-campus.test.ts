import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { signUp, type SignedIn } from "../../test/fixtures";
import { codeOf, type TestServer } from "../../test/harness";
import { Product } from "./entity";

let seller: SignedIn;

const CREATE = `mutation ($input: ProductInput!) { createProduct(input: $input) { id condition conditionLabel campus campusName } }`;
const UPDATE = `mutation ($id: ID!, $input: ProductUpdateInput!) { updateProduct(id: $id, input: $input) { id condition campus campusName } }`;
const SHOP = `query ($filter: ProductFilter) { products(filter: $filter, pageSize: 50) { items { name } } }`;
const base = { description: "Lightly used, pick up on campus.", category: "books", color: "blue", price: 500, image: "/uploads/x.webp" };

const names = async (server: TestServer, filter: Record<string, unknown>) => {
  const res = await server.gql(SHOP, { filter });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return (res.data.products.items as Array<{ name: string }>).map((p) => p.name).sort();
};

it.beforeAll(async ({ server }) => {
  seller = await signUp(server, "seller");
  for (const [name, condition, campus] of [
    ["Physics notes", "like-new", "lums-lahore"],
    ["Lab goggles", "fair", "lums-lahore"],
    ["Drafter", "like-new", "nust-islamabad"],
  ])
    await server.gql(CREATE, { input: { ...base, name, condition, campus } }, seller.token);
});

describe("condition and campus", () => {
  it("are stored with their labels; a listing that names neither is in good condition with no campus", async ({ server }) => {
    const res = await server.gql(
      CREATE,
      { input: { ...base, name: "Graph paper", condition: "LIKE-NEW", campus: "nust-islamabad" } },
      seller.token,
    );
    expect(res.data.createProduct).toMatchObject({
      condition: "like-new",
      conditionLabel: "Like new",
      campus: "nust-islamabad",
      campusName: "NUST H-12 Islamabad",
    });
    const plain = await server.gql(CREATE, { input: { ...base, name: "Ruler set" } }, seller.token);
    expect(plain.data.createProduct).toMatchObject({ condition: "good", conditionLabel: "Good", campus: null, campusName: null });
  });

  it("refuses an unknown condition or campus with the choices and lists nothing", async ({ server }) => {
    const before = await server.dataSource.getRepository(Product).count();
    const badCondition = await server.gql(CREATE, { input: { ...base, name: "Broken thing", condition: "broken" } }, seller.token);
    expect(codeOf(badCondition)).toBe("BAD_USER_INPUT");
    expect(badCondition.errors![0].extensions!.fields).toEqual({ condition: "Choose a condition: new, like-new, good, fair." });
    const badCampus = await server.gql(CREATE, { input: { ...base, name: "Far away", campus: "oxford" } }, seller.token);
    expect(badCampus.errors![0].extensions!.fields).toEqual({ campus: "Choose a campus from the list." });
    expect(await server.dataSource.getRepository(Product).count()).toBe(before);
  });

  it("the shop filters by campus and by condition, together with the other filters", async ({ server }) => {
    expect(await names(server, { campus: "lums-lahore" })).toEqual(["Lab goggles", "Physics notes"]);
    expect(await names(server, { condition: "like-new", campus: "lums-lahore" })).toEqual(["Physics notes"]);
    expect(await names(server, { condition: "like-new", search: "drafter" })).toEqual(["Drafter"]);
    expect((await names(server, { campus: "all", condition: "" })).length).toBeGreaterThanOrEqual(3);
    const bad = await server.gql(SHOP, { filter: { campus: "mars" } });
    expect(codeOf(bad)).toBe("BAD_USER_INPUT");
    expect(bad.errors![0].message).toBe("Unknown campus.");
  });

  it("the seller changes the condition and removes the campus", async ({ server }) => {
    const { id } = (await server.gql(CREATE, { input: { ...base, name: "Calculator cover", campus: "fast-lahore" } }, seller.token)).data
      .createProduct;
    expect((await server.gql(UPDATE, { id, input: { condition: "fair", campus: "" } }, seller.token)).data.updateProduct).toEqual({
      id,
      condition: "fair",
      campus: null,
      campusName: null,
    });
  });

  it("catalogOptions lists the conditions best first and the campuses", async ({ server }) => {
    const res = await server.gql(`{ catalogOptions { conditions { slug label } campuses { slug label } } }`);
    expect(res.data.catalogOptions.conditions.map((c: { slug: string }) => c.slug)).toEqual(["new", "like-new", "good", "fair"]);
    expect(res.data.catalogOptions.campuses).toContainEqual({ slug: "lums-lahore", label: "LUMS Lahore" });
  });

  it("catalogOptions counts the listings on show per campus and leaves out campuses with none; a new listing shows at once", async ({
    server,
  }) => {
    const LISTED = `{ catalogOptions { listedCampuses { slug label listings } } }`;
    expect((await server.gql(LISTED)).data.catalogOptions.listedCampuses).toEqual([
      { slug: "lums-lahore", label: "LUMS Lahore", listings: 2 },
      { slug: "nust-islamabad", label: "NUST H-12 Islamabad", listings: 2 },
    ]);
    await server.gql(CREATE, { input: { ...base, name: "Lab manual", campus: "fast-lahore" } }, seller.token);
    expect((await server.gql(LISTED)).data.catalogOptions.listedCampuses).toEqual([
      { slug: "fast-lahore", label: "FAST Lahore", listings: 1 },
      { slug: "lums-lahore", label: "LUMS Lahore", listings: 2 },
      { slug: "nust-islamabad", label: "NUST H-12 Islamabad", listings: 2 },
    ]);
  });
});
