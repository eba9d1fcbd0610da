import { describe, expect, it } from "vitest";
import { splitMessage } from "./linkify";

const OURS = "https://unibazaar.pk";

describe("splitMessage", () => {
  it("links an address on our site and leaves the text around it", () => {
    expect(splitMessage("See https://unibazaar.pk/shop/42.", OURS)).toEqual([
      { text: "See " },
      { text: "https://unibazaar.pk/shop/42", href: "https://unibazaar.pk/shop/42" },
      { text: "." },
    ]);
  });

  it("keeps every other address as plain text, look-alikes included", () => {
    for (const body of [
      "pay at https://evil.example/pay",
      "https://unibazaar.pk.evil.example/login",
      "http://unibazaar.pk/shop (not https)",
      "https://user@evil.example",
    ])
      expect(splitMessage(body, OURS)).toEqual([{ text: body }]);
  });

  it("never turns markup into anything but text", () => {
    const body = `<a href="https://unibazaar.pk">x</a><script>alert(1)</script>`;
    expect(
      splitMessage(body, OURS)
        .map((p) => p.text)
        .join(""),
    ).toBe(body);
  });
});
