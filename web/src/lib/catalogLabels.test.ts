import { describe, expect, it } from "vitest";
// the server's lists themselves (the file imports nothing), so a new option without English words fails here
import { CATEGORIES, COLORS, CONDITIONS } from "../../../server/src/modules/products/catalog";
import catalogEnglish from "../locales/en/catalog.json";

const bySlug = (list: ReadonlyArray<{ slug: string; label: string }>) => Object.fromEntries(list.map(({ slug, label }) => [slug, label]));

describe("the English catalog catalogue", () => {
  it("names every category, colour and condition of the server as the server does, and no other", () => {
    expect(catalogEnglish.category).toEqual(bySlug(CATEGORIES));
    expect(catalogEnglish.color).toEqual(bySlug(COLORS));
    expect(catalogEnglish.condition).toEqual(bySlug(CONDITIONS));
  });
});
