import { describe, expect, it } from "vitest";
import { pageInput } from "./pagination";
import { isId, parseInput } from "./validation";

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
