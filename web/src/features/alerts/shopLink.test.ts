import { describe, expect, it } from "vitest";
import type { SavedSearchFieldsFragment } from "../../generated/graphql";
import { shopLink } from "./shopLink";

const saved = (over: Partial<SavedSearchFieldsFragment>): SavedSearchFieldsFragment => ({
  id: "1",
  name: "",
  search: null,
  category: null,
  color: null,
  condition: null,
  campus: null,
  minPrice: null,
  maxPrice: null,
  sellerId: null,
  verifiedSellersOnly: false,
  alert: true,
  emailDigest: false,
  createdAt: "2026-11-25T00:00:00Z",
  ...over,
});

describe("shopLink", () => {
  it("opens the shop with the saved words and filters in its query-string keys", () => {
    const filter = { search: "casio fx", category: "electronics", campus: "nust-islamabad", maxPrice: 3000, verifiedSellersOnly: true };
    const link = shopLink(saved({ ...filter, minPrice: null }));
    expect(link).toBe("/shop?q=casio+fx&category=electronics&campus=nust-islamabad&price=0-3000&verified=1");
  });

  it("is the plain shop for a search without words or filters", () => {
    expect(shopLink(saved({}))).toBe("/shop");
  });
});
