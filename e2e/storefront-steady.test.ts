import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { DESKTOP, type E2E, openPage } from "./harness";
import { demoProduct, isPhone, productNames, urlMatches, VIEWPORTS, visible } from "./storefront-helpers";

/** Pages that do not jump while they load, that ask for their data as they start, and the shop's custom price range. */
let e2e: E2E;
it.beforeAll(({ e2e: app }) => {
  e2e = app;
});

type Steadiness = { footerFirstTop: number | null; shift: number };

/**
 * Watches the page from its first paint: where the footer first appeared (relative to the
 * viewport) and the layout shift score (the sum Lighthouse's CLS is made of).
 */
async function watchSteadiness(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { steadiness: Steadiness };
    w.steadiness = { footerFirstTop: null, shift: 0 };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) w.steadiness.shift += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
    new MutationObserver((_, observer) => {
      const footer = document.querySelector("footer");
      if (!footer) return;
      w.steadiness.footerFirstTop = footer.getBoundingClientRect().top;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  // the page's code and data arrive late, as on a slow phone connection: each is held until the page
  // has painted what it had without it, so the fallback shows meanwhile (a navigation under way has
  // nothing painted yet to wait for)
  await page.route(/\/assets\/.*\.js$|\/graphql$/, async (route) => {
    await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted)))).catch(() => undefined);
    await route.continue();
  });
}

const steadiness = (page: Page) => page.evaluate(() => (window as unknown as { steadiness: Steadiness }).steadiness);

for (const [size, viewport] of VIEWPORTS) {
  describe(`steady pages (${size})`, () => {
    it("home, shop and a product page: the footer starts below the fold and nothing shifts as the page arrives", async () => {
      const pages: Array<[string, (page: Page) => Promise<unknown>]> = [
        ["/", (page) => productNames(page, "Trending products")],
        ["/shop", (page) => productNames(page, "Products")],
        ["/shop?category=electronics&color=black", (page) => page.getByRole("link", { name: "Scientific Calculator" }).first().click()],
      ];
      for (const [url, loaded] of pages) {
        const { context, page } = await openPage(e2e, viewport);
        try {
          await watchSteadiness(page);
          await page.goto(url);
          await loaded(page);
          if (url.includes("category")) await visible(page.getByRole("heading", { level: 1, name: "Scientific Calculator" }));
          // let late images and fonts settle
          await page.waitForLoadState("networkidle");
          // the first card's picture is a copy sized for the card (srcset), loaded at once
          if (url !== "/shop?category=electronics&color=black") {
            const first = page.locator("main ul li img").first();
            expect(await first.getAttribute("loading")).toBe("eager");
            expect(await first.getAttribute("fetchpriority")).toBe("high");
            const picked = await first.evaluate((img: HTMLImageElement) => ({ src: img.currentSrc, width: img.naturalWidth }));
            expect(picked.src).toMatch(/-w(200|400|800)\.webp$/);
            expect(picked.width).toBeGreaterThan(0);
          }
          const seen = await steadiness(page);
          expect(seen.footerFirstTop, url).not.toBeNull();
          expect(seen.footerFirstTop!, `${url}: the footer painted inside the first screen`).toBeGreaterThanOrEqual(viewport.height);
          expect(seen.shift, `${url}: layout shift`).toBeLessThan(0.05);
        } finally {
          await context.close();
        }
      }
    });

    for (const [language, dir] of [
      ["en", "ltr"],
      ["ur", "rtl"],
    ] as const)
      it(`the top bar is drawn from the page alone while the app's code is on its way, where the app's own bar then stands (${language}, ${dir})`, async () => {
        const { context, page } = await openPage(e2e, viewport);
        let release = () => {};
        const codeHeld = new Promise<void>((resolve) => (release = resolve));
        try {
          // a reader who chose this language on this device earlier
          await page.addInitScript((choice) => localStorage.setItem("unibazaar.language", choice), language);
          await page.route(/\/assets\/.*\.js$/, async (route) => {
            await codeHeld;
            await route.continue();
          });
          // the app's code runs before the document counts as loaded: wait only for the page itself
          await page.goto("/shop", { waitUntil: "commit" });
          const shell = page.locator(".app-shell");
          await visible(shell);
          expect((await shell.textContent())?.trim()).toBe("UniBazaar");
          // the page is in the reader's language and direction before any of the app's code has run
          expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([language, dir]);
          const shellBar = await shell.boundingBox();
          const shellLogo = await shell.locator("img").boundingBox();

          release();
          const bar = page.getByRole("banner");
          const logo = bar.locator('img[src="/favicon.svg"]');
          await visible(logo);
          await expect.poll(() => shell.count()).toBe(0);
          const appBar = (await bar.boundingBox())!;
          const appLogo = (await logo.boundingBox())!;
          // the same height (the app's bar has its border below its toolbar) and the logo where it was
          expect(Math.abs(appBar.height - shellBar!.height)).toBeLessThanOrEqual(1);
          expect(Math.abs(appLogo.x - shellLogo!.x)).toBeLessThanOrEqual(2);
          expect(Math.abs(appLogo.y - shellLogo!.y)).toBeLessThanOrEqual(2);
          expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([language, dir]);
        } finally {
          release();
          await context.close();
        }
      });

    it("price bands in PKR and a custom minimum-maximum", async () => {
      const { context, page } = await openPage(e2e, viewport);
      try {
        await page.goto("/shop?category=electronics&color=black");
        await expect.poll(() => productNames(page, "Products")).toEqual(["Scientific Calculator"]);
        let scope = page.getByRole("complementary", { name: "Filters" });
        if (isPhone(page)) {
          await page.getByRole("button", { name: /^Filters/ }).click();
          scope = page.getByRole("region", { name: "Filters" });
        }
        // the filters come in a moment after the page (their code and options load on their own)
        await expect
          .poll(() =>
            scope
              .getByRole("radiogroup", { name: "Price range" })
              .getByRole("radio")
              .evaluateAll((radios) => radios.map((r) => r.closest("label")?.textContent?.trim())),
          )
          .toEqual(["All", "Under Rs 1,000", "Rs 1,000 to 5,000", "Rs 5,000 to 20,000", "Rs 20,000 and above"]);

        const custom = scope.getByRole("group", { name: "Custom price range" });
        await custom.getByLabel("Min (Rs)").fill("3000");
        await custom.getByLabel("Max (Rs)").fill("2000");
        await custom.getByRole("button", { name: "Apply price" }).click();
        await visible(custom.getByText("The maximum must be at least the minimum."));
        await urlMatches(page, /^\/shop\?category=electronics&color=black$/);

        await custom.getByLabel("Min (Rs)").fill("2000");
        await custom.getByLabel("Max (Rs)").fill("3000");
        await custom.getByRole("button", { name: "Apply price" }).click();
        await urlMatches(page, /^\/shop\?category=electronics&color=black&price=2000-3000$/);
        if (isPhone(page)) {
          await scope.getByRole("button", { name: /^Show / }).click();
          await scope.waitFor({ state: "hidden" });
        }
        await visible(page.getByRole("group", { name: "Active filters" }).getByText("Rs 2,000 to 3,000"));
        await expect.poll(() => productNames(page, "Products")).toEqual(["Scientific Calculator"]);

        // Rs 2,500 and up leaves the Rs 2,450 calculator out
        await page.goto("/shop?category=electronics&color=black&price=2500-");
        await visible(page.getByText("No products found."));
        await visible(page.getByRole("group", { name: "Active filters" }).getByText("Rs 2,500 and above"));
      } finally {
        await context.close();
      }
    });
  });
}

