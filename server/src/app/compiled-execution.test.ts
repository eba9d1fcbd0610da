import { describe, expect } from "vitest";
import { insertProduct } from "../test/fixtures";
import { it } from "../test/server-test";

/**
 * A query is executed by graphql-js the first time and by graphql-jit from the second on
 * (platform/graphql/compiled-execution.ts): every answer must be the same either way, errors,
 * codes and HTTP statuses included. Requests ask for a fresh answer, so none comes from the
 * public answers cache.
 */
describe("compiled execution", () => {
  const post = async (url: string, body: object, token?: string) => {
    const response = await fetch(`${url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "cache-control": "no-cache", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  /** The same request sent three times: the first interpreted, the others compiled. */
  const thrice = async (url: string, body: object, token?: string) => [
    await post(url, body, token),
    await post(url, body, token),
    await post(url, body, token),
  ];

  const LIST = `query List($page: Int, $pageSize: Int, $filter: ProductFilter) {
    products(page: $page, pageSize: $pageSize, filter: $filter) { totalItems page items { id name price seller { id isVerifiedStudent memberSince } } }
  }`;

  it("answers a page the same once the query is compiled", async ({ server, cast: { seller } }) => {
    for (const name of ["Kettle", "Lamp", "Desk"]) await insertProduct(server.services.dataSource, seller.user.id, { name });
    const answers = await thrice(server.url, { query: LIST, variables: { pageSize: 2 } });
    expect(answers[0].body.errors, JSON.stringify(answers[0].body)).toBeUndefined();
    expect(answers[0].status).toBe(200);
    expect((answers[0].body.data as { products: { items: unknown[] } }).products.items).toHaveLength(2);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    // other variables, same compiled query
    const next = await post(server.url, { query: LIST, variables: { pageSize: 2, page: 2 } });
    expect((next.body.data as { products: { page: number; items: unknown[] } }).products).toMatchObject({ page: 2 });
  });

  it("keeps role errors and their codes", async ({ server, cast: { buyer, admin } }) => {
    const MINE = { query: `query Mine { myProducts { totalItems } }` };
    for (const answer of await thrice(server.url, MINE)) {
      expect(answer.body).toEqual({
        data: null,
        errors: [
          {
            message: "You must be signed in.",
            path: ["myProducts"],
            locations: [{ line: 1, column: 14 }],
            extensions: { code: "UNAUTHENTICATED", key: "auth.signInFirst", params: {} },
          },
        ],
      });
    }
    for (const answer of await thrice(server.url, MINE, buyer.token))
      expect((answer.body.errors as Array<{ extensions: { code: string } }>)[0].extensions.code).toBe("FORBIDDEN");
    for (const answer of await thrice(server.url, MINE, admin.token)) expect(answer.body.errors).toBeUndefined();
  });

  it("keeps the services' BAD_USER_INPUT and graphql-js's 400 for variables that do not fit", async ({ server }) => {
    await thrice(server.url, { query: LIST, variables: {} });
    for (const answer of await thrice(server.url, { query: LIST, variables: { pageSize: 51 } })) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect((answer.body.errors as Array<{ extensions: { code: string } }>)[0].extensions.code).toBe("BAD_USER_INPUT");
    }
    for (const answer of await thrice(server.url, { query: LIST, variables: { pageSize: "many" } })) {
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([
        expect.objectContaining({
          message: expect.stringContaining('Variable "$pageSize" got invalid value "many"'),
          extensions: { code: "BAD_USER_INPUT" },
        }),
      ]);
    }
  });

  it("leaves introspection and mutations to graphql-js, answering them as before", async ({ server }) => {
    for (const answer of await thrice(server.url, { query: `query Root { __schema { queryType { name } } }` }))
      expect(answer.body).toEqual({ data: { __schema: { queryType: { name: "Query" } } } });
    const LOGIN = { query: `mutation Login($email: String!, $password: String!) { login(email: $email, password: $password) { token } }` };
    for (const answer of await thrice(server.url, { ...LOGIN, variables: { email: "nobody@student.pk", password: "wrong-password" } }))
      expect((answer.body.errors as Array<{ extensions: { code: string } }>)[0].extensions.code).toBe("UNAUTHENTICATED");
  });
});
