import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { asCaller, signUp, type SignedIn } from "../test/fixtures";
import { dataOf, startTestServer, type TestServer } from "../test/harness";
import { NO_POSTGRES_BINARIES, postgresBinaries, startReplicatedPostgres, type ReplicatedPostgres } from "../test/replication";
import { validProduct } from "../modules/products/testing";

const bin = postgresBinaries();

const SEARCH = `query ($search: String!) { products(filter: { search: $search }) { totalItems items { id name } } }`;
const SHOP = `query ($minPrice: Float) { products(filter: { minPrice: $minPrice }, pageSize: 5) { totalItems items { id name seller { username } } } }`;
const PRODUCT = `query ($id: ID!) { product(id: $id) { id name priceNote } }`;
const PAGE = `query ($id: ID!) { product(id: $id) { id reviews { totalItems items { comment } } } }`;
const CREATE = `mutation ($input: ProductInput!) { createProduct(input: $input) { id name priceNote } }`;
const MINE = `query { myProducts(pageSize: 50) { items { id } } }`;

/** Statements of the catalogue's reads as pg_stat_statements keeps them: a search's scan, and rows with their sellers. */
const CATALOGUE_STATEMENTS = `SELECT coalesce(sum(calls), 0)::int AS calls FROM pg_stat_statements
  WHERE query LIKE '%search_vector @@%' OR query LIKE '%FROM products p LEFT JOIN users s ON s.id = p."sellerId"%'`;

