import { readFileSync } from "node:fs";
import path from "node:path";
import { buildSchema, getNamedType, isObjectType, type GraphQLField, type GraphQLObjectType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asCaller, insertProduct, insertReview, signUpCast, type Cast } from "../test/fixtures";
import { startTestServer, type TestServer } from "../test/harness";

/**
 * Personal data and what an attacker can learn or reach without being the owner: every answer here
 * is one a stranger (anonymous or another user) could ask for.
 */
let server: TestServer;
let cast: Cast;
beforeAll(async () => {
  server = await startTestServer();
  cast = await signUpCast(server);
  // numbers of their own (the product fixture's description carries a phone number on purpose)
  for (const [who, phone] of [
    [cast.seller, "03211112222"],
    [cast.buyer, "03331112222"],
  ] as const) {
    await server.services.users.updateProfile(asCaller(who), { username: who.user.username, contactNumber: phone });
    who.user.contactNumber = phone;
  }
});
afterAll(() => server.close());

type OpenApi = { paths: Record<string, Record<string, { security?: unknown[] }>> };

describe("no e-mail or phone of anyone but the caller in public answers", () => {
  it("walks every public REST read as anonymous and as another user: the seller's and reviewer's e-mails and phones appear nowhere", async () => {
    const { seller, buyer, otherBuyer } = cast;
    const product = await insertProduct(server.dataSource, seller.user.id, { name: "Desk lamp" });
    await insertReview(server.dataSource, { productId: product.id, userId: buyer.user.id, rating: 5, comment: "Bright" });
    const secrets = [seller.user.email, buyer.user.email, seller.user.contactNumber!, buyer.user.contactNumber!];
    const document = (await server.api<OpenApi>("GET", "/api/openapi.json")).body;
    const reads = Object.entries(document.paths).filter(([, methods]) => methods.get && !methods.get.security);
    expect(reads.length).toBeGreaterThanOrEqual(4);
    const leaks: string[] = [];
    for (const [template] of reads) {
      const url = template.replace(/\{sellerId\}/, seller.user.id).replace(/\{\w+\}/, product.id);
      for (const token of [undefined, otherBuyer.token]) {
        const res = await server.api("GET", url, { token });
        expect(res.status, url).toBe(200);
        const text = JSON.stringify(res.body);
        for (const secret of secrets) if (text.includes(secret)) leaks.push(`${url} (${token ? "another user" : "anonymous"}): ${secret}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it("a posted review's answer names no other reviewer's e-mail; the caller's own is kept", async () => {
    const { seller, buyer, otherBuyer } = cast;
    const product = await insertProduct(server.dataSource, seller.user.id, { name: "Kettle" });
    await insertReview(server.dataSource, { productId: product.id, userId: buyer.user.id, rating: 4, comment: "Boils fast" });
    const res = await server.api("POST", "/api/reviews/post-review", {
      token: otherBuyer.token,
      body: { productId: product.id, rating: 3, comment: "Loud" },
    });
    expect(res.status).toBe(200);
    const emails = Object.fromEntries(
      res.body.reviews.map((r: { userId: { _id: string; email: string } }) => [r.userId._id, r.userId.email]),
    );
    expect(emails).toEqual({ [buyer.user.id]: "", [otherBuyer.user.id]: otherBuyer.user.email });
  });

  it("GraphQL: no type a public root field reaches has an e-mail or phone field", () => {
    const schema = buildSchema(readFileSync(path.resolve(__dirname, "../../../schema.graphql"), "utf8"));
    const guarded = (field: GraphQLField<unknown, unknown>) => field.astNode?.directives?.some((d) => d.name.value === "auth");
    const seen = new Set<string>();
    const personal: string[] = [];
    const walk = (type: GraphQLObjectType) => {
      if (seen.has(type.name)) return;
      seen.add(type.name);
      for (const field of Object.values(type.getFields())) {
        if (guarded(field)) continue;
        if (/e-?mail|phone|contact/i.test(field.name)) personal.push(`${type.name}.${field.name}`);
        const named = getNamedType(field.type);
        if (isObjectType(named)) walk(named);
      }
    };
    walk(schema.getQueryType()!);
    expect(seen.size).toBeGreaterThan(10);
    expect(personal).toEqual([]);
  });
});
