import type { Browser } from "playwright-core";
import { test } from "vitest";
import { startTestServer } from "../server/src/test/harness";
import { launchChromium, type E2E } from "./harness";

/**
 * The worker's one chromium. Files that bring an app of their own extend `it` (see below), and a
 * derived test API sets its worker fixtures up anew: they all answer this one browser.
 */
let workerBrowser: Promise<Browser> | undefined;

/**
 * `it` for browser tests: `it("...", async ({ e2e }) => ...)`, with the app (`e2e.server`) and
 * chromium (`e2e.browser`). Chromium starts once per worker, for every file the worker runs; each
 * file gets its own app on its own copy of the demo data (database and pictures), started when its
 * first test or `it.beforeAll` asks for `e2e` and closed after its last test, so a file never sees
 * what another file changed. After each test every browser context still open is closed, even
 * when the test failed half-way, so no page of one test runs on beside the next.
 *
 * A file whose app needs its own settings extends `appEnv` (a file fixture, so it may start what
 * the settings name first):
 * `const it = browserTest.extend("appEnv", { scope: "file" }, async () => ({ CORS_ORIGINS: origin }))`.
 */
export const it = test
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern
  .extend("browser", { scope: "worker" }, async ({}, { onCleanup }) => {
    workerBrowser ??= launchChromium();
    onCleanup(async () => {
      const browser = workerBrowser;
      workerBrowser = undefined;
      await (await browser)?.close();
    });
    return workerBrowser;
  })
  .extend("appEnv", { scope: "file" }, {} as Record<string, string>)
  .extend("e2e", { scope: "file" }, async ({ browser, appEnv }, { onCleanup }): Promise<E2E> => {
    const server = await startTestServer({ seed: true, env: appEnv });
    onCleanup(() => server.close());
    return { server, browser };
  })
  .extend("contexts", { auto: true }, ({ browser }, { onCleanup }) => {
    onCleanup(() => Promise.all(browser.contexts().map((context) => context.close())).then(() => undefined));
  });
