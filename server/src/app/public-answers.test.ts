import http from "node:http";
import { gunzipSync } from "node:zlib";
import { describe, expect } from "vitest";
import { it } from "../test/server-test";
import { createCache } from "../platform/cache";
import { PublicAnswers, type HttpAnswer } from "../platform/graphql/public-answers";
import { Product } from "../modules/products/entity";
import { User } from "../modules/users/entity";
import { placeOrder, setStatus } from "../modules/orders/testing";
import { asCaller, loginCookie, signUp, type SignedIn } from "../test/fixtures";
import type { TestServer } from "../test/harness";
import { PUBLIC_QUERY_FIELDS } from "./public-query-fields";
import { buildAppSchema } from "./schema";

/**
 * Anonymous GraphQL reads of public fields are answered from the shared cache before Apollo runs
 * (platform/graphql/public-answers.ts). A change made behind the services' back (straight in the
 * database) shows what was answered from the cache: a write through a service drops it.
 */
let seller: SignedIn;
let buyer: SignedIn;
let lamp: Product;

it.beforeAll(async ({ server }) => {
  [seller, buyer] = [await signUp(server, "seller"), await signUp(server)];
  lamp = await server.services.products.create(
    {
      name: "Answered Lamp",
      description: "A desk lamp for the public answers test.",
      category: "furniture",
      color: "gold",
      price: 910,
      image: "/uploads/a.webp",
      quantityAvailable: 1,
    },
    asCaller(seller),
  );
});

// a price range: not an entry page, so the products service itself keeps nothing of it
const GOLD_LAMPS = `{ products(filter: { color: "gold", minPrice: 900, maxPrice: 920 }, pageSize: 8) { items { id name image sold seller { username } } } }`;
type Item = { id: string; name: string; image: string; sold: boolean; seller: { username: string } };

/** The anonymous POST a browser or an integrator sends, with the raw answer. */
async function post(server: TestServer, query: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, contentType: response.headers.get("content-type"), body: await response.text() };
}

const itemsOf = (body: string) => (JSON.parse(body) as { data: { products: { items: Item[] } } }).data.products.items;
const rename = (server: TestServer, name: string) => server.dataSource.getRepository(Product).update(lamp.id, { name });

/** Asks twice: the first teaches the server that the operation is public, the second stores its answer. */
async function cached(server: TestServer, query: string) {
  await post(server, query);
  return post(server, query);
}

