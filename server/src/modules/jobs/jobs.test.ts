import { describe, expect } from "vitest";
import { insertProduct } from "../../test/fixtures";
import { codeOf, jobsSettled } from "../../test/harness";
import { it } from "../../test/server-test";

const QUEUES = `{ jobQueues { name queued active failed completed } }`;

describe("the admins' view of the background jobs", () => {
  it("counts each queue's jobs by state: a price drop's alert job is queued, then done", async ({ server, cast }) => {
    const product = await insertProduct(server.dataSource, cast.seller.user.id, { pricePaisa: 500_000 });
    const before = (await server.gql(QUEUES, {}, cast.admin.token)).data.jobQueues as Array<{ name: string; completed: number }>;
    expect(before.map((q) => q.name)).toEqual(expect.arrayContaining(["saved.price-dropped", "saved.sold-out", "uploads.sweep"]));
    const doneBefore = before.find((q) => q.name === "saved.price-dropped")!.completed;

    const cheaper = `mutation ($id: ID!) { updateProduct(id: $id, input: { price: 4000 }) { id } }`;
    expect((await server.gql(cheaper, { id: product.id }, cast.seller.token)).errors).toBeUndefined();
    await jobsSettled(server);
    const after = (await server.gql(QUEUES, {}, cast.admin.token)).data.jobQueues as Array<{ name: string; completed: number }>;
    expect(after.find((q) => q.name === "saved.price-dropped")!.completed).toBe(doneBefore + 1);
  });

  it("lists failed jobs for admins, with a limit from 1 to 100", async ({ server, cast }) => {
    expect((await server.gql(`{ failedJobs { id name attempts error } }`, {}, cast.admin.token)).data.failedJobs).toEqual([]);
    expect(codeOf(await server.gql(`{ failedJobs(limit: 0) { id } }`, {}, cast.admin.token))).toBe("BAD_USER_INPUT");
  });
});
