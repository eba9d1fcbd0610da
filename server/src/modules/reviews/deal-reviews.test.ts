import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { REVIEW_COMMENT_MAX } from "@unibazaar/rules";
import { insertOrder, insertProduct, signUpCast, type SignedIn } from "../../test/fixtures";
import { codeOf, jobsSettled, type TestServer } from "../../test/harness";
import { OrderStatus } from "../orders/entity";
import { setStatus } from "../orders/testing";
import { DealReview } from "./deal-entity";

let seller: SignedIn;
let buyer: SignedIn;
let otherBuyer: SignedIn;
let admin: SignedIn;

const DAY = 86_400_000;

it.beforeAll(async ({ server }) => {
  ({ seller, buyer, otherBuyer, admin } = await signUpCast(server));
});

const REVIEW_ORDER = `mutation ($input: DealReviewInput!) { reviewOrder(input: $input) { id side asDescribed communication punctuality stars comment revealedAt } }`;
const ORDER_REVIEWS = `query ($id: ID!) { order(id: $id) { id buyer { id reliability { buyerRating buyerReviewCount completedDeals } }
  reviews { closesAt canReview theirsWritten mine { side stars comment revealedAt } theirs { side stars comment } } } }`;
const NOTICES = `{ notifications(pageSize: 50) { items { text link } } }`;

const parts = (over: Record<string, unknown> = {}) => ({
  asDescribed: 5,
  communication: 4,
  punctuality: 3,
  comment: "Smooth deal",
  ...over,
});
const review = (server: TestServer, who: SignedIn, orderId: string, over: Record<string, unknown> = {}) =>
  server.gql(REVIEW_ORDER, { input: { orderId, ...parts(over) } }, who.token);
const reviewsOf = async (server: TestServer, who: SignedIn, orderId: string) => {
  const res = await server.gql(ORDER_REVIEWS, { id: orderId }, who.token);
  expect(res.errors).toBeUndefined();
  return res.data.order.reviews;
};

/** An address order of a fresh product, shipped, then completed by its seller through the API. */
async function completedOrder(server: TestServer, name = "Lab coat") {
  const product = await insertProduct(server.dataSource, seller.user.id, { pricePaisa: 90_000, name });
  const order = await insertOrder(server.dataSource, { buyerId: buyer.user.id, lines: [{ product }], status: OrderStatus.SHIPPED });
  const res = await setStatus(server, seller, order.id, "COMPLETED");
  expect(res.errors).toBeUndefined();
  return { order, product };
}

