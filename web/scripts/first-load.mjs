// First-load JavaScript of the built storefront, read from web/dist/.vite/manifest.json (vite build
// writes it, `build.manifest` in vite.config.ts): the entry (index.html) with its static imports,
// plus a route's page chunk with its static imports, each file counted once, gzipped (level 9), and
// as the server sends it to a browser that takes brotli (the build's .br beside each file).
// Usage: node web/scripts/first-load.mjs   (after `npm run build -w web`)
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import console from "node:console";
import process from "node:process";

const dist = path.resolve(import.meta.dirname, "../dist");

/** The page chunk each storefront route loads on first visit (keys of the manifest). */
export const ROUTE_MODULES = {
  home: "src/app/pages/HomeRoute.tsx",
  shop: "src/app/pages/ShopRoutes.tsx",
  product: "src/app/pages/ProductRoute.tsx",
};

export function readManifest() {
  return JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
}

/** The JS files a key loads before running: itself and its static imports, recursively (no dynamic imports). */
export function staticClosure(manifest, key, files = new Set()) {
  return [...staticKeys(manifest, key, new Set(), files)].reduce(
    (all, k) => (manifest[k].file.endsWith(".js") ? all.add(manifest[k].file) : all),
    files,
  );
}

/** The manifest keys (source modules of chunks) a key loads before running, itself included. */
export function staticKeys(manifest, key, keys = new Set(), seenFiles = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  keys.add(key);
  for (const imported of chunk.imports ?? []) {
    if (!keys.has(imported) && !seenFiles.has(manifest[imported].file)) staticKeys(manifest, imported, keys, seenFiles);
  }
  return keys;
}

/** Gzipped (level 9) size of a file, as a browser would receive it from a gzipping server. */
export function gzippedSize(absolutePath) {
  return gzipSync(readFileSync(absolutePath), { level: 9 }).length;
}

export function gzippedBytes(file) {
  return gzippedSize(path.join(dist, file));
}

/** What the server sends a browser that takes brotli: the build's .br of the file (vite.config.ts), else its gzip. */
export function brotliBytes(file) {
  const precompressed = path.join(dist, `${file}.br`);
  return existsSync(precompressed) ? statSync(precompressed).size : gzippedBytes(file);
}

/** { entry, home, shop, product }: gzipped bytes, brotli bytes as sent, and file count of what each first load runs. */
export function firstLoad(manifest = readManifest()) {
  const entry = staticClosure(manifest, "index.html");
  const total = (files, size) => [...files].reduce((bytes, f) => bytes + size(f), 0);
  const sum = (files) => ({ bytes: total(files, gzippedBytes), brotli: total(files, brotliBytes), files: files.size });
  const result = { entry: sum(entry) };
  for (const [route, key] of Object.entries(ROUTE_MODULES)) {
    result[route] = sum(staticClosure(manifest, key, new Set(entry)));
  }
  return result;
}

if (process.argv[1] === import.meta.filename) {
  const manifest = readManifest();
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  for (const [name, { bytes, brotli, files }] of Object.entries(firstLoad(manifest))) {
    console.log(`${name.padEnd(8)} ${kb(bytes).padStart(7)} KB gzipped, ${kb(brotli).padStart(7)} KB as sent (brotli), in ${files} files`);
  }
  if (process.argv.includes("--files")) {
    for (const file of staticClosure(manifest, "index.html")) console.log(`  entry ${kb(gzippedBytes(file)).padStart(6)} KB ${file}`);
    for (const [route, key] of Object.entries(ROUTE_MODULES)) {
      const entry = staticClosure(manifest, "index.html");
      for (const file of staticClosure(manifest, key, new Set(entry))) {
        if (!entry.has(file)) console.log(`  ${route} ${kb(gzippedBytes(file)).padStart(6)} KB ${file}`);
      }
    }
  }
}
