import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { asCaller, insertOrder, signUp, type SignedIn } from "../../test/fixtures";
import { codeOf, type TestServer } from "../../test/harness";
import { OrderStatus } from "../orders/entity";
import { Product } from "../products/entity";
import { Review } from "./entity";

const newProduct = (server: TestServer, seller: SignedIn, name = "Organic Chemistry Notes") =>
  server.services.products.create(
    {
      name,
      description: "Handwritten notes for MDCAT preparation.",
      category: "books",
      color: "blue",
      price: 650,
      image: "/uploads/notes.webp",
    },
    asCaller(seller),
  );
const reviewRows = (server: TestServer) => server.dataSource.getRepository(Review);

const POST = `mutation ($productId: ID!, $rating: Int!, $comment: String!) {
  postReview(productId: $productId, rating: $rating, comment: $comment) { id rating comment verifiedPurchase createdAt updatedAt author { id username } product { id rating ratingCount } } }`;
const MINE = `query ($page: Int, $pageSize: Int) { myReviews(page: $page, pageSize: $pageSize) { totalItems totalPages page pageSize items { comment rating product { name } author { username } } } }`;
const PRODUCT = `query ($id: ID!, $page: Int, $pageSize: Int) { product(id: $id) { rating ratingCount reviews(page: $page, pageSize: $pageSize) { totalItems totalPages page pageSize items { comment rating author { username } } } } }`;

