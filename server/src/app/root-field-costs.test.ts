import { describe, expect } from "vitest";
import { it } from "../test/server-test";
import { MAX_MUTATIONS, MAX_QUERY_COMPLEXITY, MAX_ROOT_FIELDS } from "../platform/limits";
import { signUp } from "../test/fixtures";
import type { TestServer } from "../test/harness";
import { ROOT_FIELD_COSTS } from "./root-field-costs";
import { buildAppSchema } from "./schema";

const post = async (server: TestServer, query: string, token?: string) => {
  const response = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, body: (await response.json()) as { data?: unknown; errors?: Array<{ message: string }> } };
};

describe("root field costs and counts", () => {
  it("gives every root field of the schema a cost of its own (a new field without one fails here)", () => {
    const schema = buildAppSchema();
    const rootFields = [schema.getQueryType()!, schema.getMutationType()!].flatMap((type) =>
      Object.keys(type.getFields()).map((name) => `${type.name}.${name}`),
    );
    expect(Object.keys(ROOT_FIELD_COSTS).sort()).toEqual(rootFields.sort());
    for (const cost of Object.values(ROOT_FIELD_COSTS)) expect(cost).toBeGreaterThan(1);
  });

  it("refuses more root fields than the cap, aliases and fragments included, before any resolver runs", async ({ server }) => {
    const quote = (i: number) => `q${i}: priceQuote(lines: []) { total }`;
    const allowed = await post(server, `{ ${Array.from({ length: MAX_ROOT_FIELDS }, (_, i) => quote(i)).join(" ")} }`);
    expect(allowed.body.errors).toBeUndefined();
    const aliased = await post(server, `{ ${Array.from({ length: 800 }, (_, i) => quote(i)).join(" ")} }`);
    expect(aliased.status).toBe(400);
    expect(aliased.body.errors?.[0].message).toBe(
      `Too many fields in one request: more than ${MAX_ROOT_FIELDS}. The maximum is ${MAX_ROOT_FIELDS}.`,
    );
    const viaFragment = await post(
      server,
      `query { ...F ... on Query { ${quote(99)} } } fragment F on Query { ${Array.from({ length: MAX_ROOT_FIELDS }, (_, i) => quote(i)).join(" ")} }`,
    );
    expect(viaFragment.body.errors?.[0].message).toMatch(/Too many fields in one request: more than 20/);
  });

  it("refuses more mutations than the cap in one request, and no login in it runs", async ({ server }) => {
    const user = await signUp(server, "user");
    const logins = Array.from(
      { length: MAX_MUTATIONS + 1 },
      (_, i) => `l${i}: login(email: "${user.user.email}", password: "wrong") { token }`,
    );
    const before = await server.dataSource.query(`SELECT count(*)::int AS n FROM rate_limits`);
    const res = await post(server, `mutation { ${logins.join(" ")} }`);
    expect(res.status).toBe(400);
    expect(res.body.errors?.[0].message).toBe(
      `Too many mutations in one request: more than ${MAX_MUTATIONS}. The maximum is ${MAX_MUTATIONS}.`,
    );
    expect(await server.dataSource.query(`SELECT count(*)::int AS n FROM rate_limits`)).toEqual(before);
  });

  it("prices expensive fields so that a few aliases reach the limit", async ({ server }) => {
    const logins = Array.from(
      { length: MAX_MUTATIONS },
      (_, i) => `l${i}: login(email: "a${i}@b.pk", password: "x") { token user { id } }`,
    );
    const res = await post(server, `mutation { ${logins.join(" ")} }`);
    expect(res.body.errors?.[0].message).toBe(`Query is too complex: its cost is above ${MAX_QUERY_COMPLEXITY}, the maximum.`);
  });
});
