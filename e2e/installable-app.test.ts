import express from "express";
import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "playwright-core";
import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { BUYER, tokenFor } from "./dashboard-helpers";
import { CHROMIUM, CHROMIUM_ARGS, type E2E, gqlOk, openPage, PHONE } from "./harness";
import { logIn, visible } from "./storefront-helpers";

/**
 * The installable app on a phone: the manifest and service worker are served and Chromium finds
 * the app installable; after one visit, with the network gone, the app shell still opens and shows
 * the saved items and the last conversations from what the device kept; a new version reaches an
 * open tab without breaking it.
 */
let e2e: E2E;
let buyerToken = "";
let saved = { id: "", name: "" };
let asked = { id: "", name: "" };

it.beforeAll(async ({ e2e: app }) => {
  e2e = app;
  buyerToken = await tokenFor(e2e, BUYER);
  const { products } = await gqlOk<{ products: { items: Array<{ id: string; name: string }> } }>(
    e2e,
    `{ products(pageSize: 2) { items { id name } } }`,
    undefined,
  );
  [saved, asked] = products.items;
  await gqlOk(e2e, `mutation ($id: ID!) { saveProduct(productId: $id) }`, { id: saved.id }, buyerToken);
  const { startConversation } = await gqlOk<{ startConversation: { id: string } }>(
    e2e,
    `mutation ($id: ID!) { startConversation(productId: $id) { id } }`,
    { id: asked.id },
    buyerToken,
  );
  await gqlOk(
    e2e,
    `mutation ($id: ID!) { sendMessage(conversationId: $id, body: "Is this still available?") { id } }`,
    { id: startConversation.id },
    buyerToken,
  );
});

describe("installable app at 390 px", () => {
  it("serves a manifest with the required fields and icons, and Chromium finds the app installable", async () => {
    // a profile on disk: Chromium never offers to install from an incognito-like context
    const profile = await mkdtemp(path.join(tmpdir(), "unibazaar-profile-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: PHONE,
      baseURL: e2e.server.url,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    try {
      await page.goto("/");
      const href = await page.locator('link[rel="manifest"]').getAttribute("href");
      const response = await page.request.get(href!);
      expect(response.headers()["content-type"]).toMatch(/application\/manifest\+json/);
      const manifest = (await response.json()) as Record<string, unknown> & {
        icons: Array<{ src: string; sizes: string; purpose: string }>;
      };
      expect(manifest).toMatchObject({ name: expect.any(String), short_name: "UniBazaar", start_url: "/", display: "standalone" });
      expect(manifest.theme_color).toBe(await page.locator('meta[name="theme-color"]').getAttribute("content"));
      for (const [size, purpose] of [
        ["192x192", "any"],
        ["512x512", "any"],
        ["512x512", "maskable"],
      ]) {
        const icon = manifest.icons.find((i) => i.sizes === size && i.purpose === purpose);
        expect(icon, `${size} ${purpose} icon`).toBeDefined();
        const image = await page.request.get(icon!.src);
        expect(image.headers()["content-type"]).toBe("image/png");
      }
      const worker = await page.request.get("/sw.js");
      expect(worker.headers()["cache-control"]).toBe("no-cache");

      // the worker registers after load and takes the page over
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: unknown[] };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });

  it("after a visit, offline, still shows the saved items and the last conversations", async () => {
    const { page, context } = await openPage(e2e, PHONE, { serviceWorkers: "allow" });
    try {
      await logIn(page, BUYER);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined);
      await page.goto("/saved");
      const savedList = page.getByRole("list", { name: "Saved items" });
      await visible(savedList.getByRole("link", { name: saved.name, exact: true }));
      await page.goto("/messages");
      const inbox = page.getByRole("list", { name: "Conversations" });
      await visible(inbox.getByText(asked.name));

      await context.setOffline(true);
      // what the server says now cannot reach the phone: it shows the copy it kept
      await gqlOk(e2e, `mutation ($id: ID!) { unsaveProduct(productId: $id) }`, { id: saved.id }, buyerToken);

      await page.reload();
      await visible(page.getByRole("status").filter({ hasText: "You are offline" }));
      await visible(page.getByRole("list", { name: "Conversations" }).getByText(asked.name));
      await page.goto("/saved");
      await visible(page.getByRole("list", { name: "Saved items" }).getByRole("link", { name: saved.name, exact: true }));

      // a page the shell does not serve gets the offline page
      await page.goto("/pay/anything");
      await visible(page.getByRole("heading", { level: 1, name: "You are offline" }));
    } finally {
      await context.close();
    }
  });
});

const WEB_DIST = path.resolve(__dirname, "../web/dist");

/**
 * Another version of the built app, as a deploy leaves it: every file under assets/ under a new
 * name (the old names are gone from the server), index.html and the service worker naming the new
 * ones.
 */
async function buildVersion(tag: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `unibazaar-${tag}-`));
  await cp(WEB_DIST, dir, { recursive: true });
  const renamed = new Map<string, string>();
  for (const file of await readdir(path.join(dir, "assets"))) {
    const next = file.replace(/(\.\w+)$/, `-${tag}$1`);
    renamed.set(file, next);
    await rename(path.join(dir, "assets", file), path.join(dir, "assets", next));
  }
  const texts = ["index.html", "sw.js", ...[...renamed.values()].filter((f) => /\.(js|css)$/.test(f)).map((f) => `assets/${f}`)];
  for (const file of texts) {
    let text = await readFile(path.join(dir, file), "utf8");
    for (const [from, to] of renamed) text = text.replaceAll(from, to);
    // the shell's own revision moves with it, as the build computes it from index.html
    if (file === "sw.js") text = text.replace(/"revision":"(\w+)","url":"index.html"/, `"revision":"$1${tag}","url":"index.html"`);
    await writeFile(path.join(dir, file), text);
  }
  return dir;
}

