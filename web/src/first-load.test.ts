import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { firstLoad, readManifest, ROUTE_MODULES, staticClosure, staticKeys } from "../scripts/first-load.mjs";

/**
 * First-load JavaScript of the built storefront (`npm run build -w web` first; `npm test` does):
 * gzipped bytes of the entry and the route's page chunk with all their static imports.
 *
 * The phone target: at most 225 KB on each landing page (see docs/benchmarks-web.md for today's sizes).
 */
const LIMIT_KB = { home: 225, shop: 225, product: 225 };
/** On a phone every file is another round trip: the entry is one file, a landing page adds a few. */
const MAX_FILES = 6;

describe("first-load JavaScript (built web/dist)", () => {
  let sizes: ReturnType<typeof firstLoad>;
  beforeAll(() => {
    if (!existsSync(path.resolve(__dirname, "../dist/.vite/manifest.json")))
      throw new Error("web/dist/.vite/manifest.json is missing: run `npm run build -w web` before this test");
    sizes = firstLoad();
  });

  for (const route of Object.keys(LIMIT_KB) as Array<keyof typeof LIMIT_KB>) {
    it(`${route}: at most ${LIMIT_KB[route]} KB gzipped`, () => {
      const kb = sizes[route].bytes / 1024;
      expect(kb, `${route} first load is ${kb.toFixed(1)} KB`).toBeLessThanOrEqual(LIMIT_KB[route]);
      expect(sizes[route].files, `${route} first load files`).toBeLessThanOrEqual(MAX_FILES);
    });
  }

  it("has every file of a first load compressed by the build (brotli and gzip beside it), brotli the smaller", () => {
    const manifest = readManifest();
    for (const route of Object.values(ROUTE_MODULES))
      for (const file of staticClosure(manifest, route, staticClosure(manifest, "index.html"))) {
        for (const ext of [".br", ".gz"]) expect(existsSync(path.resolve(__dirname, "../dist", file + ext)), file + ext).toBe(true);
      }
    for (const route of Object.keys(LIMIT_KB) as Array<keyof typeof LIMIT_KB>)
      expect(sizes[route].brotli, route).toBeLessThan(sizes[route].bytes * 0.9);
  });

  it("keeps what only opens on demand out of the first load (pop-ups, forms, the socket client, the service worker, GraphiQL, dashboards, the footer)", () => {
    const manifest = readManifest();
    const onDemand = [
      "src/app/CartPanelDrawer.tsx",
      "src/app/layout/NavMenus.tsx",
      "src/components/NoticeSnackbar.tsx",
      "src/lib/apollo-socket.ts",
      // workbox-window: the service worker registers after the page has loaded
      "src/app/pwa/register.ts",
      "src/app/pwa/AppPrompts.tsx",
      "src/features/product/ZoomDialog.tsx",
      "src/features/product/ReviewDialog.tsx",
      "src/features/checkout/CheckoutPanel.tsx",
      "src/app/layout/DashboardLayout.tsx",
      // below the fold on every page
      "src/app/layout/Footer.tsx",
    ];
    for (const key of onDemand) expect(manifest[key]?.isDynamicEntry ?? manifest[key]?.isEntry, key).toBe(true);
    for (const route of Object.values(ROUTE_MODULES)) {
      const loaded = staticKeys(manifest, "index.html", staticKeys(manifest, route));
      for (const key of onDemand) expect(loaded.has(key), `${route} loads ${key} at once`).toBe(false);
    }
    // GraphiQL is a build of its own: none of its code rides along with the storefront's
    expect(existsSync(path.resolve(__dirname, "../dist/graphiql.html"))).toBe(true);
    for (const route of Object.values(ROUTE_MODULES))
      for (const file of staticClosure(manifest, route, staticClosure(manifest, "index.html")))
        expect(readFileSync(path.resolve(__dirname, "../dist", file), "utf8"), file).not.toContain("graphiql-container");
  });
});
