import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, gqlOk, openPage, PHONE, startE2E } from "./harness";
import { visible } from "./storefront-helpers";

/** The shop's campus filter on a phone: only campuses with listings, each with its count. */
let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe("campus filter at 390 px", () => {
  it("lists only campuses with listings, each with as many as the shop shows for it", async () => {
    const { catalogOptions } = await gqlOk<{ catalogOptions: { campuses: Array<{ slug: string; label: string }> } }>(
      e2e,
      `{ catalogOptions { campuses { slug label } } }`,
      {},
    );
    const expected: string[] = [];
    const empty: string[] = [];
    for (const campus of catalogOptions.campuses) {
      const { products } = await gqlOk<{ products: { totalItems: number } }>(
        e2e,
        `query($f: ProductFilter) { products(filter: $f) { totalItems } }`,
        { f: { campus: campus.slug } },
      );
      if (products.totalItems > 0) expected.push(`${campus.label} (${products.totalItems})`);
      else empty.push(campus.label);
    }
    expect(expected.length).toBeGreaterThan(0);
    expect(empty.length).toBeGreaterThan(0);

    const { page, context } = await openPage(e2e, PHONE);
    try {
      await page.goto("/shop");
      await page.getByRole("button", { name: /^Filters/ }).click();
      const sheet = page.getByRole("region", { name: "Filters" });
      await visible(sheet);
      const radios = sheet.getByRole("radiogroup", { name: "Campus" }).getByRole("radio");
      await expect
        .poll(() => radios.evaluateAll((els) => els.map((el) => el.closest("label")?.textContent ?? "")))
        .toEqual(["All", ...expected]);
    } finally {
      await context.close();
    }
  });
});
