import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { asCaller, insertProduct, insertReview, signUp, type SignedIn } from "../../test/fixtures";
import type { TestServer } from "../../test/harness";
import { User } from "../users/entity";
import { Role } from "../../platform/auth/roles";
import { CATALOG_CACHE } from "./catalog";
import { CatalogService } from "./catalog-service";

/**
 * Pins the SQL cost of the main catalog reads: relations come from per-request DataLoaders, so
 * the number of statements does not grow with the number of products, sellers or reviews.
 */
let sellers: SignedIn[];
it.beforeAll(async ({ server }) => {
  sellers = await Promise.all([signUp(server, "seller"), signUp(server, "seller"), signUp(server, "seller")]);
  await server.services.searchIndex!.loaded();
});

const LIST = `query ($pageSize: Int, $page: Int) { products(pageSize: $pageSize, page: $page) { totalItems items { id name price oldPrice rating ratingCount seller { id username storeName } } } }`;
const DETAIL = `query ($id: ID!) { product(id: $id) { id name price rating ratingCount seller { id username } reviews(pageSize: 20) { totalItems items { id rating comment verifiedPurchase author { id username } } } } }`;

async function addProducts(server: TestServer, count: number) {
  for (let i = 0; i < count; i++) {
    await insertProduct(server.dataSource, sellers[i % sellers.length].user.id, {
      name: `Item ${i}`,
      pricePaisa: 1000 + i,
      ratingAverage: 4,
      ratingCount: 2,
    });
  }
}

