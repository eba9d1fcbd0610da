import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUYER, tokenFor } from "./dashboard-helpers";
import { CHROMIUM, type E2E, gqlOk, openPage, PHONE, startE2E } from "./harness";
import { logIn, visible } from "./storefront-helpers";

/**
 * The installable app on a phone: the manifest and service worker are served and Chromium finds
 * the app installable; after one visit, with the network gone, the app shell still opens and shows
 * the saved items and the last conversations from what the device kept.
 */
let e2e: E2E;
let buyerToken = "";
let saved = { id: "", name: "" };
let asked = { id: "", name: "" };

beforeAll(async () => {
  e2e = await startE2E();
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
afterAll(async () => {
  await e2e?.close();
});

describe("installable app at 390 px", () => {
  it("serves a manifest with the required fields and icons, and Chromium finds the app installable", async () => {
    // a profile on disk: Chromium never offers to install from an incognito-like context
    const profile = await mkdtemp(path.join(tmpdir(), "unibazaar-profile-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update"],
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
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
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
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
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
