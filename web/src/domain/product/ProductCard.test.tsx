import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ProductCardFieldsFragment } from "../../generated/graphql";
import { i18n, loadNamespaces } from "../../lib/i18n";
import { ProductCard } from "./ProductCard";

beforeAll(() => loadNamespaces(["catalog"]));
afterEach(cleanup);

const product = (over: Partial<ProductCardFieldsFragment> = {}): ProductCardFieldsFragment => ({
  id: "p1",
  name: "Casio fx-991 calculator",
  price: 2500,
  oldPrice: 5000,
  image: "/uploads/p1.webp",
  rating: 4,
  ratingCount: 3,
  category: "electronics",
  color: null,
  sold: false,
  reservedUntil: null,
  condition: "good",
  conditionLabel: "Good",
  campusName: "LUMS",
  seller: { id: "s1", username: "sana", storeName: null, isVerifiedStudent: true },
  ...over,
});

const show = (p: ProductCardFieldsFragment) =>
  render(
    <MemoryRouter>
      <ProductCard product={p} action={<button>Add to cart</button>} />
    </MemoryRouter>,
  );

describe("ProductCard", () => {
  it("links the name to the product, names the seller, and shows price, discount, condition and campus", () => {
    show(product());
    const card = screen.getByRole("article");
    expect(screen.getByRole("link", { name: "Casio fx-991 calculator" }).getAttribute("href")).toBe("/shop/p1");
    expect(screen.getByRole("img", { name: "Casio fx-991 calculator" })).toBeTruthy();
    expect(card.textContent).toContain("sana");
    expect(card.textContent).toContain("-50%");
    expect(card.textContent).toContain("Good · LUMS");
    expect(card.textContent).toMatch(/Rs\s2,500was Rs\s5,000/);
    expect(screen.getByRole("button", { name: "Add to cart" })).toBeTruthy();
    expect(card.textContent).not.toContain("Sold");
  });

  it("marks a sold item and shows no discount without an old price", () => {
    show(product({ sold: true, oldPrice: null }));
    const card = screen.getByRole("article");
    expect(card.textContent).toContain("Sold");
    expect(card.textContent).not.toContain("%");
  });

  it("marks an item held for someone by an accepted offer as reserved, until it is sold", () => {
    show(product({ reservedUntil: "2026-11-26T12:00:00.000Z" }));
    expect(screen.getByRole("article").textContent).toContain("Reserved");
    cleanup();
    show(product({ reservedUntil: "2026-11-26T12:00:00.000Z", sold: true }));
    expect(screen.getByRole("article").textContent).not.toContain("Reserved");
  });

  it("names the condition by its slug in the reader's language, and by the server's label when it has no translation", async () => {
    await i18n.changeLanguage("ur");
    try {
      show(product({ condition: "like-new", conditionLabel: "Like new" }));
      expect(screen.getByRole("article").textContent).toContain("نیا جیسا · LUMS");
      cleanup();
      show(product({ condition: "refurbished", conditionLabel: "Refurbished" }));
      expect(screen.getByRole("article").textContent).toContain("Refurbished · LUMS");
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
