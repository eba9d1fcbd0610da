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

it("seeds saved searches with alerts and open wanted posts on the board", async () => {
  const { token } = await server.services.auth.login({ email: "fatima@student.pk", password: DEMO_PASSWORD }, "10.9.9.8");
  const answer = await server.gql(`{ savedSearches { name alert emailDigest } wantedPosts { totalItems items { title } } }`, {}, token);
  expect(answer.errors).toBeUndefined();
  expect(answer.data.savedSearches).toHaveLength(2);
  expect(answer.data.savedSearches).toContainEqual(expect.objectContaining({ name: expect.stringContaining('"calculator"'), alert: true }));
  expect(answer.data.wantedPosts.totalItems).toBe(3);
  expect(answer.data.wantedPosts.items.map((p: { title: string }) => p.title)).toContain("Casio fx-991ES");
});
