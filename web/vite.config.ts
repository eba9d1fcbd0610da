import react from "@vitejs/plugin-react";
import { readFileSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { defaultClientConditions, defineConfig, type Plugin } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { constants as zlib } from "node:zlib";
import { VitePWA } from "vite-plugin-pwa";
import type { ManifestTransform } from "workbox-build";
import { readManifest, ROUTE_MODULES, staticClosure } from "./scripts/first-load.mjs";

/** The storefront's landing pages (each a lazy route): what one loads beyond the entry comes in a few files. */
const LANDING_PAGES = Object.values(ROUTE_MODULES).map((file) => resolve(__dirname, file));

const PACKAGE_INDEX = /node_modules\/.+\/index\.m?js$/;

/** Every non-empty set of landing pages, as bit masks. */
const landingPageSets = () => Array.from({ length: (1 << LANDING_PAGES.length) - 1 }, (_, i) => i + 1);
const popCount = (mask: number) => mask.toString(2).replaceAll("0", "").length;

/**
 * Which landing pages import each module statically, read off the module graph once it is
 * complete (before chunks are made). The walk stops at a package's index module: it re-exports the
 * whole package (`@mui/material/styles` reaches every input's code, `@apollo/client/react` every
 * hook), which would put code no landing page runs into a chunk all of them load. What a page
 * really uses behind an index still lands in its chunk: a group's chunk takes the modules its
 * modules need, after tree-shaking.
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
          if (PACKAGE_INDEX.test(id)) return;
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
 * graphql-codegen writes every document into one module (src/generated/graphql.ts) and every hook
 * into another (hooks.ts); a module goes whole into one chunk, so the entry carried the documents
 * and hooks of every page. At build, each document and hook becomes a module of its own and the
 * app's imports of them are pointed there, so each travels with the code that uses it.
 */
function generatedModules(): Plugin {
  const generated = resolve(__dirname, "src/generated");
  const prefix = "\0generated:";
  const values = new Map<string, string>(); // exported name -> its module's JavaScript
  return {
    name: "generated-modules",
    apply: "build",
    enforce: "pre",
    buildStart() {
      const documents = readFileSync(resolve(generated, "graphql.ts"), "utf8");
      for (const [, name, ast] of documents.matchAll(/^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*>;$/gm))
        values.set(name, `export const ${name} = ${ast};`);
      const hooks = readFileSync(resolve(generated, "hooks.ts"), "utf8");
      const hook = /^export function (\w+)\(options\??: [^\n]*?( = \{\})?\) \{\n {2}return (use\w+)\((\w+), options\);\n\}$/gm;
      for (const [, name, optional = "", apolloHook, document] of hooks.matchAll(hook)) {
        const body = `export function ${name}(options${optional}) { return ${apolloHook}(${document}, options); }`;
        values.set(
          name,
          `import { ${apolloHook} } from "@apollo/client/react"; import { ${document} } from "${prefix}${document}"; ${body}`,
        );
      }
    },
    transform(code, id) {
      if (!id.startsWith(resolve(__dirname, "src")) || id.startsWith(generated)) return;
      return code.replace(/import \{([^}]*)\} from "([./]+generated\/(?:graphql|hooks))";/g, (statement, names: string, from: string) => {
        if (resolve(dirname(id), from).replace(/\/(graphql|hooks)$/, "") !== generated) return statement;
        const specifiers = names
          .split(",")
          .map((n) => n.trim().replace(/^type /, ""))
          .filter(Boolean);
        const types = specifiers.filter((name) => !values.has(name));
        const imports = specifiers.filter((name) => values.has(name)).map((name) => `import { ${name} } from "${prefix}${name}";`);
        return [...(types.length ? [`import type { ${types.join(", ")} } from "${from}";`] : []), ...imports].join("\n");
      });
    },
    resolveId: (id) => (id.startsWith(prefix) ? id : undefined),
    load: (id) => (id.startsWith(prefix) ? values.get(id.slice(prefix.length)) : undefined),
  };
}

/**
 * MUI's CSS-variables theme (CssVarsProvider, `createTheme({ cssVariables: true })`, extendTheme)
 * is chosen at run time, so its code rides in every first load although the app's theme
 * (src/lib/theme.ts) uses none of it. The build swaps those two modules for ones that fail loudly
 * if anything ever asks for them.
 */
