import react from "@vitejs/plugin-react";
import { resolve } from "node:path";
import { defaultClientConditions, defineConfig, type Plugin } from "vite";
import { ROUTE_MODULES } from "./scripts/first-load.mjs";

/** The storefront's landing pages (each a lazy route): what one loads beyond the entry comes in a few files. */
const LANDING_PAGES = Object.values(ROUTE_MODULES).map((file) => resolve(__dirname, file));

/** Every non-empty set of landing pages, as bit masks. */
const landingPageSets = () => Array.from({ length: (1 << LANDING_PAGES.length) - 1 }, (_, i) => i + 1);
const popCount = (mask: number) => mask.toString(2).replaceAll("0", "").length;

/**
 * Which landing pages import each module statically, read off the module graph once it is
 * complete (before chunks are made).
 */
function landingPageModules(): { plugin: Plugin; pagesOf: (id: string) => number } {
  const pages = new Map<string, number>();
  const plugin: Plugin = {
    name: "landing-page-modules",
    apply: "build",
    buildEnd() {
      LANDING_PAGES.forEach((page, index) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          pages.set(id, (pages.get(id) ?? 0) | (1 << index));
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
        };
        visit(page);
      });
    },
  };
  // the pages themselves stay chunks of their own: Vite's manifest names them (the server's preload hints)
  return { plugin, pagesOf: (id) => (LANDING_PAGES.includes(id) ? 0 : (pages.get(id) ?? 0)) };
}

/**
 * Two builds into one dist/: the storefront (`vite build`), then the GraphiQL playground for
 * integrators, served at /graphiql (`vite build --mode graphiql`). Apart, the storefront's
 * first-load chunk holds exactly what its entry runs, none of the playground's shared code.
 */
export default defineConfig(({ mode }) => {
  const playground = mode === "graphiql";
  const landing = landingPageModules();
  const firstLoadGroups = [
    { name: "app", tags: ["$initial" as const], priority: LANDING_PAGES.length + 1 },
    // beyond the entry, a module goes with the other modules of exactly the same landing pages;
    // groups shared by more pages first, so that a group's dependencies (shared by at least as
    // many pages) are already placed when it takes its own
    ...landingPageSets().map((pages) => ({
      name: `landing-${pages}`,
      test: (id: string) => landing.pagesOf(id) === pages,
      priority: popCount(pages),
    })),
  ];
  return {
    plugins: playground ? [react()] : [react(), landing.plugin],
    // @unibazaar/rules (shared with the server) is bundled from its TypeScript source
    resolve: { conditions: ["source", ...defaultClientConditions] },
    build: {
      outDir: "dist",
      emptyOutDir: !playground,
      // dist/.vite/manifest.json: the storefront's chunk graph, read by the first-load size guard
      // (scripts/first-load.mjs) and by the server for each page's preload hints
      manifest: !playground,
      // every browser the app supports has <link rel="modulepreload">: no polyfill in the entry
      modulePreload: { polyfill: false },
      rollupOptions: {
        input: resolve(__dirname, playground ? "graphiql.html" : "index.html"),
        output: {
          // what a first visit runs comes in one file rather than ~40: on a phone every extra
          // file is another round trip before the page can paint
          codeSplitting: { groups: playground ? [{ name: "playground", tags: ["$initial"] }] : firstLoadGroups },
        },
      },
    },
    server: {
      proxy: {
        "/graphql": { target: "http://localhost:4000", ws: true },
        "/api": "http://localhost:4000",
        "/uploads": "http://localhost:4000",
      },
    },
  };
});
