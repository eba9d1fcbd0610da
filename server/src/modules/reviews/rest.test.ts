import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { insertProduct, loginCookie, signUp, signUpCast, type SignedIn } from "../../test/fixtures";
import type { TestServer } from "../../test/harness";
import type { Product } from "../products/entity";
import { Review } from "./entity";

let seller: SignedIn;
let buyer: SignedIn;
let otherBuyer: SignedIn;
let admin: SignedIn;
let product: Product;

it.beforeAll(async ({ server }) => {
  ({ seller, buyer, otherBuyer, admin } = await signUpCast(server));
  product = await insertProduct(server.dataSource, seller.user.id, { pricePaisa: 120_000, name: "Graphing calculator" });
});

const post = (
  server: TestServer,
  as: SignedIn | { token?: string; cookie?: string },
  body: Record<string, unknown>,
  headers?: Record<string, string>,
) => server.api("POST", "/api/reviews/post-review", { ...as, body, headers });
const reviewCount = (server: TestServer) => server.dataSource.getRepository(Review).count();

describe("POST /api/reviews/post-review", () => {
  it("answers {message, reviews} with every review of the product; a second post updates it; the rating is the average", async ({
    server,
  }) => {
    const first = await post(server, buyer, { productId: product.id, userId: buyer.user.id, rating: 5, comment: "Great" });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      message: expect.any(String),
      reviews: [
        {
          _id: expect.any(String),
          comment: "Great",
          rating: 5,
          productId: product.id,
          userId: { _id: buyer.user.id, username: buyer.user.username, email: buyer.user.email },
          createdAt: expect.stringMatching(/Z$/),
          updatedAt: expect.stringMatching(/Z$/),
        },
      ],
    });
    await post(server, otherBuyer, { productId: product.id, userId: otherBuyer.user.id, rating: 2, comment: "Meh" });
    const again = await post(server, buyer, { productId: product.id, userId: buyer.user.id, rating: "3", comment: "Good, not great" });
    expect(again.status).toBe(200);
    expect(again.body.reviews).toHaveLength(2);
    expect(again.body.reviews.find((r: any) => r.userId._id === buyer.user.id)).toMatchObject({
      rating: 3,
      comment: "Good, not great",
      _id: first.body.reviews[0]._id,
    });
    expect((await server.api("GET", `/api/products/${product.id}`)).body.product.rating).toBe(2.5);
  });

  it("works with the login cookie alone", async ({ server }) => {
    const cookie = await loginCookie(server, otherBuyer);
    const res = await post(server, { cookie }, { productId: product.id, rating: 4, comment: "Changed my mind" });
    expect(res.status).toBe(200);
  });

  it("refuses anonymous (401), someone else's userId (403), the seller's own product (403), bad input (400) and an unknown product (404), storing nothing", async ({
    server,
  }) => {
    const newcomer = await signUp(server, "user");
    const before = await reviewCount(server);
    expect((await post(server, {}, { productId: product.id, rating: 5, comment: "x" })).status).toBe(401);
    const spoofed = await post(server, newcomer, { productId: product.id, userId: buyer.user.id, rating: 1, comment: "As someone else" });
    expect(spoofed.status).toBe(403);
    expect(spoofed.body.message).toMatch(/userId/);
    expect((await post(server, seller, { productId: product.id, userId: seller.user.id, rating: 5, comment: "Mine is best" })).status).toBe(
      403,
    );
    const bad = await post(server, newcomer, { productId: product.id, rating: 0, comment: "" });
    expect(bad).toMatchObject({
      status: 400,
      body: { message: expect.any(String), fields: { rating: "Rating must be 1 to 5 stars.", comment: "Comment is required." } },
    });
    expect((await post(server, newcomer, { productId: "00000000-0000-4000-8000-000000000000", rating: 5, comment: "x" })).status).toBe(404);
    expect(await reviewCount(server)).toBe(before);
  });
});

describe("GET /api/reviews/total-reviews", () => {
  it("answers {totalReviews} to anyone", async ({ server }) => {
    expect(await server.api("GET", "/api/reviews/total-reviews")).toMatchObject({
      status: 200,
      body: { totalReviews: await reviewCount(server) },
    });
  });
});

describe("GET /api/reviews/:userId", () => {
  it("answers the user's own reviews, newest first, with plain ids", async ({ server }) => {
    const second = await insertProduct(server.dataSource, seller.user.id, { pricePaisa: 5_000, name: "Ruler" });
    await post(server, buyer, { productId: second.id, rating: 4, comment: "Straight" });
    const res = await server.api("GET", `/api/reviews/${buyer.user.id}`, { token: buyer.token });
    expect(res.status).toBe(200);
    expect(res.body.map((r: any) => r.productId)).toEqual([second.id, product.id]);
    expect(res.body[0]).toEqual({
      _id: expect.any(String),
      comment: "Straight",
      rating: 4,
      productId: second.id,
      userId: buyer.user.id,
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: expect.stringMatching(/Z$/),
    });
  });

  it("answers an empty array for a user with no reviews, and lets an admin read anyone's", async ({ server }) => {
    const quiet = await signUp(server, "user");
    expect(await server.api("GET", `/api/reviews/${quiet.user.id}`, { token: quiet.token })).toMatchObject({ status: 200, body: [] });
    const asAdmin = await server.api("GET", `/api/reviews/${buyer.user.id}`, { token: admin.token });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toHaveLength(2);
  });

  it("refuses another user (403) and anonymous (401)", async ({ server }) => {
    expect(await server.api("GET", `/api/reviews/${buyer.user.id}`, { token: otherBuyer.token })).toMatchObject({
      status: 403,
      body: { message: "You can only see your own reviews." },
    });
    expect((await server.api("GET", `/api/reviews/${buyer.user.id}`)).status).toBe(401);
  });
});
