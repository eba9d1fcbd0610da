import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness";
import { DEMO_PASSWORD } from "./seed";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(() => server.close());

it("seeds one open report of a listing, waiting in the admin's moderation queue", async () => {
  const { token } = await server.services.auth.login({ email: "admin@unibazaar.pk", password: DEMO_PASSWORD }, "10.9.9.9");
  const queue = await server.gql(
    `{ moderationQueue { totalItems items { targetKind reportCount listing { name } user { username } reports { reason reporterName } } } }`,
    {},
    token,
  );
  expect(queue.data.moderationQueue.totalItems).toBe(1);
  expect(queue.data.moderationQueue.items[0]).toMatchObject({
    targetKind: "LISTING",
    reportCount: 1,
    user: { username: "campus_corner" },
    reports: [{ reason: "MISLEADING", reporterName: "zainab" }],
  });
});
