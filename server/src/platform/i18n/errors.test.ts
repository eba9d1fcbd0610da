import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { asCaller, signUpCast } from "../../test/fixtures";
import { said } from "./errors";

const MISSING_ORDER = "00000000-0000-4000-8000-000000000000";

describe("refusals said by key (platform/i18n/errors.ts)", () => {
  it("fills the English sentence from the key: plural by count, amounts, times", () => {
    expect(said("handover.codeWrong", { count: 1 }).text).toBe("That is not the buyer's code: 1 try left.");
    expect(said("handover.codeWrong", { count: 4 })).toEqual({
      key: "handover.codeWrong",
      params: { count: 4 },
      text: "That is not the buyer's code: 4 tries left.",
    });
    expect(said("offer.aboveThePrice", { pricePaisa: 150_000 }).text.replace(/\u00a0/g, " ")).toBe(
      "An offer cannot be more than the price (Rs 1,500).",
    );
    expect(said("reservation.heldForAnother", { product: "Lamp", untilAt: "2026-12-02T09:30:00.000Z" }).text).toBe(
      '"Lamp" is reserved for another buyer until Wed 2 Dec, 14:30 (Pakistan time).',
    );
  });

  it("GraphQL carries the key and parameters beside the English message; REST keeps its { message } as it was", async ({ server }) => {
    const { buyer } = await signUpCast(server);
    const graphql = await server.gql(`query ($id: ID!) { order(id: $id) { id } }`, { id: MISSING_ORDER }, buyer.token);
    expect(graphql.errors![0]).toMatchObject({
      message: "Order not found.",
      extensions: { code: "NOT_FOUND", key: "order.notFound", params: {} },
    });

    const rest = await server.api("PATCH", `/api/orders/update-status/${MISSING_ORDER}`, {
      token: buyer.token,
      body: { status: "cancelled" },
    });
    expect(rest.status).toBe(404);
    expect(rest.body).toEqual({ message: "Order not found." });
  });

  it("a form's rule said by key (ruleSaid) reaches GraphQL as the field's key and parameters, beside its English sentence", async ({
    server,
  }) => {
    const { seller, buyer } = await signUpCast(server);
    const product = await server.services.products.create(
      { name: "Desk lamp", description: "A lamp for late study nights.", category: "electronics", price: 900, image: "/uploads/lamp.webp" },
      asCaller(seller),
    );
    const res = await server.gql(
      `mutation ($productId: ID!, $rating: Int!, $comment: String!) { postReview(productId: $productId, rating: $rating, comment: $comment) { id } }`,
      { productId: product.id, rating: 7, comment: "Bright." },
      buyer.token,
    );
    expect(res.errors![0]).toMatchObject({
      message: "Rating must be 1 to 5 stars.",
      extensions: {
        code: "BAD_USER_INPUT",
        key: "review.ratingRange",
        params: { min: 1, max: 5 },
        fields: { rating: "Rating must be 1 to 5 stars." },
        fieldKeys: { rating: { key: "review.ratingRange", params: { min: 1, max: 5 } } },
      },
    });
  });
});
