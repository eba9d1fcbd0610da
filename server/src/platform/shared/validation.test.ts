import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "./errors";
import { pageInput } from "./pagination";
import { isId, parseInput, ruleSaid } from "./validation";

/**
 * The rules read on every request are built once: zod compiles a schema on its first parse, and
 * building one per call (a product page's reviews, its id) cost a quarter of the page's server CPU.
 */
describe("shared rules read on every request", () => {
  it("hand out one page schema per default size, with that default", () => {
    expect(pageInput(10)).toBe(pageInput(10));
    expect(pageInput(10)).not.toBe(pageInput(20));
    expect(parseInput(pageInput(10), {})).toEqual({ page: 1, pageSize: 10 });
    expect(parseInput(pageInput(20), { page: "3" })).toEqual({ page: 3, pageSize: 20 });
    expect(() => parseInput(pageInput(10), { pageSize: 51 })).toThrow("pageSize must be at most 50");
  });

  it("tell an id from anything else", () => {
    expect(isId("0b6f9b3e-5d1c-4c8e-9a57-2f1e3d4c5b6a")).toBe(true);
    for (const value of ["", "1", "0b6f9b3e-5d1c-4c8e-9a57-2f1e3d4c5b6", "0b6f9b3e-5d1c-4c8e-9a57-2f1e3d4c5b6a\u0000", "' OR 1=1 --"])
      expect(isId(value)).toBe(false);
  });
});

describe("a rule's message said by key (ruleSaid)", () => {
  it("gives the field, and the error, its key and parameters beside the English sentence; a plain message has none", () => {
    const schema = z.object({
      rating: z.number().max(5, ruleSaid("review.ratingRange", { min: 1, max: 5 })),
      note: z.string().max(3, "Too long."),
    });
    let error: unknown;
    try {
      parseInput(schema, { rating: 7, note: "long" });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      message: "Rating must be 1 to 5 stars.",
      said: { key: "review.ratingRange", params: { min: 1, max: 5 } },
      fields: { rating: "Rating must be 1 to 5 stars.", note: "Too long." },
      fieldKeys: { rating: { key: "review.ratingRange", params: { min: 1, max: 5 } } },
    });
    expect((error as AppError).fieldKeys).not.toHaveProperty("note");
  });
});