function withoutCssVariablesTheme(): Plugin {
  const unused = 'throw new Error("MUI\'s CSS-variables theme is left out of this build (web/vite.config.ts)");';
  const stubs: Record<string, string> = {
    "/@mui/material/styles/createThemeWithVars.mjs": `export default function createThemeWithVars() { ${unused} }
export function createGetCssVar() { ${unused} }`,
    "/@mui/material/styles/ThemeProviderWithVars.mjs": `export function CssVarsProvider() { ${unused} }
export function useColorScheme() { ${unused} }
export function getInitColorSchemeScript() { ${unused} }
export function Experimental_CssVarsProvider() { ${unused} }`,
  };
  return {
    name: "without-css-variables-theme",
    apply: "build",
    load: (id) => Object.entries(stubs).find(([path]) => id.endsWith(path))?.[1],
  };
}

/**
 * The installable app: the web app manifest, and the service worker (src/sw.ts) with the app shell
 * precached: index.html, the entry, the landing pages' code, the footer, the catalogues, the icons, the offline page and the
 * update prompt. Other pages' code is cached as it is used. The page registers the worker itself
 * after load (app/pwa/), so it adds nothing to the first load.
 */
/**
 * Shell modules precached with every file they import, read off Vite's manifest (a file-name
 * pattern would miss their imports): the footer, on every page, and the page's side of the worker
 * (registration, moving to a new version, the update prompt). A tab keeps its footer, and finds and
 * takes a new version, even after the server has dropped its own version's files.
 */
const PRECACHED_WITH_IMPORTS = ["src/app/layout/Footer.tsx", "src/app/pwa/register.ts", "src/app/pwa/AppPrompts.tsx"];
const withShellImports: ManifestTransform = (entries) => {
  const manifest = readManifest();
  const listed = new Set(entries.map((entry) => entry.url));
  const files = PRECACHED_WITH_IMPORTS.flatMap((key) => [...staticClosure(manifest, key)]).filter((file) => !listed.has(file));
  const added = [...new Set(files)].map((url) => ({ url, revision: null, size: statSync(resolve(__dirname, "dist", url)).size }));
  return { manifest: [...entries, ...added] };
};

const installableApp = () =>
  VitePWA({
    strategies: "injectManifest",
    srcDir: "src",
    filename: "sw.ts",
    injectRegister: false,
    registerType: "prompt",
    injectManifest: {
      globPatterns: [
        "index.html",
        "offline.html",
        "favicon.svg",
        "assets/index-*.{js,css}",
        "assets/landing-*.js",
        "assets/*Route*.js",
        // every catalogue: an open tab keeps its words after a new version goes out
        "assets/locale-*.js",
      ],
      manifestTransforms: [withShellImports],
    },
    manifest: {
      name: "UniBazaar: student marketplace",
      short_name: "UniBazaar",
      description: "Buy and sell with fellow university students across Pakistan.",
      id: "/",
      start_url: "/",
      scope: "/",
      display: "standalone",
      orientation: "portrait",
      theme_color: "#0b5d4b",
      background_color: "#f7f8fa",
      categories: ["shopping", "education"],
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
        { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    },
  });

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
  // the hashed files written once, compressed once, at their smallest (brotli 11, gzip 9) beside
  // each file, for the server to send as they are: 14 % fewer bytes on a phone than gzip, and no
  // compressing on every request
  const precompressed = compression({
    include: /assets\/[^/]+\.(js|css|svg)$/,
    // the playground (monaco, 4 MB, for integrators on a desktop) at brotli 9: 7 % larger than at 11,
    // compressed in 0.7 s instead of 7.7 (its build 6 s instead of 19)
    ...(playground && {
      algorithms: ["gzip", defineAlgorithm("brotliCompress", { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } })],
    }),
  });
  return {
    plugins: playground
      ? [react(), precompressed]
      : [react(), generatedModules(), withoutCssVariablesTheme(), landing.plugin, installableApp(), precompressed],
    // @unibazaar/rules (shared with the server) is bundled from its TypeScript source; rxjs (under
    // Apollo Client) from its ES2015 build, whose native classes need none of tslib's ES5 helpers
    resolve: { conditions: ["source", "es2015", ...defaultClientConditions] },
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
          // catalogues by language and namespace (locale-ur-shop-…js): the service worker precaches them
          chunkFileNames: (chunk) => {
            const catalogue = chunk.facadeModuleId?.match(/\/src\/locales\/(\w+)\/(\w+)\.json$/);
            return catalogue ? `assets/locale-${catalogue[1]}-${catalogue[2]}-[hash].js` : "assets/[name]-[hash].js";
          },
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
