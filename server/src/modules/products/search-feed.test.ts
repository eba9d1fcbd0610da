import { Client } from "pg";
import type { Worker } from "node:worker_threads";
import { describe, expect, vi } from "vitest";
import { it } from "../../test/server-test";
import { insertProduct } from "../../test/fixtures";
import { startTestServer, type TestServer } from "../../test/harness";
import { docRow, LIST, validProduct } from "./testing";
import { Catalogue } from "./search-catalogue";
import type { DocRow } from "./search-store";
import { ProductSort } from "./listing";
import { SEARCH_INDEX_CONNECTION } from "./search-index";
import { indexConnection, SearchIndexThread } from "./search-index-thread";

const CREATE = `mutation ($input: ProductInput!) { createProduct(input: $input) { id } }`;
const UPDATE = `mutation ($id: ID!, $input: ProductUpdateInput!) { updateProduct(id: $id, input: $input) { id } }`;
const DELETE = `mutation ($id: ID!) { deleteProduct(id: $id) }`;

/**
 * The ids a search finds now (from the catalogue's service: the public answers cached over it are
 * dropped by the app's own writes, not by the tests' SQL), and that the index answered it.
 */
async function found(server: TestServer, search: string, filter: Record<string, unknown> = {}) {
  const index = server.services.searchIndex!;
  const before = index.answered.here;
  const page = await server.services.catalog.list({ filter: { search, ...filter }, sort: ProductSort.RELEVANCE, pageSize: 24 });
  expect(index.answered.here, `the index answered "${search}"`).toBe(before + 1);
  return page.items.map((item) => item.id);
}

