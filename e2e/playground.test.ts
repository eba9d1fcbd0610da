import { describe, expect } from "vitest";
import { it } from "./browser-test";
import { startTestServer } from "../server/src/test/harness";
import { openPage, type E2E } from "./harness";

let e2e: E2E;
it.beforeAll(({ e2e: app }) => {
  e2e = app;
});

describe("GraphiQL playground for integrators", () => {
  it("loads from our own bundle, offline, and runs the example query against the API", async () => {
    const { page } = await openPage(e2e);
    const foreign: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (!["localhost", "127.0.0.1"].includes(url.hostname) && url.protocol.startsWith("http")) foreign.push(request.url());
    });
    await page.goto("/graphiql");
    // the editors are ready once the example query is rendered in them
    await page.getByText('"calculater"').first().waitFor();
    const answer = page.waitForResponse(
      (response) => response.url().endsWith("/graphql") && response.request().postData()?.includes("calculater") === true,
    );
    await page.getByRole("button", { name: /execute query/i }).click();
    expect((await (await answer).json()).data.products.items[0].name).toBe("Scientific Calculator");
    // the result pane shows the typo-tolerant search finding the calculator
    await expect.poll(() => page.getByText('"Scientific Calculator"').count()).toBeGreaterThan(0);
    expect(foreign).toEqual([]);
  });

  it("is refused when turned off by configuration", async () => {
    const server = await startTestServer({ env: { GRAPHQL_PLAYGROUND: "false" } });
    try {
      const res = await fetch(`${server.url}/graphiql`);
      expect(res.status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
