import { describe, expect, it } from "vitest";
import { afterLoginPath } from "./redirect";

describe("afterLoginPath", () => {
  it("goes back to the page that asked for a sign-in", () => {
    expect(afterLoginPath({ from: "/orders?page=2" })).toBe("/orders?page=2");
    expect(afterLoginPath({ from: { pathname: "/shop/42", search: "" } })).toBe("/shop/42");
  });

  it("goes home without a usable origin", () => {
    expect(afterLoginPath(null)).toBe("/");
    expect(afterLoginPath({})).toBe("/");
    expect(afterLoginPath({ from: 3 })).toBe("/");
  });

  it("never leaves the app or loops back to the auth pages", () => {
    expect(afterLoginPath({ from: "https://evil.example/" })).toBe("/");
    expect(afterLoginPath({ from: "//evil.example/" })).toBe("/");
    expect(afterLoginPath({ from: "/login" })).toBe("/");
    expect(afterLoginPath({ from: "/register?x=1" })).toBe("/");
  });
});