describe("the search index follows the listings' writes", () => {
  it.beforeAll(async ({ server }) => {
    await server.services.searchIndex!.loaded();
  });

  it("a listing is found by the next search once listed, by its new words once edited, and no more once deleted", async ({
    server,
    cast,
  }) => {
    const created = await server.gql(
      CREATE,
      { input: validProduct({ name: "Aardvark lamp", description: "A desk lamp shaped like an aardvark." }) },
      cast.seller.token,
    );
    const id = created.data.createProduct.id as string;
    expect(await found(server, "aardvark")).toEqual([id]);
    await server.gql(
      UPDATE,
      { id, input: { name: "Pangolin lamp", description: "A desk lamp shaped like a pangolin." } },
      cast.seller.token,
    );
    expect(await found(server, "aardvark")).toEqual([]);
    expect(await found(server, "pangolin")).toEqual([id]);
    // a price edit keeps its words and moves it in and out of a price filter
    expect((await server.gql(UPDATE, { id, input: { price: 2_900 } }, cast.seller.token)).errors).toBeUndefined();
    expect(await found(server, "pangolin", { maxPrice: 2_500 })).toEqual([]);
    expect(await found(server, "pangolin", { minPrice: 2_800 })).toEqual([id]);
    await server.gql(DELETE, { id }, cast.seller.token);
    expect(await found(server, "pangolin")).toEqual([]);
  });

  it("a typo of a word first used by a listing written after the load is corrected to it by the next search", async ({ server, cast }) => {
    expect(await found(server, "axolotll")).toEqual([]);
    const created = await server.gql(
      CREATE,
      { input: validProduct({ name: "Axolotl plush", description: "A soft toy shaped like an axolotl." }) },
      cast.seller.token,
    );
    expect(await found(server, "axolotll")).toEqual([created.data.createProduct.id]);
  });

  it("a write committed after a later one is not missed (the feed reads from the oldest transaction still running)", async ({
    server,
    cast,
  }) => {
    const [first, second] = [
      await insertProduct(server.dataSource, cast.seller.user.id),
      await insertProduct(server.dataSource, cast.seller.user.id),
    ];
    const url = (server.dataSource.options as { url: string }).url;
    const [slow, quick] = [new Client({ connectionString: url }), new Client({ connectionString: url })];
    await Promise.all([slow.connect(), quick.connect()]);
    try {
      await slow.query("BEGIN");
      await slow.query(`UPDATE products SET name = 'Quokka' WHERE id = $1`, [first.id]);
      // a later transaction commits first
      await quick.query(`UPDATE products SET name = 'Wombat' WHERE id = $1`, [second.id]);
      expect(await found(server, "wombat")).toEqual([second.id]);
      expect(await found(server, "quokka")).toEqual([]);
      await slow.query("COMMIT");
      expect(await found(server, "quokka")).toEqual([first.id]);
    } finally {
      await Promise.all([slow.end(), quick.end()]);
    }
  });

  it("a write by the oldest transaction running at the last read is read once it commits, with nothing written after it", async ({
    server,
    cast,
  }) => {
    const listing = await insertProduct(server.dataSource, cast.seller.user.id);
    const slow = new Client({ connectionString: (server.dataSource.options as { url: string }).url });
    await slow.connect();
    try {
      await slow.query("BEGIN");
      await slow.query(`UPDATE products SET name = 'Numbat' WHERE id = $1`, [listing.id]);
      // this read's horizon is the open transaction; the newest write then is its own
      expect(await found(server, "numbat")).toEqual([]);
      await slow.query("COMMIT");
      expect(await found(server, "numbat")).toEqual([listing.id]);
    } finally {
      await slow.end();
    }
  });

  it("a listing hidden by a moderator or sold out long ago leaves the results; rows removed outright make it read every listing again", async ({
    server,
    cast,
  }) => {
    const [hidden, sold, removed, kept] = await Promise.all(
      ["Okapi hidden", "Okapi sold", "Okapi removed", "Okapi kept"].map((name) =>
        insertProduct(server.dataSource, cast.seller.user.id, { name }),
      ),
    );
    expect((await found(server, "okapi")).sort()).toEqual([hidden.id, sold.id, removed.id, kept.id].sort());
    await server.dataSource.query(`UPDATE products SET "hiddenAt" = now() WHERE id = $1`, [hidden.id]);
    await server.dataSource.query(`UPDATE products SET "quantityAvailable" = 0, "soldOutAt" = now() - interval '4 days' WHERE id = $1`, [
      sold.id,
    ]);
    // an operator's DELETE, which the app never does: the feed cannot show a row that is gone
    await server.dataSource.query(`DELETE FROM products WHERE id = $1`, [removed.id]);
    // the search that finds the reset is the statement's, while the index reads every listing again
    const index = server.services.searchIndex!;
    const left = index.answered.left;
    const meanwhile = await server.services.catalog.list({ filter: { search: "okapi" }, sort: ProductSort.RELEVANCE });
    expect(meanwhile.items.map((item) => item.id)).toEqual([kept.id]);
    expect(index.answered.left).toBe(left + 1);
    // loaded() is the first load's: this one ends when the thread says ready again
    await vi.waitFor(() => expect(index.status()).toBe("ready"), { timeout: 30_000, interval: 50 });
    expect(await found(server, "okapi")).toEqual([kept.id]);
    const result = await server.gql(LIST, { filter: { search: "okapi" }, pageSize: 24 });
    expect(result.data.products.items.map((item: { id: string }) => item.id)).toEqual([kept.id]);
    expect(result.data.products.totalItems).toBe(1);
  });

  it("a search it does not follow is answered by the database: a NOT alone, verified sellers only", async ({ server, cast }) => {
    await insertProduct(server.dataSource, cast.seller.user.id, { name: "Tapir stool" });
    const index = server.services.searchIndex!;
    const before = index.answered.left;
    const notAlone = await server.gql(LIST, { filter: { search: "-tapir" }, pageSize: 24 });
    expect(notAlone.errors).toBeUndefined();
    expect(notAlone.data.products.items.some((item: { name: string }) => item.name === "Tapir stool")).toBe(false);
    expect(notAlone.data.products.totalItems).toBeGreaterThan(0);
    expect(index.answered.left).toBe(before + 1);
    const verified = await server.gql(LIST, { filter: { search: "tapir", verifiedSellersOnly: true }, pageSize: 24 });
    expect(verified.errors).toBeUndefined();
    expect(verified.data.products.items).toEqual([]);
  });

  it("a search whose read of the changes does not come is answered by the database's statement", async ({ server, cast }) => {
    const { id } = await insertProduct(server.dataSource, cast.seller.user.id, { name: "Gerenuk bowl" });
    const index = server.services.searchIndex!;
    // the read of the changes waits on this lock (it reads search_feed_resets), as on a frozen primary
    const locker = new Client({ connectionString: (server.dataSource.options as { url: string }).url });
    await locker.connect();
    try {
      await locker.query(`BEGIN; LOCK TABLE search_feed_resets IN ACCESS EXCLUSIVE MODE`);
      const before = index.answered.left;
      const page = await server.services.catalog.list({ filter: { search: "gerenuk" }, sort: ProductSort.RELEVANCE });
      expect(page.items.map((item) => item.id)).toEqual([id]);
      expect(index.answered.left).toBe(before + 1);
    } finally {
      await locker.end();
    }
    expect(await found(server, "gerenuk")).toEqual([id]);
  });

  it("a connection the server ends while idle is replaced: the index's thread lives on and a next search is the index's", async ({
    server,
    cast,
  }) => {
    await found(server, "anything");
    const ended = await server.dataSource.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()`,
      [SEARCH_INDEX_CONNECTION],
    );
    expect(ended).toEqual([{ pg_terminate_backend: true }]);
    const { id } = await insertProduct(server.dataSource, cast.seller.user.id, { name: "Bongo lamp" });
    // a search that meets the ended connection is the statement's; once the pool has dropped it, the
    // index answers again (an unheard error would have ended the thread: the database's for good)
    await vi.waitFor(async () => expect(await found(server, "bongo")).toEqual([id]), { timeout: 10_000 });
    expect(server.services.searchIndex!.status()).toBe("ready");
  });

  it("/ready names the index's state", async ({ server }) => {
    const ready = await fetch(`${server.url}/ready`);
    expect(await ready.json()).toMatchObject({ searchIndex: "ready" });
  });
});

/** The worker thread a SearchIndexThread holds now. */
const threadOf = (index: object) => (index as { thread: { worker: Worker } }).thread.worker;

describe("the index's thread", () => {
  it("a thread that failed is replaced: the new one loads and answers", async ({ server, cast }) => {
    const index = new SearchIndexThread({ connection: indexConnection(server.dataSource) }, undefined, 50);
    try {
      index.start();
      await index.loaded();
      const { id } = await insertProduct(server.dataSource, cast.seller.user.id, { name: "Dugong mug" });
      const first = threadOf(index);
      await first.terminate();
      expect(index.status()).toBe("failed");
      await vi.waitFor(() => expect(index.status()).toBe("ready"), { timeout: 30_000, interval: 50 });
      expect(threadOf(index).threadId).not.toBe(first.threadId);
      const search = { search: "dugong", filter: {}, sort: ProductSort.NEWEST, afterId: null, offset: 0, limit: 10 };
      expect(await index.search({ ...search, query: { kind: "term", lexeme: "dugong", prefix: false, weights: 0 } })).toEqual({
        ids: [id],
        total: 1,
      });
    } finally {
      await index.close();
    }
  });

  it("a thread whose load failed is replaced too, and closing stops the replacing", async ({ server }) => {
    // a database without the listings: every load fails
    const elsewhere = new URL((server.dataSource.options as { url: string }).url);
    elsewhere.pathname = "/postgres";
    const index = new SearchIndexThread({ connection: { connectionString: elsewhere.href } }, undefined, 50);
    try {
      index.start();
      await index.loaded();
      expect(index.status()).toBe("failed");
      const first = threadOf(index);
      await vi.waitFor(
        () => expect((index as unknown as { thread?: { worker: Worker } }).thread?.worker.threadId).not.toBe(first.threadId),
        {
          timeout: 30_000,
          interval: 50,
        },
      );
    } finally {
      await index.close();
    }
    expect(index.status()).toBe("off");
  });

  it("answers in a worker thread; a thread that ends leaves every search to the database's statement, and /ready says so", async () => {
    const server = await startTestServer();
    try {
      const index = server.services.searchIndex!;
      await index.loaded();
      const [listing] = await server.dataSource.query(
        `INSERT INTO products ("sellerId", name, description, category, "pricePaisa", image) VALUES (NULL, 'Quokka mug', 'A mug', 'books', 10000, '/uploads/m.webp') RETURNING id`,
      );
      expect(await found(server, "quokka")).toEqual([listing.id]);

      const worker = threadOf(index);
      expect(worker.threadId).toBeGreaterThan(0);
      await worker.terminate();
      expect(index.status()).toBe("failed");
      const left = index.answered.left;
      const page = await server.services.catalog.list({ filter: { search: "quokka" }, sort: ProductSort.RELEVANCE });
      expect(page.items.map((item) => item.id)).toEqual([listing.id]);
      expect(index.answered.left).toBe(left);
      const ready = (await (await fetch(`${server.url}/ready`)).json()) as { status: string; searchIndex?: string };
      expect(ready).toMatchObject({ status: "ready", searchIndex: "failed" });
    } finally {
      await server.close();
    }
  });

  it("ends with the server", async () => {
    const server = await startTestServer();
    const index = server.services.searchIndex!;
    await index.loaded();
    const worker = threadOf(index);
    const exited = new Promise((resolve) => worker.once("exit", resolve));
    await server.close();
    await exited;
    expect(index.status()).toBe("off");
  });
});

describe("without the index (SEARCH_INDEX=database)", () => {
  it("searches are the database's", async () => {
    const server = await startTestServer({ env: { SEARCH_INDEX: "database" } });
    try {
      expect(server.services.searchIndex).toBeUndefined();
      const [listing] = await server.dataSource.query(
        `INSERT INTO products ("sellerId", name, description, category, "pricePaisa", image) VALUES (NULL, 'Ibex mug', 'A mug', 'books', 10000, '/uploads/m.webp') RETURNING id`,
      );
      const result = await server.gql(LIST, { filter: { search: "ibex" }, pageSize: 8 });
      expect(result.data.products.items.map((item: { id: string }) => item.id)).toEqual([listing.id]);
      const ready = (await (await fetch(`${server.url}/ready`)).json()) as { searchIndex?: string };
      expect(ready.searchIndex).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});

describe("the index's catalogue", () => {
  const row = (id: number, words: string, over: Partial<DocRow> = {}): DocRow =>
    docRow(id, {
      name: words,
      vector: words
        .split(" ")
        .map((word, i) => `'${word}':${i + 1}A`)
        .join(" "),
      ...over,
    });
  const term = (lexeme: string) => ({ kind: "term" as const, lexeme, prefix: false, weights: 0 });
  const search = (catalogue: Catalogue, word: string) =>
    catalogue.search(
      { query: term(word), search: word, filter: {}, sort: ProductSort.NEWEST, afterId: null, offset: 0, limit: 50 },
      Date.now() * 1000,
    );

  it("finds a word's positions in a listing from where its last lookup ended as from scratch, in any order of listings", () => {
    const catalogue = new Catalogue(true);
    // "gnu" in every third listing, at a position of its own; "yak" in the others
    for (let id = 1; id <= 3000; id++) catalogue.put(row(id, id % 3 ? `yak ${"x".repeat(id % 7)}` : `${"w ".repeat(id % 5)}gnu`));
    const lookups = catalogue as unknown as {
      words: Map<string, number>;
      positionsAt: (word: number | undefined, slot: number, hints?: Int32Array, term?: number) => number;
    };
    const gnu = lookups.words.get("gnu");
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const slots = Array.from({ length: 3000 }, (_, i) => 2999 - i);
    // newest first, as ranked; then jumps both ways
    for (const order of [slots, slots.map(() => Math.floor(random() * 3000))]) {
      const hints = new Int32Array([-1]);
      for (const slot of order) expect(lookups.positionsAt(gnu, slot, hints, 0)).toBe(lookups.positionsAt(gnu, slot));
    }
  });

  it("drops dead slots once they outnumber the live ones, and still answers the same", () => {
    const catalogue = new Catalogue(true, 10);
    for (let id = 1; id <= 5; id++) catalogue.put(row(id, `gnu ${id % 2 ? "odd" : "even"}`));
    // each rename leaves a dead slot: 40 of them, compacted along the way
    for (let round = 0; round < 8; round++)
      for (let id = 1; id <= 5; id++) {
        catalogue.put(row(id, `gnu round${round} ${id % 2 ? "odd" : "even"}`));
        catalogue.compactWhenWasteful();
      }
    expect(catalogue.listings).toBe(5);
    expect(catalogue.slots).toBeLessThan(5 + 11);
    expect(search(catalogue, "gnu")?.ids).toHaveLength(5);
    expect(search(catalogue, "round7")?.total).toBe(5);
    expect(search(catalogue, "round6")?.total).toBe(0);
    expect(search(catalogue, "odd")?.ids).toEqual([5, 3, 1].map((id) => row(id, "").id));
    catalogue.put(row(3, "", { deleted: true }));
    expect(search(catalogue, "odd")?.ids).toEqual([5, 1].map((id) => row(id, "").id));
  });
});