/**
 * The site as a phone sees it: the app's files from the deployed build (`deploy` switches it, as
 * a release does), everything else (GraphQL, REST, pictures) from the test server.
 */
async function site(apiUrl: string) {
  let dist = WEB_DIST;
  const app = express();
  app.use((req, res, next) =>
    express.static(dist, {
      index: false,
      setHeaders: (r, file) => void (file.endsWith("sw.js") && r.setHeader("Cache-Control", "no-cache")),
    })(req, res, next),
  );
  app.get(/^\/(?!api\/|graphql|uploads\/|assets\/).*/, (req, res, next) =>
    req.accepts("html") ? res.sendFile(path.join(dist, "index.html")) : next(),
  );
  app.use((req, res) => {
    const upstream = http.request(new URL(req.originalUrl, apiUrl), { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deploy: (version: string) => void (dist = version),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * Notes in the tab's session storage what the student would have seen while the tab moved on: the
 * app's root left empty after it had drawn (a blank screen) or the error page.
 */
const watchForBlankOrErrorScreen = (page: Page) =>
  page.addInitScript(() =>
    document.addEventListener("DOMContentLoaded", () => {
      const root = document.getElementById("root")!;
      let drawn = false;
      new MutationObserver(() => {
        if (root.childElementCount > 0) drawn = true;
        else if (drawn) sessionStorage.setItem("seen.blank", location.pathname);
        const error = root.querySelector('[role="alert"] h1')?.textContent;
        if (error) sessionStorage.setItem("seen.error", `${location.pathname}: ${error}`);
      }).observe(root, { childList: true, subtree: true });
    }),
  );
const seenBlankOrError = (page: Page) =>
  page.evaluate(() => ({ blank: sessionStorage.getItem("seen.blank"), error: sessionStorage.getItem("seen.error") }));

/** The entry file the page runs: which version of the app it is on. */
const runningEntry = (page: Page) => page.evaluate(() => document.querySelector<HTMLScriptElement>("script[type=module]")!.src);
const entryOf = async (dist: string) => (await readFile(path.join(dist, "index.html"), "utf8")).match(/\/assets\/index-[\w-]+\.js/)![0];
/** The browser's own check for a new service worker (made on navigations, and here at once). */
const checkForUpdate = (page: Page) => page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r!.update()));

describe("a new version", () => {
  it("reaches an open tab: the repeat visit's shell comes from the service worker, the tab is offered the update and a page of the old version still opens", async () => {
    const versions = { b: await buildVersion("b"), c: await buildVersion("c"), d: await buildVersion("d") };
    const deployed = await site(e2e.server.url);
    const { page, context } = await openPage({ ...e2e, server: { ...e2e.server, url: deployed.url } }, PHONE, { serviceWorkers: "allow" });
    try {
      await watchForBlankOrErrorScreen(page);
      await page.goto("/");
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined);
      const shell = new Map<string, boolean>();
      page.on("response", (r) => shell.set(new URL(r.url()).pathname, r.fromServiceWorker()));
      // settled: the page has registered its worker (after load) before a new version goes out
      await page.reload({ waitUntil: "networkidle" });
      const entryA = await entryOf(WEB_DIST);
      expect(await runningEntry(page)).toContain(entryA);
      expect(shell.get("/"), "the page itself").toBe(true);
      expect(shell.get(entryA), "the app's code").toBe(true);

      // version B goes out: the open tab is asked, and after yes it runs B
      deployed.deploy(versions.b);
      await checkForUpdate(page);
      const offer = page.getByRole("alert").filter({ hasText: "A new version of UniBazaar is ready." });
      await visible(offer);
      await Promise.all([page.waitForEvent("load"), offer.getByRole("button", { name: "Reload" }).click()]);
      expect(await runningEntry(page)).toContain(await entryOf(versions.b));

      // version C goes out and the student has not answered yet: a lazily loaded page whose code B
      // had but the server no longer has still opens, on C, with the page's placeholder meanwhile
      deployed.deploy(versions.c);
      await checkForUpdate(page);
      await visible(offer);
      // (from the keyboard: the offer at the bottom of the screen may cover the footer link)
      await page.getByRole("link", { name: "About Us" }).press("Enter");
      await visible(page.getByRole("heading", { level: 1, name: "About Us" }));
      expect(await runningEntry(page)).toContain(await entryOf(versions.c));

      // version D goes out and the tab has not heard of it: a page whose code C had but the server
      // no longer has still opens, on D (the tab asks for the new version itself)
      deployed.deploy(versions.d);
      await page.getByRole("link", { name: "Contact", exact: true }).press("Enter");
      await visible(page.getByRole("heading", { level: 1, name: "Contact support" }));
      expect(await runningEntry(page)).toContain(await entryOf(versions.d));
      expect(await seenBlankOrError(page)).toEqual({ blank: null, error: null });
    } finally {
      await context.close();
      await deployed.close();
      await Promise.all(Object.values(versions).map((dir) => rm(dir, { recursive: true, force: true })));
    }
  });
});
