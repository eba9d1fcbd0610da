import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { type E2E, expectAccessible, gqlOk, openPage, PHONE } from "./harness";
import { openProduct, visible } from "./storefront-helpers";
import { pictureFor, viewsFor } from "../server/src/app/seed/illustrations";

/** The product page's pictures: demo pictures drawn per item, thumbnails, and the zoom dialog. */
let e2e: E2E;
it.beforeAll(({ e2e: app }) => {
  e2e = app;
});

// a laptop accessory: its drawing has a close-up, so its page has two pictures
const NAME = "Laptop Cooling Pad";
const BOOK = "Organic Chemistry Notes";

describe("product gallery (390 px)", () => {
  it("every demo listing has its picture; those whose drawing has a close-up (screen, fabric, stone) two, served as WebP", async () => {
    const { products } = await gqlOk<{ products: { items: Array<{ name: string; category: string; image: string; images: string[] }> } }>(
      e2e,
      `{ products(pageSize: 50) { items { name category image images } } }`,
      undefined,
    );
    expect(products.items.length).toBeGreaterThan(10);
    for (const product of products.items) {
      const closeUp = viewsFor(pictureFor(product.name)) === 2;
      expect(product.images, product.name).toHaveLength(closeUp ? 2 : 1);
      expect(product.images[0], product.name).toBe(product.image);
      if (closeUp) expect(product.images[1]).not.toBe(product.images[0]);
    }
    const served = await fetch(products.items.find((p) => p.images.length === 2)!.images[1]);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
  });

  it("thumbnails switch the picture; the zoom dialog opens, changes picture with arrows and buttons, zooms on a tap and closes with Escape", async () => {
    const { context, page } = await openPage(e2e, PHONE);
    try {
      await openProduct(page, NAME);
      const main = page.getByRole("button", { name: /^Zoom in on picture \d of 2$/ });
      await visible(main);
      expect(await main.getAttribute("aria-label")).toBe("Zoom in on picture 1 of 2");
      const first = await main.locator("img").getAttribute("src");
      expect(await main.locator("img").getAttribute("fetchpriority")).toBe("high");

      // thumbnails: a click, then the arrow keys
      const thumbs = page.getByRole("group", { name: "Pictures" }).getByRole("button");
      expect(await thumbs.count()).toBe(2);
      await page.getByRole("button", { name: "Show picture 2 of 2" }).click();
      await expect.poll(() => main.getAttribute("aria-label")).toBe("Zoom in on picture 2 of 2");
      expect(await main.locator("img").getAttribute("src")).not.toBe(first);
      expect(await page.getByRole("button", { name: "Show picture 2 of 2" }).getAttribute("aria-pressed")).toBe("true");
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => main.getAttribute("aria-label")).toBe("Zoom in on picture 1 of 2");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Show picture 1 of 2");
      await expectAccessible(page, "product page with gallery");

      // the zoom dialog, full screen on a phone
      await main.click();
      const dialog = page.getByRole("dialog", { name: new RegExp(NAME) });
      await visible(dialog);
      await visible(dialog.getByText("1 / 2"));
      const box = await dialog.boundingBox();
      expect(box?.width).toBe(PHONE.width);
      const big = dialog.getByRole("img", { name: `${NAME}, picture 1 of 2` });
      await visible(big);
      await dialog.getByRole("button", { name: "Next picture" }).click();
      await visible(dialog.getByRole("img", { name: `${NAME}, picture 2 of 2` }));
      await page.keyboard.press("ArrowLeft");
      await visible(dialog.getByRole("img", { name: `${NAME}, picture 1 of 2` }));
      await dialog.getByRole("button", { name: "Previous picture" }).click();
      await visible(dialog.getByText("2 / 2"));

      // a swipe to the left shows the next picture (wrapping round to the first)
      const area = await dialog.getByRole("button", { name: "Zoom in" }).boundingBox();
      const y = area!.y + area!.height / 2;
      await page.mouse.move(area!.x + area!.width * 0.8, y);
      await page.mouse.down();
      await page.mouse.move(area!.x + area!.width * 0.2, y, { steps: 5 });
      await page.mouse.up();
      await visible(dialog.getByText("1 / 2"));
      expect(await dialog.getByRole("button", { name: "Zoom out" }).count()).toBe(0);

      // a tap zooms in where it was made; another zooms out
      await dialog.getByRole("button", { name: "Zoom in" }).click();
      const zoomOut = dialog.getByRole("button", { name: "Zoom out" });
      await visible(zoomOut);
      expect(await zoomOut.locator("img").evaluate((img) => getComputedStyle(img).transform)).not.toBe("none");
      await zoomOut.click();
      await visible(dialog.getByRole("button", { name: "Zoom in" }));
      await expectAccessible(page, "zoom dialog");

      await page.keyboard.press("Escape");
      await expect.poll(() => dialog.count()).toBe(0);
      // the gallery shows the picture last seen in the dialog
      expect(await main.getAttribute("aria-label")).toBe("Zoom in on picture 1 of 2");

      // a listing with one picture: no thumbnails, still zooms
      await openProduct(page, BOOK);
      await visible(page.getByRole("button", { name: "Zoom in on the picture" }));
      expect(await page.getByRole("group", { name: "Pictures" }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
