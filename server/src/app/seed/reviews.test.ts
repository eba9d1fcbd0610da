import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness";
import { Product } from "../../modules/products/entity";
import { User } from "../../modules/users/entity";
import { Review } from "../../modules/reviews/entity";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(() => server.close());

it("seeds reviews by the demo buyers on 26 products (one from a revealed review of an order), with ratings that match them and some verified purchases", async () => {
  const reviews = await server.dataSource.getRepository(Review).find();
  const authors = await server.dataSource.getRepository(User).findBy(reviews.map((r) => ({ id: r.userId })));
  expect(new Set(authors.map((u) => u.username))).toEqual(new Set(["fatima", "hamza", "zainab"]));
  expect(new Set(reviews.map((r) => r.productId)).size).toBe(26);
  expect(reviews.some((r) => r.verifiedPurchase)).toBe(true);

  for (const product of await server.dataSource.getRepository(Product).find()) {
    const own = reviews.filter((r) => r.productId === product.id);
    const average = own.length ? Math.round((own.reduce((sum, r) => sum + r.rating, 0) / own.length) * 100) / 100 : 0;
    expect({ average: product.ratingAverage, count: product.ratingCount }).toEqual({ average, count: own.length });
  }
  const rated = await server.gql(`{ products(sort: RATING, pageSize: 3) { items { rating ratingCount } } }`);
  expect(rated.data.products.items[0].ratingCount).toBeGreaterThan(0);
});