describe("landing pages", () => {
  it("home, the shop and a product page ask for their data once, while the page's own code is still on its way", async () => {
    const calculator = await demoProduct(e2e, "Scientific Calculator");
    const landings: Array<[string, RegExp, string, (page: Page) => Promise<unknown>]> = [
      ["/", /\/assets\/HomeRoute-[^/]*\.js$/, "TrendingProducts", (page) => productNames(page, "Trending products")],
      ["/shop", /\/assets\/ShopRoutes-[^/]*\.js$/, "ShopProducts", (page) => productNames(page, "Products")],
      [
        `/shop/${calculator.id}`,
        /\/assets\/ProductRoute-[^/]*\.js$/,
        "ProductDetail",
        (page) => visible(page.getByRole("heading", { level: 1, name: "Scientific Calculator" })),
      ],
    ];
    for (const [url, pageCode, operation, shown] of landings) {
      const { context, page } = await openPage(e2e, DESKTOP);
      try {
        const asked: string[] = [];
        page.on("request", (request) => {
          if (request.url().endsWith("/graphql") && request.method() === "POST")
            asked.push((request.postDataJSON() as { operationName: string }).operationName);
        });
        // the page's code is held until its query has gone out: a page that asked only once drawn would never show
        let queried!: () => void;
        const queryAsked = new Promise<void>((resolve) => (queried = resolve));
        page.on("request", (request) => {
          if (request.url().endsWith("/graphql") && (request.postDataJSON() as { operationName: string }).operationName === operation)
            queried();
        });
        await page.route(pageCode, async (route) => {
          await queryAsked;
          await route.continue();
        });
        await page.goto(url);
        await shown(page);
        await page.waitForLoadState("networkidle");
        expect(
          asked.filter((name) => name === operation),
          `${url}: ${operation} asked once`,
        ).toHaveLength(1);
      } finally {
        await context.close();
      }
    }
  });
});
