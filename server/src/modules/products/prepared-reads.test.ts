import type { Pool } from "pg";
import { describe, expect } from "vitest";
import { POOL_CONNECTIONS } from "../../platform/db/data-source";
import { insertProduct, insertReview } from "../../test/fixtures";
import { it } from "../../test/server-test";
import { createReviewPageLoader } from "../reviews/loaders";
import { CatalogService } from "./catalog-service";
import { ProductSort } from "./listing";

/**
 * The catalogue's hot reads are prepared statements (platform/db/prepared.ts), which a rolling
 * restart puts to the test: the new version migrates while the old one's connections keep theirs.
 */
describe("the catalogue's prepared reads", () => {
  it("keep answering the shop, a search and a product page after a migration adds columns (a rolling restart)", async ({
    server,
    cast: { seller, buyer },
  }) => {
    const product = await insertProduct(server.dataSource, seller.user.id, { name: "Drafting Compass Set" });
    await insertReview(server.dataSource, { userId: buyer.user.id, productId: product.id, rating: 4, comment: "Sturdy" });
    const { catalog } = server.services;
    // the services, not GraphQL: the public answers cache would answer a repeated read without a statement
    const read = async () => {
      const [shop, search, page, reviews] = await Promise.all([
        catalog.list({ filter: { minPrice: 0 }, pageSize: 50 }),
        catalog.list({ filter: { search: "compass" } }),
        catalog.byId(product.id, null),
        createReviewPageLoader(server.dataSource)(1, 10).load(product.id),
      ]);
      return {
        shop: shop.items.map((item) => [item.id, item.seller?.username]),
        search: search.items.map((item) => item.id),
        product: [page?.name, page?.seller?.username],
        reviews: reviews.items.map((review) => [review.comment, review.user?.username]),
      };
    };
    // ten at once, so that every pooled connection prepares the statements
    const readOnEveryConnection = () => Promise.all(Array.from({ length: 10 }, read));
    const before = await read();
    expect(before.search).toEqual([product.id]);
    expect(before.product).toEqual(["Drafting Compass Set", seller.user.username]);
    expect(before.reviews).toEqual([["Sturdy", buyer.user.username]]);
    expect(before.shop).toContainEqual([product.id, seller.user.username]);
    await readOnEveryConnection();

    const tables = ["products", "users", "reviews"];
    for (const table of tables) await server.dataSource.query(`ALTER TABLE ${table} ADD COLUMN added_later integer`);
    try {
      expect(await readOnEveryConnection()).toEqual(Array.from({ length: 10 }, () => before));
    } finally {
      for (const table of tables) await server.dataSource.query(`ALTER TABLE ${table} DROP COLUMN added_later`);
    }
  });

  it("keep a shop page's plan, except a price band's sorted by anything but price, which is planned for its values each time", async ({
    server,
    cast: { seller },
  }) => {
    await insertProduct(server.dataSource, seller.user.id, { name: "Desk lamp", pricePaisa: 50_000 });
    // the database's statements (the search index answers the app's pages without words)
    const catalog = new CatalogService(server.dataSource, server.services.cache);
    const band = { minPrice: 100, maxPrice: 1_000 };
    // pages 2-3 (page 1 is kept in the catalogue's cache), several times, so every pooled connection may hold what it prepared
    for (let round = 0; round < 6; round++)
      for (const page of [2, 3])
        await Promise.all([
          catalog.list({ filter: band, sort: ProductSort.RATING, page }),
          catalog.list({ filter: band, sort: ProductSort.PRICE_ASC, page }),
        ]);
    // each pooled connection's own prepared statements, all of them checked out at once
    const pool = (server.dataSource.driver as unknown as { master: Pool }).master;
    const clients = await Promise.all(Array.from({ length: POOL_CONNECTIONS }, () => pool.connect()));
    const prepared: string[] = [];
    try {
      for (const client of clients)
        prepared.push(
          ...(await client.query<{ statement: string }>("SELECT statement FROM pg_prepared_statements")).rows.map((r) => r.statement),
        );
    } finally {
      for (const client of clients) client.release();
    }
    const pages = prepared.filter(
      (statement) => statement.includes(`"pricePaisa" >= $`) && statement.includes('ORDER BY p."ratingAverage" DESC'),
    );
    expect(pages).toEqual([]);
    expect(
      prepared.filter((statement) => statement.includes(`"pricePaisa" >= $`) && statement.includes(`ORDER BY p."pricePaisa" ASC`)).length,
    ).toBeGreaterThan(0);
  });
});
