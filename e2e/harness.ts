import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { createRequire } from "node:module";
import { AxeBuilder } from "@axe-core/playwright";
import type Axe from "axe-core";
import type { AxeResults } from "axe-core";
import { expect } from "vitest";
import { formatPKR } from "@unibazaar/rules";
import type { TestServer } from "../server/src/test/harness";

/** Debian's full Chromium: what a student runs, for what only it does (finding an app installable). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Debian's headless shell of the same Chromium (package chromium-headless-shell; Blink and V8 as
 * in the full browser, without its windowing), as Playwright runs headless tests by default. It
 * ran the cart and checkout files with a fifth less CPU and wall time than the full browser
 * (88-92 against 112-123 CPU-s as `time` counts them, alternating; docs/architecture.md says how to measure it).
 */
export const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 860 };

/** A file's app (the real app: built web + API, on its own copy of the demo data) and the worker's chromium. */
export type E2E = { server: TestServer; browser: Browser };

/**
 * How long one step (a page to show something, a URL to change, a browser action) may take: room
 * for a 2-core machine at twice its cores' load, where every step takes several times as long.
 */
export const STEP_TIMEOUT = 30_000;

/** Headless Debian chromium's switches, for `browser-test.ts` (one per worker) and files that launch their own. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  // a test's page lives seconds: V8's optimising compilers cost the renderers more than they save
  // (storefront-cart's renderers 29 against 40-45 CPU-s; docs/architecture.md)
  "--js-flags=--no-opt --no-maglev",
];

export const launchChromium = () => chromium.launch({ executablePath: HEADLESS_SHELL, headless: true, args: CHROMIUM_ARGS });

/**
 * A fresh browser profile (own storage) at the given viewport, with the app's base URL. The service
 * worker is blocked unless asked for: requests it makes itself escape `page.route`, which tests use
 * to play the server's answers.
 */
export async function openPage(
  e2e: E2E,
  viewport = DESKTOP,
  options: { serviceWorkers?: "allow" | "block" } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  // reduced motion turns MUI transitions off, so checks and accessibility scans never catch an
  // element half-way through a fade
  const context = await e2e.browser.newContext({
    viewport,
    baseURL: e2e.server.url,
    isMobile: viewport.width < 600,
    hasTouch: viewport.width < 600,
    reducedMotion: "reduce",
    serviceWorkers: options.serviceWorkers ?? "block",
  });
  context.setDefaultTimeout(STEP_TIMEOUT);
  const page = await context.newPage();
  page.on("pageerror", (error) => console.error(`[browser] ${error.message}`));
  return { context, page };
}

/** The axe-core that @axe-core/playwright runs, as source to load into a page. */
const AXE_SOURCE: string = createRequire(createRequire(__filename).resolve("@axe-core/playwright"))("axe-core").source;

/**
 * axe-core scan; returns the serious and critical violations (the ones that fail a test). A page
 * without frames is scanned by axe.run in the page itself, with axe loaded once per document: the
 * builder's way (a partial run per frame, finished on a blank page it opens, axe loaded in both)
 * found the same violations 6 to 8 times slower, some 20 s a scan on a loaded 2-core machine.
 * Only the violations are gathered in full (`resultTypes`); every rule still runs.
 */
export async function seriousA11yViolations(page: Page) {
  let result: AxeResults;
  if (page.frames().length > 1) result = await new AxeBuilder({ page }).analyze();
  else {
    if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
    result = await page.evaluate(() => (window as unknown as { axe: typeof Axe }).axe.run(document, { resultTypes: ["violations"] }));
  }
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
}

/** No serious or critical axe-core violations on the page as it is now. */
export async function expectAccessible(page: Page, where: string) {
  const violations = await seriousA11yViolations(page);
  expect(violations, `${where}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

/** A GraphQL call that must succeed. */
export async function gqlOk<T = any>(e2e: E2E, query: string, variables: Record<string, unknown> | undefined, token?: string): Promise<T> {
  const res = await e2e.server.gql<T>(query, variables, token);
  if (res.errors?.length || !res.data) throw new Error(`GraphQL failed: ${JSON.stringify(res.errors)}`);
  return res.data;
}

/** The app's one money format (shared by web and server), for comparing API numbers with the page. */
export const pkr = (amount: number) => formatPKR(amount);
