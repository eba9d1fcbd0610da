import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { type E2E, expectAccessible, gqlOk, openPage, PHONE } from "./harness";
import { productNames, visible } from "./storefront-helpers";

/** Condition and campus on a phone: filter the shop by campus and condition; cards and the product page say both. */
let e2e: E2E;
it.beforeAll(({ e2e: app }) => {
  e2e = app;
});

/** The first shop page (8, newest first) for a filter, from the API. */
async function expectedNames(filter: Record<string, string>): Promise<string[]> {
  const { products } = await gqlOk<{ products: { items: Array<{ name: string }> } }>(
    e2e,
    `query($f: ProductFilter) { products(filter: $f, pageSize: 8) { items { name } } }`,
    { f: filter },
  );
  return products.items.map((p) => p.name);
}

describe("condition and campus at 390 px", () => {
  it("filters the shop by campus, then by condition; the card and the product page show both", async () => {
    const atFast = await expectedNames({ campus: "fast-lahore" });
    const likeNewAtFast = await expectedNames({ campus: "fast-lahore", condition: "like-new" });
    expect(atFast.length).toBeGreaterThan(likeNewAtFast.length);
    expect(likeNewAtFast.length).toBeGreaterThan(0);

    const { page, context } = await openPage(e2e, PHONE);
    try {
      await page.goto("/shop");
      for (const [group, option] of [
        ["Campus", "FAST Lahore"],
        ["Condition", "Like new"],
      ] as const) {
        await page.getByRole("button", { name: /^Filters/ }).click();
        const sheet = page.getByRole("region", { name: "Filters" });
        await visible(sheet);
        const radio = sheet.getByRole("radiogroup", { name: group }).getByRole("radio", { name: new RegExp(`^${option}( \\(\\d+\\))?$`) });
        await radio.click();
        await expect.poll(() => radio.isChecked()).toBe(true);
        await sheet.getByRole("button", { name: /^Show / }).click();
        await sheet.waitFor({ state: "hidden" });
        await expect.poll(() => productNames(page, "Products")).toEqual(group === "Campus" ? atFast : likeNewAtFast);
      }
      expect(new URL(page.url()).search).toBe("?campus=fast-lahore&condition=like-new");
      const card = page.getByRole("list", { name: "Products", exact: true }).getByRole("article").first();
      await visible(card.getByText("Like new · FAST Lahore"));
      await expectAccessible(page, "shop filtered by campus and condition (phone)");

      await card.getByRole("link", { name: likeNewAtFast[0], exact: true }).click();
      await visible(page.getByRole("heading", { level: 1, name: likeNewAtFast[0] }));
      await visible(page.getByText("Condition: Like new"));
      await visible(page.getByText("Campus: FAST Lahore"));
    } finally {
      await context.close();
    }
  });
});
