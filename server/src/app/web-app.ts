import type { Express } from "express";
import expressStaticGzip from "express-static-gzip";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import path from "node:path";

const WEB_DIST = path.resolve(__dirname, "../../../web/dist");

/**
 * The storefront's landing pages and the page module each loads first (keys of Vite's manifest).
 * index.html names them, so a phone fetches the page's code with the app's instead of after it.
 */
const LANDING_PAGES: Array<{ path: RegExp; module: string }> = [
  { path: /^\/$/, module: "src/app/pages/HomeRoute.tsx" },
  { path: /^\/(shop|search)\/?$|^\/categories\/[^/]+\/?$/, module: "src/app/pages/ShopRoutes.tsx" },
  { path: /^\/shop\/[^/]+\/?$/, module: "src/app/pages/ProductRoute.tsx" },
];

type ManifestChunk = { file: string; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/**
 * The built React app, with client routes falling back to index.html; /graphiql is the playground.
 * `imagesFrom`: the other origin the pictures come from (a CDN before the bucket), if any.
 */
export function serveWebApp(app: Express, { playground, imagesFrom }: { playground: boolean; imagesFrom?: string }) {
  if (!existsSync(WEB_DIST)) return;
  const pages = landingPageHtml(imagesFrom);
  app.get(["/graphiql", "/graphiql.html"], (_req, res, next) => {
    if (!playground) return next("route");
    res.sendFile(path.join(WEB_DIST, "graphiql.html"));
  });
  app.use(/^\/graphiql/, (_req, res) => {
    res.status(404).json({ message: "The GraphQL playground is turned off." });
  });
  // the build's .br and .gz beside each hashed file are sent as they are, the best one the browser
  // takes (the compression middleware leaves an encoded answer alone)
  app.use(
    expressStaticGzip(WEB_DIST, {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      index: false,
      serveStatic: { index: false, maxAge: "1h", setHeaders: immutableAssets },
    }),
  );
  // a file of the app's code that is not here (an old version's, after a deploy) is a plain 404, not
  // the app's page: a browser or service worker would otherwise take that page for the code, and keep it
  app.use("/assets", (_req, res) => void res.status(404).end());
  app.get(/^\/(?!api\/|graphql|uploads\/).*/, (req, res, next) => {
    if (!req.accepts("html")) return next();
    res.setHeader("Cache-Control", "no-cache");
    res.type("html").send(pages(req.path));
  });
}

/**
 * index.html as built, and for each landing page the same with <link rel="modulepreload"> for the
 * page's own files. Read once: the build does not change under a running server. With pictures from
 * another origin, every page asks for a connection to it at once (preconnect): the first picture is
 * then not kept waiting for one after the page's data arrives.
 */
function landingPageHtml(imagesFrom: string | undefined): (pathname: string) => string {
  const built = readFileSync(path.join(WEB_DIST, "index.html"), "utf8");
  const html = imagesFrom ? built.replace("</head>", `<link rel="preconnect" href="${new URL(imagesFrom).origin}"></head>`) : built;
  const manifestFile = path.join(WEB_DIST, ".vite/manifest.json");
  if (!existsSync(manifestFile)) return () => html;
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
  const loadedByEntry = staticFiles(manifest, "index.html");
  const withPreloads = LANDING_PAGES.map(({ path: pattern, module }) => {
    const files = [...staticFiles(manifest, module)].filter((file) => !loadedByEntry.has(file));
    const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join("");
    return { pattern, html: html.replace("</head>", `${links}</head>`) };
  });
  return (pathname) => withPreloads.find((page) => page.pattern.test(pathname))?.html ?? html;
}

/** A chunk's file and those of its static imports, recursively. */
function staticFiles(manifest: Manifest, key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticFiles(manifest, imported, files);
  return files;
}

/**
 * The Content-Security-Policy sources of the scripts written into the built index.html itself (the
 * one that sets the page's language and direction before it paints): each by its SHA-256, so that
 * script runs and no other inline script can.
 */
export function pageScriptSources(): string[] {
  const index = path.join(WEB_DIST, "index.html");
  if (!existsSync(index)) return [];
  return [...readFileSync(index, "utf8").matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`,
  );
}

/** Vite's hashed assets never change under one name; the service worker and manifest are checked on every visit, so a new version is found at once. */
function immutableAssets(res: ServerResponse, filePath: string) {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
  else if (/[\\/](sw\.js|manifest\.webmanifest)$/.test(filePath)) res.setHeader("Cache-Control", "no-cache");
}
