import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { PRICE_RANGES } from "../../../../server/src/modules/products/catalog";
import shopEnglish from "../../locales/en/shop.json";
import {
  clearShopFilters,
  customPriceKey,
  effectiveSort,
  isPageInRange,
  parsePriceRange,
  parseShopParams,
  priceRangeKey,
  priceRangeLabel,
  productCount,
  toProductFilter,
  withShopParam,
} from "./shopParams";

// the helpers word their answers through the real English shop catalogue
const english = i18next.createInstance();
await english.init({ lng: "en", resources: { en: { shop: shopEnglish } }, defaultNS: "shop", interpolation: { escapeValue: false } });
const t = english.getFixedT("en", "shop");

const qs = (s: string) => new URLSearchParams(s);

describe("parseShopParams", () => {
  it("reads every filter from the query string", () => {
    expect(
      parseShopParams(
        qs(
          "category=Books&color=black&price=50-100&campus=LUMS-lahore&condition=like-new&verified=1&q=%20calculator%20&sort=price_asc&page=3",
        ),
      ),
    ).toEqual({
      category: "books",
      color: "black",
      price: "50-100",
      campus: "lums-lahore",
      condition: "like-new",
      verified: true,
      q: "calculator",
      sort: "PRICE_ASC",
      page: 3,
    });
  });

  it("treats missing, 'all' and malformed values as not set; a bad page is page 1", () => {
    expect(parseShopParams(qs(""))).toEqual({
      category: "",
      color: "",
      price: "",
      campus: "",
      condition: "",
      verified: false,
      q: "",
      sort: "",
      page: 1,
    });
    expect(parseShopParams(qs("verified=yes")).verified).toBe(false);
    expect(parseShopParams(qs("category=all&color=ALL&price=cheap&sort=random&page=-2"))).toMatchObject({
      category: "",
      color: "",
      price: "",
      sort: "",
      page: 1,
    });
    expect(parseShopParams(qs("page=0")).page).toBe(1);
    expect(parseShopParams(qs("page=2.5")).page).toBe(1);
    expect(parseShopParams(qs("page=abc")).page).toBe(1);
  });
});

describe("withShopParam", () => {
  it("changing a filter or the search goes back to page 1", () => {
    const start = qs("category=books&page=4");
    expect(withShopParam(start, "color", "red").toString()).toBe("category=books&color=red");
    expect(withShopParam(start, "q", "calc").toString()).toBe("category=books&q=calc");
    expect(withShopParam(start, "category", "electronics").toString()).toBe("category=electronics");
  });

  it("changing the page keeps the filters; page 1 and empty values are left out", () => {
    expect(withShopParam(qs("category=books"), "page", 2).toString()).toBe("category=books&page=2");
    expect(withShopParam(qs("category=books&page=2"), "page", 1).toString()).toBe("category=books");
    expect(withShopParam(qs("category=books&color=red"), "color", "").toString()).toBe("category=books");
    expect(withShopParam(qs("q=x"), "q", null).toString()).toBe("");
  });

  it("does not change the params it was given", () => {
    const start = qs("page=3");
    withShopParam(start, "color", "red");
    expect(start.toString()).toBe("page=3");
  });
});

describe("clearShopFilters", () => {
  it("removes the filters, search and page but keeps the sort", () => {
    expect(clearShopFilters(qs("category=books&color=red&price=0-50&verified=1&q=x&page=2&sort=RATING")).toString()).toBe("sort=RATING");
  });
});

describe("price ranges", () => {
  it("round-trips the shop's ranges, the last without a maximum", () => {
    expect(priceRangeKey({ min: 0, max: 50 })).toBe("0-50");
    expect(priceRangeKey({ min: 200, max: null })).toBe("200-");
    expect(parsePriceRange("0-50")).toEqual({ min: 0, max: 50 });
    expect(parsePriceRange("200-")).toEqual({ min: 200, max: null });
    expect(parsePriceRange("100-50")).toBeNull();
    expect(parsePriceRange("x")).toBeNull();
  });
});

describe("toProductFilter", () => {
  it("maps the state to the API filter", () => {
    expect(toProductFilter(parseShopParams(qs("category=books&color=red&price=50-100&q=calculater")))).toEqual({
      category: "books",
      color: "red",
      minPrice: 50,
      maxPrice: 100,
      search: "calculater",
    });
    expect(toProductFilter(parseShopParams(qs("price=200-")))).toEqual({ minPrice: 200 });
    expect(toProductFilter(parseShopParams(qs("campus=fast-lahore&condition=fair")))).toEqual({ campus: "fast-lahore", condition: "fair" });
    expect(toProductFilter(parseShopParams(qs("campus=nust-islamabad&verified=1")))).toEqual({
      campus: "nust-islamabad",
      verifiedSellersOnly: true,
    });
    expect(toProductFilter(parseShopParams(qs("")))).toEqual({});
  });

  it("a category from the path wins, in any case", () => {
    expect(toProductFilter(parseShopParams(qs("category=books")), "ELECTRONICS")).toEqual({ category: "electronics" });
  });
});

describe("effectiveSort", () => {
  it("uses the chosen sort, else best match while searching, else newest", () => {
    expect(effectiveSort({ sort: "PRICE_DESC", q: "x" })).toBe("PRICE_DESC");
    expect(effectiveSort({ sort: "", q: "calc" })).toBe("RELEVANCE");
    expect(effectiveSort({ sort: "", q: "" })).toBe("NEWEST");
  });
});

describe("isPageInRange", () => {
  it("allows only pages 1..totalPages", () => {
    expect(isPageInRange(1, 8)).toBe(true);
    expect(isPageInRange(8, 8)).toBe(true);
    expect(isPageInRange(9, 8)).toBe(false);
    expect(isPageInRange(0, 8)).toBe(false);
    expect(isPageInRange(1, 0)).toBe(true);
  });
});

describe("productCount", () => {
  it("shows exact counts as they are and a capped count as a lower bound", () => {
    expect(productCount(1, true, t)).toBe("1 product");
    expect(productCount(63, true, t)).toBe("63 products");
    expect(productCount(10_000, true, t)).toBe("10,000 products");
    expect(productCount(10_000, false, t)).toBe("10,000+ products");
  });
});

describe("custom price range", () => {
  it("turns a typed minimum and maximum into the URL key, either bound optional", () => {
    expect(customPriceKey("2000", "3000")).toEqual({ key: "2000-3000" });
    expect(customPriceKey(" 1500 ", "")).toEqual({ key: "1500-" });
    expect(customPriceKey("", "999.50")).toEqual({ key: "0-999.5" });
    expect(customPriceKey("", "")).toEqual({ key: "" });
  });

  it("refuses a maximum below the minimum and anything that is not an amount", () => {
    expect(customPriceKey("5000", "1000")).toEqual({ error: "maxBelowMin" });
    expect(customPriceKey("-5", "")).toEqual({ error: "notAmount" });
    expect(customPriceKey("1e3", "")).toEqual({ error: "notAmount" });
  });

  it("labels a range as its filter chip reads", () => {
    expect(priceRangeLabel("2000-3000", t)).toBe("Rs 2,000 to 3,000");
    expect(priceRangeLabel("20000-", t)).toBe("Rs 20,000 and above");
    expect(priceRangeLabel("0-3000", t)).toBe("Under Rs 3,000");
  });

  it("words the server's price bands as the server labels them (the web words them in the reader's language)", () => {
    expect(PRICE_RANGES.map((range) => priceRangeLabel(priceRangeKey(range), t))).toEqual(PRICE_RANGES.map((range) => range.label));
  });
});
