import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { SELLER, signInTo } from "./dashboard-helpers";
import { type E2E, gqlOk, openPage, PHONE } from "./harness";
import { dismissNotice, visible } from "./storefront-helpers";

/**
 * The paths students walk most, on a phone: listing an item with several photos and no colour, and
 * the shop's campus filter (only campuses with listings, each with its count).
 */
let e2e: E2E;
it.beforeAll(({ e2e: app }) => {
  e2e = app;
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

const png = (color: string) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: color } })
    .png()
    .toBuffer();
const pathOf = (url: string) => new URL(url, "http://x").pathname;

describe("listing form at 390 px", () => {
  it("a seller lists a textbook with three photos (one removed, another made main) and no colour; its page shows the three, and the edit form reorders them", async () => {
    const name = `Calculus textbook ${randomUUID().slice(0, 6)}`;
    const { page, context } = await openPage(e2e, PHONE);
    try {
      await signInTo(page, SELLER, "/dashboard/seller/add-new-post");
      await page.getByLabel("Product Name").fill(name);
      await page.getByRole("combobox", { name: "Category" }).click();
      await page.getByRole("option", { name: "Books" }).click();
      await page.getByLabel("Price (PKR)").fill("1800");
      await page.getByLabel("Description").fill("Thomas' Calculus, 12th edition, a few pencil notes in chapter 3.");

      const photos = page.getByRole("list", { name: "Product photos" }).getByRole("img");
      for (const [i, color] of ["#e53935", "#43a047", "#1e88e5", "#fdd835"].entries()) {
        await page.locator('input[type="file"]').setInputFiles({ name: `book-${i}.png`, mimeType: "image/png", buffer: await png(color) });
        await expect.poll(() => photos.count()).toBe(i + 1);
        await dismissNotice(page, "Image uploaded successfully");
      }
      const uploaded = await photos.evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src") ?? ""));
      await page.getByRole("button", { name: "Remove photo 2" }).click();
      await page.getByRole("button", { name: "Make photo 3 the main photo" }).click();
      const expected = [uploaded[3], uploaded[0], uploaded[2]].map(pathOf);
      await expect
        .poll(async () => (await photos.evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src") ?? ""))).map(pathOf))
        .toEqual(expected);

      await page.getByRole("button", { name: "Add Product" }).click();
      await page.waitForURL((url) => url.pathname === "/shop");

      const { products } = await gqlOk<{
        products: { items: Array<{ id: string; name: string; color: string | null; images: string[] }> };
      }>(e2e, `query($s: String) { products(filter: { search: $s }) { items { id name color images } } }`, { s: name });
      const listed = products.items.find((p) => p.name === name)!;
      expect(listed.color).toBeNull();
      expect(listed.images.map(pathOf)).toEqual(expected);

      await page.goto(`/shop/${listed.id}`);
      const thumbs = page.getByRole("group", { name: "Pictures" }).getByRole("button");
      await expect.poll(() => thumbs.count()).toBe(3);
      await expect
        .poll(() =>
          page
            .getByRole("img", { name: `${name}, picture 1 of 3` })
            .getAttribute("src")
            .then((src) => pathOf(src ?? "")),
        )
        .toBe(expected[0]);
      await thumbs.nth(2).click();
      await expect
        .poll(() =>
          page
            .getByRole("img", { name: `${name}, picture 3 of 3` })
            .getAttribute("src")
            .then((src) => pathOf(src ?? "")),
        )
        .toBe(expected[2]);
      expect(await page.getByText(/^Colour:/).count()).toBe(0);

      // the edit form starts from the same photos; making the last one main is saved
      await page.goto(`/dashboard/seller/product/${listed.id}`);
      await expect
        .poll(async () => (await photos.evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src") ?? ""))).map(pathOf))
        .toEqual(expected);
      await page.getByRole("button", { name: "Make photo 3 the main photo" }).click();
      await page.getByRole("button", { name: "Update Product" }).click();
      const reordered = [expected[2], expected[0], expected[1]];
      await expect
        .poll(async () => {
          const { product } = await gqlOk<{ product: { images: string[] } }>(e2e, `query($id: ID!) { product(id: $id) { images } }`, {
            id: listed.id,
          });
          return product.images.map(pathOf);
        })
        .toEqual(reordered);
    } finally {
      await context.close();
    }
  });
});