describe("two-way blind reviews", () => {
  it("asks both sides for a review when the order completes", async ({ server }) => {
    const { order } = await completedOrder(server, "Drafter set");
    for (const who of [buyer, seller]) {
      const items = (await server.gql(NOTICES, {}, who.token)).data.notifications.items;
      expect(items).toContainEqual({
        text: expect.stringMatching(/is complete\. Review the .* by \d{4}-\d{2}-\d{2}/),
        link: `/orders/${order.id}`,
      });
    }
    const state = await reviewsOf(server, buyer, order.id);
    expect(state).toMatchObject({ canReview: true, theirsWritten: false, mine: null, theirs: null });
    expect(new Date(state.closesAt).getTime() - Date.now()).toBeGreaterThan(13.9 * DAY);
  });

  it("keeps each review hidden from the other side (both APIs) until both are written, then shows both", async ({ server }) => {
    const { order, product } = await completedOrder(server, "Scientific calculator");
    const first = await review(server, buyer, order.id, { asDescribed: 5, communication: 4, punctuality: 4, comment: "As described" });
    expect(first.errors).toBeUndefined();
    expect(first.data.reviewOrder).toMatchObject({ side: "BUYER", stars: 4.33, revealedAt: null });

    // the author sees theirs; the seller only that it exists; nobody else sees it
    expect(await reviewsOf(server, buyer, order.id)).toMatchObject({
      mine: { side: "BUYER", stars: 4.33 },
      theirs: null,
      canReview: false,
    });
    expect(await reviewsOf(server, seller, order.id)).toMatchObject({ mine: null, theirs: null, theirsWritten: true, canReview: true });
    expect(await reviewsOf(server, admin, order.id)).toMatchObject({ mine: null, theirs: null });
    const rest = await server.api("GET", `/api/products/${product.id}`);
    expect(rest.body.reviews).toEqual([]);
    const gqlProduct = await server.gql(`query ($id: ID!) { product(id: $id) { ratingCount reviews { items { comment } } } }`, {
      id: product.id,
    });
    expect(gqlProduct.data.product).toMatchObject({ ratingCount: 0, reviews: { items: [] } });

    const second = await review(server, seller, order.id, { asDescribed: 2, communication: 3, punctuality: 5, comment: "Paid on time" });
    expect(second.data.reviewOrder).toMatchObject({ side: "SELLER", stars: 3.33, revealedAt: expect.any(String) });

    expect(await reviewsOf(server, buyer, order.id)).toMatchObject({ theirs: { side: "SELLER", comment: "Paid on time", stars: 3.33 } });
    const sellerView = await server.gql(ORDER_REVIEWS, { id: order.id }, seller.token);
    expect(sellerView.data.order.reviews.theirs).toMatchObject({ side: "BUYER", comment: "As described" });
    expect(sellerView.data.order.buyer.reliability).toMatchObject({ buyerReviewCount: 1, buyerRating: 3.33 });
    // the buyer's review is now the product's review, on both APIs, rounded to whole stars there
    const after = await server.api("GET", `/api/products/${product.id}`);
    expect(after.body.reviews).toEqual([expect.objectContaining({ comment: "As described", rating: 4, productId: product.id })]);
    const gqlAfter = await server.gql(`query ($id: ID!) { product(id: $id) { rating ratingCount } }`, { id: product.id });
    expect(gqlAfter.data.product).toMatchObject({ rating: 4, ratingCount: 1 });
    const told = (await server.gql(NOTICES, {}, buyer.token)).data.notifications.items;
    expect(told).toContainEqual({ text: expect.stringContaining("are now visible"), link: `/orders/${order.id}` });
  });

  it("reveals a lone review when the 14-day window closes (the scheduled job), and refuses reviews after it", async ({ server }) => {
    const { order } = await completedOrder(server, "Hostel kettle");
    expect((await review(server, seller, order.id, { comment: "Friendly buyer" })).errors).toBeUndefined();
    // the job's work, run at once rather than waiting for its minute
    await server.dataSource.transaction((m) => server.services.dealReviews.revealDue(m));
    expect(await reviewsOf(server, buyer, order.id)).toMatchObject({ theirs: null, theirsWritten: true });

    server.clock.advance(14 * DAY + 60_000);
    await server.dataSource.transaction((m) => server.services.dealReviews.revealDue(m));
    expect(await reviewsOf(server, buyer, order.id)).toMatchObject({ theirs: { comment: "Friendly buyer" }, canReview: false });
    const late = await review(server, buyer, order.id);
    expect(codeOf(late)).toBe("CONFLICT");
    expect(late.errors![0].message).toMatch(/review window/);
    expect(await server.dataSource.getRepository(DealReview).countBy({ orderId: order.id })).toBe(1);
    await jobsSettled(server);
  });

  it("takes one review per side and order, even when sent twice at once", async ({ server }) => {
    const { order } = await completedOrder(server, "Bike lock");
    const [a, b] = await Promise.all([review(server, buyer, order.id), review(server, buyer, order.id, { comment: "Second try" })]);
    expect([codeOf(a), codeOf(b)].sort()).toEqual([undefined, "CONFLICT"].sort());
    expect(await server.dataSource.getRepository(DealReview).countBy({ orderId: order.id })).toBe(1);
  });

  it("reveals both when the two sides write at the same moment", async ({ server }) => {
    const { order } = await completedOrder(server, "Desk fan");
    await Promise.all([review(server, buyer, order.id), review(server, seller, order.id)]);
    const rows = await server.dataSource.getRepository(DealReview).findBy({ orderId: order.id });
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.revealedAt)).toBe(true);
  });

  it("lets only the order's buyer and seller review, and only a completed order", async ({ server }) => {
    const { order } = await completedOrder(server, "Mini fridge");
    const stranger = await review(server, otherBuyer, order.id);
    expect(codeOf(stranger)).toBe("FORBIDDEN");
    expect(codeOf(await review(server, admin, order.id))).toBe("FORBIDDEN");
    expect(codeOf(await server.gql(REVIEW_ORDER, { input: { orderId: order.id, ...parts() } }))).toBe("UNAUTHENTICATED");

    const product = await insertProduct(server.dataSource, seller.user.id, { pricePaisa: 10_000, name: "Pending thing" });
    const pending = await insertOrder(server.dataSource, { buyerId: buyer.user.id, lines: [{ product }] });
    const early = await review(server, buyer, pending.id);
    expect(codeOf(early)).toBe("BAD_USER_INPUT");
    expect(early.errors![0].extensions!.fields).toHaveProperty("orderId");
    expect(await server.dataSource.getRepository(DealReview).countBy({ orderId: order.id })).toBe(0);
  });

  it("refuses bad parts and comments with a field error and writes nothing", async ({ server }) => {
    const { order } = await completedOrder(server, "Graph paper");
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ asDescribed: 0 }, "asDescribed"],
      [{ communication: 6 }, "communication"],
      [{ punctuality: 2_147_483_647 }, "punctuality"],
      [{ comment: "   " }, "comment"],
      [{ comment: "x".repeat(REVIEW_COMMENT_MAX + 1) }, "comment"],
    ];
    for (const [over, field] of cases) {
      const res = await review(server, buyer, order.id, over);
      expect(codeOf(res), field).toBe("BAD_USER_INPUT");
      expect(res.errors![0].extensions!.fields).toHaveProperty(field);
    }
    // null characters are refused before any resolver runs
    expect(codeOf(await review(server, buyer, order.id, { comment: "null\u0000byte" }))).toBe("BAD_USER_INPUT");
    expect((await review(server, buyer, order.id, { comment: "x".repeat(REVIEW_COMMENT_MAX) })).errors).toBeUndefined();
    expect(await server.dataSource.getRepository(DealReview).countBy({ orderId: order.id })).toBe(1);
  });

  it("averages the three parts into the stars", async ({ server }) => {
    const { order } = await completedOrder(server, "Notebook pack");
    const res = await review(server, buyer, order.id, { asDescribed: 1, communication: 2, punctuality: 2 });
    expect(res.data.reviewOrder.stars).toBe(1.67);
  });
});
