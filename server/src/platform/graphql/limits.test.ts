import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { signUp } from "../../test/fixtures";

describe("GraphQL request limits and error shapes", () => {
  it("answers a variable with an unknown enum value as BAD_USER_INPUT, not a server fault", async ({ server }) => {
    const buyer = await signUp(server, "user");
    const res = await server.gql(
      `mutation ($s: OrderStatus!) { updateOrderStatus(id: "00000000-0000-0000-0000-000000000000", status: $s) { id } }`,
      { s: "LOST" },
      buyer.token,
    );
    expect(res.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
  });

  it("refuses a query nested deeper than the limit", async ({ server }) => {
    const deep = `{ products { items { seller { id } reviews { items { product { reviews { items { product { reviews { items { product { reviews { items { id } } } } } } } } } } } } } }`;
    const res = await server.gql(deep);
    expect(res.errors?.[0].message).toMatch(/exceeds maximum operation depth/);
    expect(res.data).toBeUndefined();
  });

  it("refuses a query whose estimated cost is too high", async ({ server }) => {
    const fields = Array.from(
      { length: 20 },
      (_, i) => `p${i}: products(pageSize: 50) { items { id name price description category } }`,
    ).join("\n");
    const response = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: `{ ${fields} }` }),
    });
    expect(response.status).toBe(400);
    const res = (await response.json()) as { errors?: Array<{ message: string; extensions?: { code?: string } }> };
    expect(res.errors?.[0].message).toMatch(/too complex/);
    expect(res.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
  });

  it("judges one query text by its variables each time (the verdict is remembered per variables, not per text)", async ({ server }) => {
    const fields = Array.from(
      { length: 20 },
      (_, i) => `p${i}: products(pageSize: $size) { items { id name price description category } }`,
    );
    const query = `query Many($size: Int) { ${fields.join("\n")} }`;
    for (const [size, refused] of [
      [1, false],
      [50, true],
      [1, false],
      [50, true],
    ] as const) {
      const res = await server.gql(query, { size });
      if (refused) expect(res.errors?.[0].message, `pageSize ${size}`).toMatch(/too complex/);
      else expect(res.errors, `pageSize ${size}`).toBeUndefined();
    }
  });

  it("judges the page sizes whatever the other variables hold, even values that do not fit their types", async ({ server }) => {
    const fields = Array.from(
      { length: 19 },
      (_, i) => `p${i}: products(pageSize: $size) { items { id name price description category } }`,
    );
    const query = `query Many($size: Int, $id: ID!) { ${fields.join("\n")} product(id: $id) { id } }`;
    // the id does not enter the cost: a verdict reached beside an invalid id must still hold for a valid one
    const invalidId = await server.gql(query, { size: 50, id: { not: "an id" } });
    expect(invalidId.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    for (const id of ["00000000-0000-0000-0000-000000000001", "00000000-0000-0000-0000-000000000002"]) {
      const res = await server.gql(query, { size: 50, id });
      expect(res.errors?.[0].message, id).toMatch(/too complex/);
    }
    const small = await server.gql(query, { size: 1, id: "00000000-0000-0000-0000-000000000003" });
    expect(small.errors).toBeUndefined();
  });

  it("never answers with a stack trace", async ({ server }) => {
    const res = await server.gql(`{ nope }`);
    expect(JSON.stringify(res)).not.toMatch(/\bat .*\.(ts|js):\d+/);
    expect(res.errors?.[0].extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");
  });
});
