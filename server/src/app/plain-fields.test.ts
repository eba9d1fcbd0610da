import type { GraphQLObjectType } from "graphql";
import { describe, expect, it } from "vitest";
import { buildAppSchema } from "./schema";

const field = (type: string, name: string) => (buildAppSchema().getType(type) as GraphQLObjectType).getFields()[name];

describe("plain fields read directly", () => {
  it("leaves a plain field without a resolver, and keeps money, field resolvers and guards", () => {
    expect(field("Product", "name").resolve).toBeUndefined();
    expect(field("Product", "quantityAvailable").resolve).toBeUndefined();
    // PKR from paisa, the absolute image address, and the admins-only report fields
    expect(field("Product", "price").resolve).toBeTypeOf("function");
    expect(field("Product", "image").resolve).toBeTypeOf("function");
    expect(field("Conversation", "reportReason").resolve).toBeTypeOf("function");
  });

  it("still refuses a guarded field to an anonymous caller", async () => {
    const conversation = { id: "c1", reportReason: "spam", reportedById: "u1" };
    const answer = Promise.resolve().then(() =>
      field("Conversation", "reportReason").resolve!(conversation, {}, { user: null }, {} as never),
    );
    await expect(answer).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });
});