describe("SQL statements per operation", () => {
  it("products: 1 statement for a page of 5 or of 50 products with sellers and ratings (the page and its count from the search index)", async ({
    server,
  }) => {
    await addProducts(server, 60);
    expect(server.services.searchIndex!.status()).toBe("ready");
    const small = await server.queries.measure(() => server.gql(LIST, { pageSize: 5 }));
    expect(small.result.data.products.items).toHaveLength(5);
    expect(small.result.data.products.totalItems).toBeGreaterThanOrEqual(60);
    const next = await server.queries.measure(() => server.gql(LIST, { pageSize: 5, page: 2 }));
    expect(next.result.data.products.items).toHaveLength(5);
    expect(next.queries).toBe(1);
    await server.services.cache.invalidate(CATALOG_CACHE);
    const large = await server.queries.measure(() => server.gql(LIST, { pageSize: 50 }));
    expect(large.result.errors).toBeUndefined();
    expect(large.result.data.products.items).toHaveLength(50);
    expect(large.result.data.products.items.every((p: { seller: unknown }) => p.seller)).toBe(true);
    expect(large.queries).toBe(1);
    expect(small.queries).toBe(large.queries);
  });

  it("products from the database's statements: 2 for a page of 5 or of 50 (page with its sellers, count), 1 for the next page of a counted filter", async ({
    server,
  }) => {
    const database = new CatalogService(server.dataSource, server.services.cache);
    await server.services.cache.invalidate(CATALOG_CACHE);
    const small = await server.queries.measure(() => database.list({ pageSize: 5, page: 2 }));
    expect(small.result.items).toHaveLength(5);
    expect(small.result.items.every((p) => p.seller)).toBe(true);
    expect(small.queries).toBe(2);
    // the count of one filter is kept in the shared cache: the next page of it costs 1 statement
    expect((await server.queries.measure(() => database.list({ pageSize: 5, page: 3 }))).queries).toBe(1);
    await server.services.cache.invalidate(CATALOG_CACHE);
    expect((await server.queries.measure(() => database.list({ pageSize: 50, page: 2 }))).queries).toBe(2);
  });

  it("product: 1 statement with 1 or 20 reviews by different authors (the product with its seller, its reviews page with their authors)", async ({
    server,
  }) => {
    const product = await server.services.products.create(
      {
        name: "Popular Item",
        description: "Reviewed by many buyers.",
        category: "books",
        color: "red",
        price: 100,
        image: "/uploads/q.webp",
      },
      asCaller(sellers[0]),
    );
    // reviewers straight in the table: signing 20 users up properly would only slow the test down
    const buyers = await server.dataSource.getRepository(User).save(
      Array.from({ length: 20 }, (_, i) => ({
        email: `reviewer${i}@test.pk`,
        username: `reviewer_${i}`,
        name: `Reviewer ${i}`,
        passwordHash: "unused",
        role: Role.USER,
      })),
    );
    await server.services.reviews.post({ productId: product.id, rating: 5, comment: "First!" }, asCaller({ user: buyers[0] }));
    const one = await server.queries.measure(() => server.gql(DETAIL, { id: product.id }));
    expect(one.result.data.product.reviews.items).toHaveLength(1);

    for (const buyer of buyers.slice(1))
      await server.services.reviews.post({ productId: product.id, rating: 4, comment: "Good" }, asCaller({ user: buyer }));
    const twenty = await server.queries.measure(() => server.gql(DETAIL, { id: product.id }));
    expect(twenty.result.errors).toBeUndefined();
    expect(twenty.result.data.product.reviews.items).toHaveLength(20);
    const authors = twenty.result.data.product.reviews.items.map((r: { author: { username: string } }) => r.author.username);
    expect(new Set(authors)).toEqual(new Set(buyers.map((b) => b.username)));
    expect(twenty.queries).toBe(1);
    expect(one.queries).toBe(twenty.queries);
  });

  it("the web app's product page: 1 statement anonymous (the product with its seller, reviews page and reservations in force), the account's row more signed in", async ({
    server,
  }) => {
    // the web app's ProductDetail, reservations and price warning included
    const page = `query ($id: ID!) { product(id: $id) {
      id name price usualPrice sold reservedUntil myReservationEndsAt heldReservations { buyerId buyerName expiresAt }
      conditionLabel campusName seller { id username profileImage isVerifiedStudent university }
      reviews(pageSize: 10) { totalItems items { id rating author { id username } } } } }`;
    const [first, anonymous, signedIn] = await Promise.all(
      ["Desk Lamp 1", "Desk Lamp 2", "Desk Lamp 3"].map((name) => insertProduct(server.dataSource, sellers[0].user.id, { name })),
    );
    // the price warning's similar listings are read once per category and title word, then kept
    await server.gql(page, { id: first.id });
    const anon = await server.queries.measure(() => server.gql(page, { id: anonymous.id }));
    expect(anon.result.errors).toBeUndefined();
    expect(anon.result.data.product).toMatchObject({ id: anonymous.id, reservedUntil: null, heldReservations: [] });
    expect(anon.queries).toBe(1);
    const buyer = await signUp(server, "user");
    const signed = await server.queries.measure(() => server.gql(page, { id: signedIn.id }, buyer.token));
    expect(signed.result.errors).toBeUndefined();
    expect(signed.result.data.product).toMatchObject({ id: signedIn.id, myReservationEndsAt: null });
    expect(signed.queries).toBe(2);
  });

  it("a product page asked through fragments, with two pages of reviews, or with a page size refused: the answers each field gives alone", async ({
    server,
  }) => {
    const product = await insertProduct(server.dataSource, sellers[0].user.id, { name: "Reviewed Lamp" });
    for (const [i, seller] of [sellers[1], sellers[2]].entries())
      await insertReview(server.dataSource, { userId: seller.user.id, productId: product.id, rating: 4, comment: `Review ${i + 1}` });
    const comments = (page: { items: Array<{ comment: string }> }) => page.items.map((item) => item.comment);

    // a named fragment holding an inline one: still read in the listing's statement
    const fragments = `query ($id: ID!) { product(id: $id) { id ...Shown } }
      fragment Shown on Product { ... on Product { reviews(pageSize: 1) { totalItems items { comment author { username } } } } }`;
    const throughFragments = await server.queries.measure(() => server.gql(fragments, { id: product.id }));
    expect(throughFragments.result.errors).toBeUndefined();
    expect(throughFragments.result.data.product.reviews).toMatchObject({
      totalItems: 2,
      items: [{ author: { username: sellers[2].user.username } }],
    });
    expect(comments(throughFragments.result.data.product.reviews)).toEqual(["Review 2"]);
    expect(throughFragments.queries).toBe(1);

    // the first page asked comes with the listing; another page is read by its own statement
    const twoPages = `query ($id: ID!, $page: Int) { product(id: $id) {
      newest: reviews(pageSize: 1) { items { comment } } older: reviews(page: $page, pageSize: 1) { totalItems items { comment } } } }`;
    const both = await server.queries.measure(() => server.gql(twoPages, { id: product.id, page: 2 }));
    expect(both.result.errors).toBeUndefined();
    expect(comments(both.result.data.product.newest)).toEqual(["Review 2"]);
    expect(comments(both.result.data.product.older)).toEqual(["Review 1"]);
    expect(both.queries).toBe(2);

    const refused = await server.gql(`query ($id: ID!) { product(id: $id) { id reviews(pageSize: 51) { totalItems } } }`, {
      id: product.id,
    });
    expect(refused.errors?.[0].message).toMatch(/pageSize must be at most 50/);
  });

  it("products with each product's first reviews: still one statement for all the review pages", async ({ server }) => {
    const withReviews = `{ products(pageSize: 50) { items { id reviews(pageSize: 3) { totalItems items { author { username } } } } } }`;
    const res = await server.queries.measure(() => server.gql(withReviews));
    expect(res.result.errors).toBeUndefined();
    // page with its sellers, review pages with their authors (the page and its count from the search index)
    expect(res.queries).toBe(2);
  });

  it("a search with a typo answered by the search index: 1 statement (the page with its sellers), the correction from the index's own words", async ({
    server,
  }) => {
    const calculator = await insertProduct(server.dataSource, sellers[0].user.id, { name: "Scientific calculator" });
    const search = `query ($search: String) { products(filter: { search: $search }) { totalItems items { id seller { id } } } }`;
    await server.gql(search, { search: "calculator" });
    expect(server.services.searchIndex!.status()).toBe("ready");
    // a typo never searched before: the database's correction would cost one or two statements more
    const typo = await server.queries.measure(() => server.gql(search, { search: "scientfic calculater" }));
    expect(typo.result.errors).toBeUndefined();
    expect(typo.result.data.products.items.map((item: { id: string }) => item.id)).toEqual([calculator.id]);
    expect(typo.queries).toBe(1);
  });
});
