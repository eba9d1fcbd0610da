import { describe, expect } from "vitest";
import { it } from "../test/server-test";
import { insertProduct, signUp, type SignedIn } from "../test/fixtures";
import { codeOf, type TestServer } from "../test/harness";
import { NULL_BYTE_MESSAGE } from "../platform/http/null-bytes";

/**
 * Hostile input at the edge: each request here must be refused with a 4xx and a clear message, and
 * must change no row. (PostgreSQL cannot store U+0000 in text: before the edge check these were 500s.)
 */
const NUL = "\u0000";
const TABLES = ["users", "products", "orders", "reviews", "checkout_sessions"];

let buyer: SignedIn;
let seller: SignedIn;
let admin: SignedIn;
let productId: string;
it.beforeAll(async ({ server }) => {
  [buyer, seller, admin] = await Promise.all([signUp(server, "user"), signUp(server, "seller"), signUp(server, "admin")]);
  productId = (await insertProduct(server.dataSource, seller.user.id)).id;
});

async function rowCounts(server: TestServer): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) counts[table] = Number((await server.dataSource.query(`SELECT count(*) AS n FROM "${table}"`))[0].n);
  return counts;
}

const shipping = { address: "Hostel 4", city: "Lahore", postalCode: "54000", country: "Pakistan" };
const order = (overrides: Record<string, unknown> = {}) => ({
  lines: [{ productId: "", quantity: 1 }],
  shipping,
  contactNumber: "03001234567",
  idempotencyKey: "key-1",
  ...overrides,
});

describe("null bytes in GraphQL input", () => {
  const cases: Array<[string, string, () => Record<string, unknown>, () => string | undefined]> = [
    ["search", `query ($q: String) { products(filter: { search: $q }) { totalItems } }`, () => ({ q: `calc${NUL}` }), () => undefined],
    [
      "register name",
      `mutation ($i: RegisterInput!) { register(input: $i) { token } }`,
      () => ({
        i: { name: `Eve${NUL}`, username: "eve_nul", email: "eve@nul.pk", password: "correct-horse-42", contactNumber: "03001234567" },
      }),
      () => undefined,
    ],
    [
      "login e-mail",
      `mutation ($e: String!) { login(email: $e, password: "x") { token } }`,
      () => ({ e: `a${NUL}@b.pk` }),
      () => undefined,
    ],
    [
      "product name",
      `mutation ($i: ProductInput!) { createProduct(input: $i) { id } }`,
      () => ({ i: { name: `Lamp${NUL}`, category: "books", color: "blue", price: 100, description: "A lamp in good condition." } }),
      () => seller.token,
    ],
    [
      "shipping field",
      `mutation ($i: PlaceOrderInput!) { placeOrder(input: $i) { id } }`,
      () => ({ i: order({ lines: [{ productId, quantity: 1 }], shipping: { ...shipping, city: `Lah${NUL}ore` } }) }),
      () => buyer.token,
    ],
    [
      "coupon",
      `mutation ($i: PlaceOrderInput!) { placeOrder(input: $i) { id } }`,
      () => ({ i: order({ lines: [{ productId, quantity: 1 }], couponCode: `save${NUL}` }) }),
      () => buyer.token,
    ],
    [
      "idempotency key",
      `mutation ($i: PlaceOrderInput!) { placeOrder(input: $i) { id } }`,
      () => ({ i: order({ lines: [{ productId, quantity: 1 }], idempotencyKey: `k${NUL}` }) }),
      () => buyer.token,
    ],
    [
      "review",
      `mutation ($p: ID!, $c: String!) { postReview(productId: $p, rating: 5, comment: $c) { id } }`,
      () => ({ p: productId, c: `Great${NUL}` }),
      () => buyer.token,
    ],
    ["user search", `query ($s: String) { users(search: $s) { totalItems } }`, () => ({ s: `a${NUL}` }), () => admin.token],
  ];

  it.for(cases)(
    "refuses a null byte in the %s with 400 BAD_USER_INPUT and changes nothing",
    async ([_name, query, variables, token], { server }) => {
      const before = await rowCounts(server);
      const bearer = token();
      const response = await fetch(`${server.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
        body: JSON.stringify({ query, variables: variables() }),
      });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { errors: Array<{ message: string; extensions: { code: string } }> };
      expect(body.errors[0]).toMatchObject({ message: NULL_BYTE_MESSAGE, extensions: { code: "BAD_USER_INPUT" } });
      expect(await rowCounts(server)).toEqual(before);
    },
  );

  it("refuses a \\u0000 escape written inside the query's own string literal", async ({ server }) => {
    const res = await server.gql(`{ products(filter: { search: "calc\\u0000" }) { totalItems } }`);
    expect(codeOf(res)).toBe("BAD_USER_INPUT");
  });

  it("still serves the same requests without the null byte", async ({ server }) => {
    const res = await server.gql(`query ($q: String) { products(filter: { search: $q }) { totalItems } }`, { q: "calc" });
    expect(res.errors).toBeUndefined();
  });
});

describe("null bytes and malformed headers in REST input", () => {
  const cases: Array<[string, string, string, () => unknown, () => string | undefined]> = [
    ["login body", "POST", "/api/auth/login", () => ({ email: `a${NUL}@b.pk`, password: "x" }), () => undefined],
    [
      "register body",
      "POST",
      "/api/auth/register",
      () => ({ name: "Eve", username: `eve${NUL}`, email: "eve2@nul.pk", password: "correct-horse-42", contactNumber: "03001234567" }),
      () => undefined,
    ],
    ["search query string", "GET", `/api/products?search=calc%00`, () => undefined, () => undefined],
    ["path parameter", "GET", `/api/products/abc%00`, () => undefined, () => undefined],
    [
      "product body",
      "POST",
      "/api/products/create-product",
      () => ({ name: "Lamp", category: "books", color: "blue", price: 100, description: `Good${NUL}` }),
      () => seller.token,
    ],
    [
      "order body",
      "POST",
      "/api/orders/place-order",
      () => ({
        products: [{ productId, quantity: 1 }],
        shippingDetails: { ...shipping, address: `H${NUL}` },
        contactNumber: "03001234567",
      }),
      () => buyer.token,
    ],
  ];

  it.for(cases)(
    "refuses a null byte in the %s with 400 {message} and changes nothing",
    async ([_name, method, path, body, token], { server }) => {
      const before = await rowCounts(server);
      const res = await server.api(method, path, { body: body(), token: token() });
      expect(res).toMatchObject({ status: 400, body: { message: NULL_BYTE_MESSAGE } });
      expect(await rowCounts(server)).toEqual(before);
    },
  );

  it("refuses a cookie-authenticated write with a malformed Referer as cross-site (403), not a server fault", async ({ server }) => {
    const login = await server.api("POST", "/api/auth/login", { body: { email: buyer.user.email, password: buyer.password } });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
    const before = await rowCounts(server);
    const res = await server.api("POST", "/api/auth/logout", { cookie, headers: { referer: "http://[not a url" } });
    expect(res).toMatchObject({ status: 403, body: { message: "Cross-site request refused." } });
    expect(await rowCounts(server)).toEqual(before);
    // the session was not logged out by the refused request
    expect((await server.api("GET", "/api/orders/my-orders", { cookie })).status).toBe(200);
  });
});
