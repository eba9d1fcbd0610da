import { describe, expect, it } from "vitest";
import { uploadSrcSet } from "./images";

describe("uploadSrcSet", () => {
  const hash = "a".repeat(64);
  it("lists the 200, 400 and 800 px copies of an upload, relative or absolute", () => {
    expect(uploadSrcSet(`/uploads/${hash}.webp`)).toBe(
      `/uploads/${hash}-w200.webp 200w, /uploads/${hash}-w400.webp 400w, /uploads/${hash}-w800.webp 800w`,
    );
    expect(uploadSrcSet(`https://shop.example/uploads/${hash}.webp`)).toContain(`https://shop.example/uploads/${hash}-w400.webp 400w`);
  });

  it("leaves other pictures alone", () => {
    expect(uploadSrcSet("/images/hero.svg")).toBeUndefined();
    expect(uploadSrcSet(`/uploads/${hash}-thumb.webp`)).toBeUndefined();
  });
});
