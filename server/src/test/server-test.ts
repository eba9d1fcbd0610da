import { test } from "vitest";
import { signUpCast } from "./fixtures";
import { startTestServer } from "./harness";

/**
 * `it` with one test server and the usual cast (two sellers, two buyers, an admin) per test file:
 * `it("...", async ({ server, cast: { seller, buyer } }) => ...)`. The server starts when the file's
 * first test asks for it and closes after the file's last test.
 */
export const it = test
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern
  .extend("server", { scope: "file" }, async ({}, { onCleanup }) => {
    const server = await startTestServer();
    onCleanup(() => server.close());
    return server;
  })
  .extend("cast", { scope: "file" }, ({ server }) => signUpCast(server));
