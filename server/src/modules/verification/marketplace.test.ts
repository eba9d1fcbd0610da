import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeIn, lastOutboxMail } from "../../test/mail";
import { asCaller, signUp, signUpCast, type Cast, type SignedIn } from "../../test/fixtures";
import { codeOf, startTestServer, type TestServer } from "../../test/harness";
import { orderInput, PLACE_ORDER } from "../orders/testing";
import { BUYERS_MUST_VERIFY } from "../orders/checkout";
import { CATALOG_CACHE } from "../products/catalog";
import { SELLERS_MUST_VERIFY } from "../products/service";
import { User } from "../users/entity";
import { universityOf } from "./universities";

const CREATE = `mutation ($input: ProductInput!) { createProduct(input: $input) { id campus seller { isVerifiedStudent university } } }`;
const productInput = (over: Record<string, unknown> = {}) => ({
  name: "Engineering Drawing Set",
  description: "Compass, set squares and scale; used one semester.",
  category: "stationery",
  color: "black",
  price: 1500,
  image: "/uploads/set.webp",
  ...over,
});
const LIST = `query ($filter: ProductFilter) { products(filter: $filter, pageSize: 50) { totalItems items { id seller { id } } } }`;

/** Makes a verified student in the database (the code flow has its own tests) and drops the cached shop pages. */
async function verify(server: TestServer, who: SignedIn, email: string) {
  await server.dataSource
    .getRepository(User)
    .update(who.user.id, { verifiedAt: new Date(), university: universityOf(email)!.name, universityEmail: email });
  await server.services.cache.invalidate(CATALOG_CACHE);
}

describe("REQUIRE_VERIFIED_SELLERS and REQUIRE_VERIFIED_BUYERS", () => {
  let server: TestServer;
  let cast: Cast;
  beforeAll(async () => {
    server = await startTestServer({ env: { REQUIRE_VERIFIED_SELLERS: "true", REQUIRE_VERIFIED_BUYERS: "1" } });
    cast = await signUpCast(server);
  });
  afterAll(() => server.close());

  it("refuses an unverified seller's listing with a clear message; a verified seller and an admin may list", async () => {
    const refused = await server.gql(CREATE, { input: productInput() }, cast.seller.token);
    expect(codeOf(refused)).toBe("FORBIDDEN");
    expect(refused.errors![0].message).toBe(SELLERS_MUST_VERIFY.text);
    expect((await server.gql(LIST, { filter: { sellerId: cast.seller.user.id } })).data.products.totalItems).toBe(0);

    await verify(server, cast.seller, "seller.one@uet.edu.pk");
    const listed = await server.gql(CREATE, { input: productInput() }, cast.seller.token);
    expect(listed.data.createProduct.seller).toEqual({ isVerifiedStudent: true, university: universityOf("x@uet.edu.pk")!.name });
    expect((await server.gql(CREATE, { input: productInput() }, cast.admin.token)).errors).toBeUndefined();
  });

  it("refuses an unverified buyer's order; a verified buyer may order", async () => {
    const product = (await server.gql(CREATE, { input: productInput({ quantityAvailable: 5 }) }, cast.admin.token)).data.createProduct;
    const lines = [{ productId: product.id, quantity: 1 }];
    const refused = await server.gql(PLACE_ORDER, { input: orderInput(lines) }, cast.buyer.token);
    expect(codeOf(refused)).toBe("FORBIDDEN");
    expect(refused.errors![0].message).toBe(BUYERS_MUST_VERIFY.text);
    const [{ count }] = await server.dataSource.query<Array<{ count: string }>>(`SELECT count(*) FROM orders WHERE "buyerId" = $1`, [
      cast.buyer.user.id,
    ]);
    expect(Number(count)).toBe(0);

    await verify(server, cast.buyer, "buyer.one@pu.edu.pk");
    expect((await server.gql(PLACE_ORDER, { input: orderInput(lines) }, cast.buyer.token)).errors).toBeUndefined();
  });
});

describe("without the settings", () => {
  let server: TestServer;
  let cast: Cast;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "unibazaar-market-"));
    server = await startTestServer({ env: { DATA_DIR: dataDir } });
    cast = await signUpCast(server);
  });
  afterAll(() => server.close());

  it("anyone may sell and buy; a listing's campus defaults to the verified seller's university campus", async () => {
    const plain = await server.gql(CREATE, { input: productInput() }, cast.otherSeller.token);
    expect(plain.data.createProduct).toMatchObject({ campus: null, seller: { isVerifiedStudent: false, university: null } });

    await verify(server, cast.seller, "ali.test@seecs.nust.edu.pk");
    const defaulted = await server.gql(CREATE, { input: productInput() }, cast.seller.token);
    expect(defaulted.data.createProduct.campus).toBe("nust-islamabad");
    const chosen = await server.gql(CREATE, { input: productInput({ campus: "lums-lahore" }) }, cast.seller.token);
    expect(chosen.data.createProduct.campus).toBe("lums-lahore");
    const noCampus = await signUp(server, "seller");
    await verify(server, noCampus, "x@giki.edu.pk");
    expect((await server.gql(CREATE, { input: productInput() }, noCampus.token)).data.createProduct.campus).toBeNull();
  });

  it("'verified sellers only' combines with the campus filter, and follows a seller's verification at once", async () => {
    const [verified, unverified] = await Promise.all([signUp(server, "seller"), signUp(server, "seller")]);
    await verify(server, verified, "v.seller@lums.edu.pk");
    const ids = async (filter: Record<string, unknown>) =>
      ((await server.gql(LIST, { filter })).data.products.items as Array<{ id: string }>).map((p) => p.id).sort();
    const mine = (await server.gql(CREATE, { input: productInput({ campus: "fast-lahore" }) }, verified.token)).data.createProduct.id;
    const theirs = (await server.gql(CREATE, { input: productInput({ campus: "fast-lahore" }) }, unverified.token)).data.createProduct.id;
    const elsewhere = (await server.gql(CREATE, { input: productInput({ campus: "iba-karachi" }) }, verified.token)).data.createProduct.id;

    expect(await ids({ campus: "fast-lahore" })).toEqual([mine, theirs].sort());
    expect(await ids({ campus: "fast-lahore", verifiedSellersOnly: true })).toEqual([mine]);
    expect(await ids({ campus: "fast-lahore", verifiedSellersOnly: false })).toEqual([mine, theirs].sort());
    expect(await ids({ verifiedSellersOnly: true })).toContain(elsewhere);
    expect(await ids({ verifiedSellersOnly: true })).not.toContain(theirs);

    // confirming through the service drops the cached entry page at once
    await server.services.verification.requestCode(asCaller(unverified), { email: "u.seller@iba.edu.pk" });
    const code = codeIn((await lastOutboxMail(path.join(dataDir, "outbox"), "u.seller@iba.edu.pk"))!);
    await server.services.verification.confirm(asCaller(unverified), { code });
    expect(await ids({ campus: "fast-lahore", verifiedSellersOnly: true })).toEqual([mine, theirs].sort());
  });

  it("refuses a filter value that is not a boolean", async () => {
    const res = await server.gql(`{ products(filter: { verifiedSellersOnly: "yes" }) { totalItems } }`);
    expect(res.errors).toBeDefined();
  });
});