describe.skipIf(!bin)(`the catalogue on a streaming replica${bin ? "" : ` (skipped: ${NO_POSTGRES_BINARIES})`}`, () => {
  let pg: ReplicatedPostgres;
  let server: TestServer;
  let seller: SignedIn;

  /** Catalogue statements run so far on one server of the pair. */
  const served = async (on: "primary" | "standby") => (await pg.sql<{ calls: number }>(on, CATALOGUE_STATEMENTS))[0].calls;
  const replica = () => server.services.replicas.status()[0];
  const waitForState = (state: "ok" | "lagging" | "unreachable") =>
    vi.waitFor(() => expect(replica().state).toBe(state), { timeout: 20_000, interval: 50 });
  /**
   * A word no listing has yet, so a search for it is never answered from a cache or by a correction:
   * twelve letters of the whole alphabet, so two of them are never a typo apart (hex letters were:
   * "zqfb" and "zqfbe" found each other's listings).
   */
  const newWord = () => `zq${Array.from(randomBytes(12), (b) => String.fromCharCode(97 + (b % 26))).join("")}`;
  const listing = async (word: string) =>
    (await dataOf(server, CREATE, { input: validProduct({ name: `Calculator ${word}` }) }, seller.token)).createProduct as { id: string };
  const found = async (word: string) =>
    ((await dataOf(server, SEARCH, { search: word })).products.items as Array<{ id: string }>).map((p) => p.id);

  beforeAll(async () => {
    pg = await startReplicatedPostgres(bin!);
    // the app migrates the primary at boot; the standby replays the schema like any other write
    server = await startTestServer({ env: { DATABASE_URL: pg.primaryUrl, DATABASE_REPLICA_URLS: pg.standbyUrl } });
    seller = await signUp(server, "seller");
    await listing(newWord());
    await pg.replayed();
    await waitForState("ok");
  });

  afterAll(async () => {
    await server?.close();
    await pg?.close();
  });

  it("names the replica, its state and its lag in /ready and in the admins' systemStatus", async () => {
    const admin = await signUp(server, "admin");
    const status = await dataOf(server, `query { systemStatus { replicas { name state lagMs } } }`, {}, admin.token);
    expect(status.systemStatus.replicas).toEqual([{ name: replica().name, state: "ok", lagMs: expect.any(Number) }]);
    const ready = await server.api("GET", "/ready");
    expect(ready.status).toBe(200);
    expect(ready.body.replicas).toEqual([
      { name: expect.stringMatching(/^127\.0\.0\.1:\d+\/unibazaar$/), state: "ok", lagMs: expect.any(Number) },
    ]);
  });

  it("serves the shop, a search and a product page from the standby, not the primary", async () => {
    const [onStandby, onPrimary] = [await served("standby"), await served("primary")];
    const { id } = (await dataOf(server, SHOP, { minPrice: 1 })).products.items[0] as { id: string };
    await found("calculator");
    expect((await dataOf(server, PRODUCT, { id })).product.id).toBe(id);
    // the shop's page, the search's rows (the search index found them; its words' tsquery is kept from an earlier search), the product with its seller
    expect((await served("standby")) - onStandby).toBeGreaterThanOrEqual(3);
    expect(await served("primary")).toBe(onPrimary);
  });

  it("shows a new listing to its seller at once, and in the shop once the standby has replayed it", async () => {
    const word = newWord();
    await pg.sql("standby", "SELECT pg_wal_replay_pause()");
    const { id } = await listing(word);
    expect(await pg.sql("standby", "SELECT id FROM products WHERE id = $1", [id])).toEqual([]);
    // the seller's dashboard and own product page read the primary
    expect((await dataOf(server, MINE, {}, seller.token)).myProducts.items.map((p: { id: string }) => p.id)).toContain(id);
    expect((await dataOf(server, PRODUCT, { id }, seller.token)).product).toMatchObject({ id });

    await pg.sql("standby", "SELECT pg_wal_replay_resume()");
    await pg.replayed();
    await waitForState("ok");
    const onStandby = await served("standby");
    expect(await found(word)).toEqual([id]);
    expect(await served("standby")).toBeGreaterThan(onStandby);
  });

  it("reads a product page's reviews with the listing on the standby for a visitor, and a signed-in reader's from the primary", async () => {
    const { id } = await listing(newWord());
    await pg.replayed();
    await waitForState("ok");
    const buyer = await signUp(server);
    await pg.sql("standby", "SELECT pg_wal_replay_pause()");
    try {
      await server.services.reviews.post({ productId: id, rating: 5, comment: "Works well" }, asCaller(buyer));
      const reviewsAs = async (token?: string) => (await dataOf(server, PAGE, { id }, token)).product.reviews;
      // a visitor's page is the standby's, reviews and all (one statement); the reviewer's shows their review at once
      expect(await reviewsAs()).toEqual({ totalItems: 0, items: [] });
      expect(await reviewsAs(buyer.token)).toEqual({ totalItems: 1, items: [{ comment: "Works well" }] });
    } finally {
      await pg.sql("standby", "SELECT pg_wal_replay_resume()");
    }
    await pg.replayed();
    await waitForState("ok");
  });

  it("skips a standby that lags beyond the bound: its reads go to the primary", async () => {
    await pg.sql("standby", "SELECT pg_wal_replay_pause()");
    try {
      const word = newWord();
      const { id } = await listing(word);
      await waitForState("lagging");
      expect(replica().lagMs === null || replica().lagMs! > 2_000).toBe(true);
      const onStandby = await served("standby");
      expect(await found(word)).toEqual([id]);
      expect(await served("standby")).toBe(onStandby);
    } finally {
      await pg.sql("standby", "SELECT pg_wal_replay_resume()");
    }
    await waitForState("ok");
  });

  it("answers every request while the standby stops under load", async () => {
    await waitForState("ok");
    const { id } = (await dataOf(server, SHOP, { minPrice: 1 })).products.items[0] as { id: string };
    const failures: string[] = [];
    let answered = 0;
    let running = true;
    const one = async (n: number) => {
      const [query, variables] = [
        [SEARCH, { search: "calculator" }],
        [SHOP, { minPrice: 1 + (n % 50) }],
        [PRODUCT, { id }],
      ][n % 3] as [string, Record<string, unknown>];
      const res = await server.gql(query, variables).catch((error: Error) => ({ errors: [{ message: error.message }] }));
      if (res.errors) failures.push(JSON.stringify(res.errors));
      answered++;
    };
    const clients = [0, 1, 2, 3].map(async (client) => {
      for (let n = client; running; n += 4) await one(n);
    });
    try {
      const onStandby = await served("standby");
      await expect.poll(() => answered, { timeout: 20_000, interval: 20 }).toBeGreaterThan(40);
      expect(await served("standby")).toBeGreaterThan(onStandby);
      await pg.stopStandby();
      await waitForState("unreachable");
      const after = answered;
      await expect.poll(() => answered, { timeout: 20_000, interval: 20 }).toBeGreaterThan(after + 40);
    } finally {
      running = false;
      await Promise.all(clients);
    }
    expect(failures).toEqual([]);
    // the app stays ready: the primary serves the replica's reads
    const ready = await server.api("GET", "/ready");
    expect(ready.status).toBe(200);
    expect(ready.body.replicas).toEqual([{ name: replica().name, state: "unreachable", lagMs: null }]);
  });
});