describe("postReview", () => {
  it("needs a signed-in caller", async ({ server, cast: { seller } }) => {
    const product = await newProduct(server, seller);
    expect(codeOf(await server.gql(POST, { productId: product.id, rating: 5, comment: "Great" }))).toBe("UNAUTHENTICATED");
    expect(await reviewRows(server).countBy({ productId: product.id })).toBe(0);
  });

  it("stores the review with its author and updates the product's rating in the same step", async ({ server, cast: { seller, buyer } }) => {
    const product = await newProduct(server, seller);
    const res = await server.gql(POST, { productId: product.id, rating: 4, comment: "  Very neat notes.  " }, buyer.token);
    expect(res.errors).toBeUndefined();
    expect(res.data.postReview).toMatchObject({
      rating: 4,
      comment: "Very neat notes.",
      verifiedPurchase: false,
      author: { id: buyer.user.id, username: buyer.user.username },
      product: { id: product.id, rating: 4, ratingCount: 1 },
    });
  });

  it("updates the same review when the user posts again, and averages over users", async ({ server, cast: { seller, buyer } }) => {
    const product = await newProduct(server, seller);
    const first = await server.gql(POST, { productId: product.id, rating: 2, comment: "Missing pages." }, buyer.token);
    const again = await server.gql(POST, { productId: product.id, rating: 5, comment: "Seller sent the missing pages." }, buyer.token);
    expect(again.data.postReview).toMatchObject({
      id: first.data.postReview.id,
      rating: 5,
      createdAt: first.data.postReview.createdAt,
      product: { rating: 5, ratingCount: 1 },
    });
    expect(new Date(again.data.postReview.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(first.data.postReview.updatedAt).getTime());
    expect(await reviewRows(server).countBy({ productId: product.id })).toBe(1);

    const other = await signUp(server);
    await server.gql(POST, { productId: product.id, rating: 4, comment: "Good." }, other.token);
    const third = await signUp(server);
    const res = await server.gql(POST, { productId: product.id, rating: 4, comment: "Fine." }, third.token);
    // (5 + 4 + 4) / 3 = 4.33
    expect(res.data.postReview.product).toEqual({ id: product.id, rating: 4.33, ratingCount: 3 });
    expect(await server.dataSource.getRepository(Product).findOneByOrFail({ id: product.id })).toMatchObject({
      ratingAverage: 4.33,
      ratingCount: 3,
    });
  });

  it("keeps one review per user and product when the same user posts twice at once", async ({ server, cast: { seller } }) => {
    const product = await newProduct(server, seller);
    const user = await signUp(server);
    const results = await Promise.all(
      [1, 2, 3, 4].map((rating) => server.gql(POST, { productId: product.id, rating, comment: `Try ${rating}` }, user.token)),
    );
    expect(results.every((r) => !r.errors)).toBe(true);
    expect(await reviewRows(server).countBy({ productId: product.id })).toBe(1);
    const row = await reviewRows(server).findOneByOrFail({ productId: product.id });
    expect(await server.dataSource.getRepository(Product).findOneByOrFail({ id: product.id })).toMatchObject({
      ratingAverage: row.rating,
      ratingCount: 1,
    });
  });

  it.for([
    [{ rating: 0 }, "rating"],
    [{ rating: 6 }, "rating"],
    [{ comment: "   " }, "comment"],
    [{ comment: "x".repeat(1001) }, "comment"],
    [{ productId: "nope" }, "productId"],
  ] as const)("refuses %o and writes nothing", async ([over, field], { server, cast: { seller, buyer } }) => {
    const product = await newProduct(server, seller);
    const res = await server.gql(POST, { productId: product.id, rating: 3, comment: "Okay", ...over }, buyer.token);
    expect(codeOf(res)).toBe("BAD_USER_INPUT");
    expect(res.errors![0].extensions!.fields).toHaveProperty(field);
    expect(await reviewRows(server).countBy({ productId: product.id })).toBe(0);
    expect(await server.dataSource.getRepository(Product).findOneByOrFail({ id: product.id })).toMatchObject({
      ratingAverage: 0,
      ratingCount: 0,
    });
  });

  it("refuses a fractional rating before it reaches the service", async ({ server, cast: { seller, buyer } }) => {
    const product = await newProduct(server, seller);
    const literal = await server.gql(
      `mutation { postReview(productId: "${product.id}", rating: 3.5, comment: "Okay") { id } }`,
      {},
      buyer.token,
    );
    expect(codeOf(literal)).toBe("GRAPHQL_VALIDATION_FAILED");
    expect(codeOf(await server.gql(POST, { productId: product.id, rating: 3.5, comment: "Okay" }, buyer.token))).toBe("BAD_USER_INPUT");
    expect(await reviewRows(server).countBy({ productId: product.id })).toBe(0);
  });

  it("answers NOT_FOUND for unknown and deleted products", async ({ server, cast: { seller, buyer } }) => {
    expect(codeOf(await server.gql(POST, { productId: crypto.randomUUID(), rating: 3, comment: "Where?" }, buyer.token))).toBe("NOT_FOUND");
    const product = await newProduct(server, seller);
    await server.services.products.remove(product.id, asCaller(seller));
    expect(codeOf(await server.gql(POST, { productId: product.id, rating: 3, comment: "Gone" }, buyer.token))).toBe("NOT_FOUND");
  });

  it("does not let a seller review their own product, but another seller or an admin may", async ({
    server,
    cast: { seller, otherSeller, admin },
  }) => {
    const product = await newProduct(server, seller);
    expect(codeOf(await server.gql(POST, { productId: product.id, rating: 5, comment: "Mine is the best" }, seller.token))).toBe(
      "FORBIDDEN",
    );
    expect((await server.gql(POST, { productId: product.id, rating: 3, comment: "Decent" }, otherSeller.token)).errors).toBeUndefined();
    expect((await server.gql(POST, { productId: product.id, rating: 4, comment: "Checked" }, admin.token)).errors).toBeUndefined();
    expect(await reviewRows(server).countBy({ productId: product.id })).toBe(2);
  });

  it("marks a verified purchase only for an order that was not rejected or cancelled", async ({ server, cast: { seller } }) => {
    const product = await newProduct(server, seller);
    const cancelledBuyer = await signUp(server);
    await insertOrder(server.dataSource, { buyerId: cancelledBuyer.user.id, lines: [{ product }], status: OrderStatus.CANCELLED });
    await insertOrder(server.dataSource, { buyerId: cancelledBuyer.user.id, lines: [{ product }], status: OrderStatus.REJECTED });
    const notVerified = await server.gql(POST, { productId: product.id, rating: 2, comment: "Never arrived" }, cancelledBuyer.token);
    expect(notVerified.data.postReview.verifiedPurchase).toBe(false);

    const realBuyer = await signUp(server);
    await insertOrder(server.dataSource, { buyerId: realBuyer.user.id, lines: [{ product }], status: OrderStatus.COMPLETED });
    const verified = await server.gql(POST, { productId: product.id, rating: 5, comment: "Arrived quickly" }, realBuyer.token);
    expect(verified.data.postReview.verifiedPurchase).toBe(true);

    // buying after reviewing: the next post of the review becomes verified
    await insertOrder(server.dataSource, { buyerId: cancelledBuyer.user.id, lines: [{ product }], status: OrderStatus.PENDING });
    const later = await server.gql(POST, { productId: product.id, rating: 3, comment: "Ordered again" }, cancelledBuyer.token);
    expect(later.data.postReview.verifiedPurchase).toBe(true);
  });
});

describe("myReviews", () => {
  it("lists only the caller's reviews, newest first, with their products, paginated", async ({ server, cast: { seller, buyer } }) => {
    const reviewer = await signUp(server);
    for (const name of ["Book A", "Book B", "Book C"]) {
      const product = await newProduct(server, seller, name);
      await server.services.reviews.post({ productId: product.id, rating: 4, comment: `About ${name}` }, asCaller(reviewer));
    }
    await server.services.reviews.post(
      { productId: (await newProduct(server, seller, "Someone else's")).id, rating: 1, comment: "Not yours" },
      asCaller(buyer),
    );

    const res = await server.gql(MINE, { pageSize: 2 }, reviewer.token);
    expect(res.data.myReviews).toMatchObject({ totalItems: 3, totalPages: 2, page: 1, pageSize: 2 });
    expect(res.data.myReviews.items).toEqual([
      { comment: "About Book C", rating: 4, product: { name: "Book C" }, author: { username: reviewer.user.username } },
      { comment: "About Book B", rating: 4, product: { name: "Book B" }, author: { username: reviewer.user.username } },
    ]);
    expect((await server.gql(MINE, {}, reviewer.token)).data.myReviews.pageSize).toBe(20);
    expect(codeOf(await server.gql(MINE, { pageSize: 51 }, reviewer.token))).toBe("BAD_USER_INPUT");
  });

  it("keeps a review of a deleted product, without the product", async ({ server, cast: { seller } }) => {
    const reviewer = await signUp(server);
    const product = await newProduct(server, seller, "Soon gone");
    await server.services.reviews.post({ productId: product.id, rating: 4, comment: "Fine" }, asCaller(reviewer));
    await server.services.products.remove(product.id, asCaller(seller));
    const res = await server.gql(MINE, {}, reviewer.token);
    expect(res.data.myReviews.items).toEqual([{ comment: "Fine", rating: 4, product: null, author: { username: reviewer.user.username } }]);
  });

  it("needs a signed-in caller", async ({ server }) => {
    expect(codeOf(await server.gql(MINE, {}))).toBe("UNAUTHENTICATED");
  });
});

describe("product reviews and totalReviews", () => {
  it("pages a product's reviews newest first, for anyone", async ({ server, cast: { seller } }) => {
    const product = await newProduct(server, seller);
    const authors: SignedIn[] = [];
    for (let i = 1; i <= 3; i++) {
      const author = await signUp(server);
      authors.push(author);
      await server.services.reviews.post({ productId: product.id, rating: i + 2, comment: `Review ${i}` }, asCaller(author));
    }
    const res = await server.gql(PRODUCT, { id: product.id, page: 1, pageSize: 2 });
    expect(res.data.product).toMatchObject({ rating: 4, ratingCount: 3, reviews: { totalItems: 3, totalPages: 2, page: 1, pageSize: 2 } });
    expect(res.data.product.reviews.items).toEqual([
      { comment: "Review 3", rating: 5, author: { username: authors[2].user.username } },
      { comment: "Review 2", rating: 4, author: { username: authors[1].user.username } },
    ]);
    const last = await server.gql(PRODUCT, { id: product.id, page: 2, pageSize: 2 });
    expect(last.data.product.reviews.items.map((r: { comment: string }) => r.comment)).toEqual(["Review 1"]);
    const beyond = await server.gql(PRODUCT, { id: product.id, page: 5, pageSize: 2 });
    expect(beyond.data.product.reviews).toMatchObject({ items: [], totalItems: 3 });
    expect(codeOf(await server.gql(PRODUCT, { id: product.id, pageSize: 51 }))).toBe("BAD_USER_INPUT");

    const empty = await newProduct(server, seller);
    expect((await server.gql(PRODUCT, { id: empty.id })).data.product).toMatchObject({
      rating: 0,
      ratingCount: 0,
      reviews: { items: [], totalItems: 0, totalPages: 0, pageSize: 10 },
    });
  });

  it("counts every review for anyone", async ({ server }) => {
    const res = await server.gql(`{ totalReviews }`);
    expect(res.data.totalReviews).toBe(await reviewRows(server).count());
    expect(res.data.totalReviews).toBeGreaterThan(0);
  });
});

describe("myReview and receivedReviews", () => {
  const MINE = `query ($productId: ID!) { myReview(productId: $productId) { id rating comment } }`;
  const RECEIVED = `{ receivedReviews { totalItems items { comment author { id } product { id } } } }`;

  it("gives the caller their own review of a product to edit, and null to others or signed out", async ({
    server,
    cast: { seller, otherSeller, buyer },
  }) => {
    const product = await newProduct(server, seller, "Edit-me Notes");
    expect((await server.gql(MINE, { productId: product.id }, buyer.token)).data.myReview).toBeNull();
    await server.gql(POST, { productId: product.id, rating: 4, comment: "Clear handwriting." }, buyer.token);
    expect((await server.gql(MINE, { productId: product.id }, buyer.token)).data.myReview).toMatchObject({
      rating: 4,
      comment: "Clear handwriting.",
    });
    expect((await server.gql(MINE, { productId: product.id }, otherSeller.token)).data.myReview).toBeNull();
    expect((await server.gql(MINE, { productId: product.id })).data.myReview).toBeNull();
    expect((await server.gql(MINE, { productId: "not-an-id" }, buyer.token)).data.myReview).toBeNull();
  });

  it("lists to a seller the reviews written on their own products only; buyers are refused", async ({
    server,
    cast: { seller, otherSeller, buyer },
  }) => {
    const product = await newProduct(server, seller, "Received Notes");
    await server.gql(POST, { productId: product.id, rating: 5, comment: "Great notes, thank you!" }, buyer.token);
    const mine = await server.gql(RECEIVED, undefined, seller.token);
    expect(mine.errors).toBeUndefined();
    expect(mine.data.receivedReviews.items).toContainEqual({
      comment: "Great notes, thank you!",
      author: { id: buyer.user.id },
      product: { id: product.id },
    });
    const other = await server.gql(RECEIVED, undefined, otherSeller.token);
    expect(other.data.receivedReviews.items.map((r: { product: { id: string } }) => r.product.id)).not.toContain(product.id);
    expect(codeOf(await server.gql(RECEIVED, undefined, buyer.token))).toBe("FORBIDDEN");
  });
});