describe("reads of public fields", () => {
  it("are answered from the cache, byte for byte and without SQL, until a product write drops them", async ({ server }) => {
    const stored = await cached(server, GOLD_LAMPS);
    expect(itemsOf(stored.body)).toMatchObject([{ id: lamp.id, name: "Answered Lamp", sold: false }]);

    await rename(server, "Renamed Behind The Cache");
    const { result: again, queries } = await server.queries.measure(() => post(server, GOLD_LAMPS));
    expect(again).toEqual(stored);
    expect(queries).toBe(0);

    await server.services.products.update(lamp.id, { description: "A desk lamp, now described again." }, asCaller(seller));
    expect(itemsOf((await post(server, GOLD_LAMPS)).body)[0].name).toBe("Renamed Behind The Cache");
  });

  it("keep apart the hosts the app is reached at, since image addresses start with them", async ({ server }) => {
    const viaHost = async (host: string) => itemsOf((await rawPost(server, GOLD_LAMPS, { host })).body.toString())[0].image;
    await viaHost("campus.example");
    expect(await viaHost("campus.example")).toBe("http://campus.example/uploads/a.webp");
    expect(await viaHost("other.example:8080")).toBe("http://other.example:8080/uploads/a.webp");
  });

  it("are sent gzipped as kept to a client that takes gzip, and plain to one that does not", async ({ server }) => {
    const options = `{ catalogOptions { campuses { slug label } categories { slug label } colors { slug label } conditions { slug label } meetupPoints { campus slug label } priceRanges { label min max } } }`;
    const gzipClient = { "accept-encoding": "gzip, deflate, br" };
    for (let i = 0; i < 2; i++) await rawPost(server, options, gzipClient);
    const zipped = await rawPost(server, options, gzipClient);
    const plain = await rawPost(server, options, {});
    expect(plain.body.length).toBeGreaterThanOrEqual(1024);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body.toString()).data.catalogOptions.categories.length).toBeGreaterThan(0);
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(gunzipSync(zipped.body).toString()).toBe(plain.body.toString());
  });

  it("hand the shop's lists to signed-in callers too, but a product's own page only to anonymous ones", async ({ server }) => {
    const list = `{ products(filter: { color: "gold", minPrice: 901, maxPrice: 919 }) { items { name } } }`;
    const page = `{ product(id: "${lamp.id}") { name } }`;
    const cookie = await loginCookie(server, buyer);
    const listName = (body: string) =>
      (JSON.parse(body) as { data: { products: { items: Array<{ name: string }> } } }).data.products.items[0].name;
    const pageName = (body: string) => (JSON.parse(body) as { data: { product: { name: string } } }).data.product.name;
    const kept = { list: listName((await cached(server, list)).body), page: pageName((await cached(server, page)).body) };
    await rename(server, "Lamp Seen By Whom");

    // the list is the same whoever asks: the kept answer
    expect(listName((await post(server, list, { authorization: `Bearer ${buyer.token}` })).body)).toBe(kept.list);
    expect(listName((await post(server, list, { cookie })).body)).toBe(kept.list);
    // a product's page is not (its seller and admins see it while hidden): fresh for a signed-in caller
    expect(pageName((await post(server, page, { authorization: `Bearer ${seller.token}` })).body)).toBe("Lamp Seen By Whom");
    expect(pageName((await post(server, page, { cookie })).body)).toBe("Lamp Seen By Whom");
    expect(pageName((await post(server, page)).body)).toBe(kept.page);
  });

  it("are not used for a request for a fresh answer, a mutation or a query that names a private field", async ({ server }) => {
    const query = `{ products(filter: { color: "gold", minPrice: 905, maxPrice: 915 }) { items { name } } }`;
    const mixed = `{ products(filter: { color: "gold", minPrice: 905, maxPrice: 915 }) { items { name } } sellerPage(username: "nobody") { completedSales } }`;
    for (const q of [query, mixed]) await cached(server, q);
    await rename(server, "Lamp For Everyone");

    const nameIn = (body: string) =>
      (JSON.parse(body) as { data: { products: { items: Array<{ name: string }> } } }).data.products.items[0].name;
    expect(nameIn((await post(server, query, { "cache-control": "no-cache" })).body)).toBe("Lamp For Everyone");
    expect(nameIn((await post(server, mixed)).body)).toBe("Lamp For Everyone");
    // the cached one, for contrast
    expect(nameIn((await post(server, query)).body)).not.toBe("Lamp For Everyone");

    // an anonymous mutation asked twice runs twice: the second registration finds the name taken
    const register = `mutation { register(input: { email: "twice@test.pk", username: "asked_twice", name: "Twice", contactNumber: "03001234567", password: "correct-horse-42", role: USER }) { id } }`;
    expect(JSON.parse((await post(server, register)).body).errors).toBeUndefined();
    expect(JSON.parse((await post(server, register)).body).errors?.[0]?.message).toMatch(/already/i);
  });

  it("show a listing Sold as soon as its last unit is bought, and for sale again when the order is cancelled", async ({ server }) => {
    const soldFlag = async () => itemsOf((await post(server, GOLD_LAMPS)).body)[0].sold;
    await cached(server, GOLD_LAMPS);
    expect(await soldFlag()).toBe(false);

    const checkout = await placeOrder(server, buyer, [{ productId: lamp.id, quantity: 1 }]);
    expect(await soldFlag()).toBe(true);

    const cancelled = await setStatus(server, buyer, checkout.orders[0].id, "CANCELLED");
    expect(cancelled.errors).toBeUndefined();
    expect(await soldFlag()).toBe(false);
  });

  it("show a seller's new username at once", async ({ server }) => {
    await cached(server, GOLD_LAMPS);
    const username = `renamed_${Date.now()}`;
    await server.services.users.updateProfile(asCaller(seller), { username });
    expect(itemsOf((await post(server, GOLD_LAMPS)).body)[0].seller.username).toBe(username);
    // the account row itself is the truth the answer came from
    expect((await server.dataSource.getRepository(User).findOneByOrFail({ id: seller.user.id })).username).toBe(username);
  });
});

describe("what counts as public", () => {
  it("names only root fields the schema has", async () => {
    const fields = Object.keys(buildAppSchema().getQueryType()!.getFields());
    for (const field of [...PUBLIC_QUERY_FIELDS.everyone, ...PUBLIC_QUERY_FIELDS.anonymous]) expect(fields).toContain(field);
  });

  it("keeps a clean success, and never an answer with errors or another status", async () => {
    const answers = new PublicAnswers({
      cache: createCache(undefined),
      namespace: "test",
      ttlSeconds: 60,
      publicFields: { everyone: new Set(), anonymous: new Set() },
    });
    const runs: Record<string, number> = {};
    const answerTwice = async (key: string, answer: HttpAnswer) => {
      for (let i = 0; i < 2; i++)
        await answers.answer(key, async () => {
          runs[key] = (runs[key] ?? 0) + 1;
          return answer;
        });
    };
    const json = [["content-type", "application/json; charset=utf-8"]] as Array<[string, string]>;
    await answerTwice("clean", { status: 200, headers: json, body: `{"data":{"products":null}}` });
    await answerTwice("errors", { status: 200, headers: json, body: `{"errors":[{"message":"No."}],"data":{"products":null}}` });
    await answerTwice("refused", { status: 400, headers: json, body: `{"errors":[{"message":"Too complex."}]}` });
    expect(runs).toEqual({ clean: 1, errors: 2, refused: 2 });
  });
});

/** A POST with headers fetch may not set (Host) or sets itself (Accept-Encoding), and the raw answer. */
function rawPost(
  server: TestServer,
  query: string,
  headers: Record<string, string>,
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, path: "/graphql", method: "POST", headers: { "content-type": "application/json", ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      },
    );
    request.on("error", reject);
    request.end(JSON.stringify({ query }));
  });
}
