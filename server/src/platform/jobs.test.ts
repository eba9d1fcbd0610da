import type { DataSource } from "typeorm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/harness";
import { createDataSource } from "./db/data-source";
import { JobQueue } from "./jobs";

declare module "./jobs" {
  interface JobPayloads {
    "test.woken": { n: number };
    "test.alone": { n: number };
  }
}

describe("a job enqueued here", () => {
  let dataSource: DataSource;
  let jobs: JobQueue;
  const ran: number[] = [];
  const alone: Array<{ n: number; inTransaction: boolean }> = [];

  beforeAll(async () => {
    const url = await createTestDatabase();
    dataSource = createDataSource(url, []);
    await dataSource.initialize();
    // a poll far past the test's patience: only a wake-up can start these jobs in time
    jobs = new JobQueue(dataSource, url, { timeoutSeconds: 30, pollSeconds: 600 });
    jobs.define("test.woken", async ({ n }) => {
      ran.push(n);
    });
    jobs.define(
      "test.alone",
      async ({ n }, manager) => {
        alone.push({ n, inTransaction: manager.queryRunner?.isTransactionActive ?? false });
      },
      { ownTransactions: true },
    );
    await jobs.start();
  }, 60_000);
  afterAll(async () => {
    await jobs.stop();
    await dataSource.destroy();
  });

  it("starts when its transaction commits, not at the queue's next poll", async () => {
    await dataSource.transaction(async (manager) => {
      await jobs.enqueue(manager, "test.woken", { n: 1 });
      await jobs.enqueue(manager, "test.woken", { n: 2 });
    });
    await expect.poll(() => [...ran].sort(), { timeout: 10_000 }).toEqual([1, 2]);

    await jobs.enqueue(dataSource.manager, "test.woken", { n: 3 });
    await expect.poll(() => ran.includes(3), { timeout: 10_000 }).toBe(true);
  });

  it("past one batch: a full batch fetches the next at once, so a backlog never waits for the poll", async () => {
    const backlog = Array.from({ length: 120 }, (_, i) => 100 + i);
    await dataSource.transaction(async (manager) => {
      for (const n of backlog) await jobs.enqueue(manager, "test.woken", { n });
    });
    await expect.poll(() => backlog.every((n) => ran.includes(n)), { timeout: 10_000 }).toBe(true);
  });

  it("is not there when its transaction rolls back", async () => {
    await expect(
      dataSource.transaction(async (manager) => {
        await jobs.enqueue(manager, "test.woken", { n: 4 });
        throw new Error("the change fails");
      }),
    ).rejects.toThrow("the change fails");
    await jobs.enqueue(dataSource.manager, "test.woken", { n: 5 });
    await expect.poll(() => ran.includes(5), { timeout: 10_000 }).toBe(true);
    expect(ran).not.toContain(4);
    expect((await jobs.counts()).find((c) => c.name === "test.woken")).toMatchObject({ queued: 0, active: 0 });
  });

  it("with ownTransactions, runs in no transaction of the queue's, and is marked done after its work", async () => {
    await jobs.enqueue(dataSource.manager, "test.alone", { n: 1 });
    await expect.poll(() => alone, { timeout: 10_000 }).toEqual([{ n: 1, inTransaction: false }]);
    await expect
      .poll(
        async () =>
          (await dataSource.query(
            `SELECT count(*)::int AS n FROM job_effects e JOIN pgboss.job j ON j.id::text = e."jobId"::text WHERE j.name = 'test.alone'`,
          )) as unknown,
        { timeout: 10_000 },
      )
      .toEqual([{ n: 1 }]);
  });
});
