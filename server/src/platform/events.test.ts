import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DataSource } from "typeorm";
import { createTestDatabase } from "../test/harness";
import { createDataSource } from "./db/data-source";
import { EventBus } from "./events";

declare module "./events" {
  interface DomainEvents {
    "test.happened": { id: number };
  }
}

describe("the domain event bus", () => {
  let dataSource: DataSource;
  const rows = async () => (await dataSource.query<Array<{ id: number }>>("SELECT id FROM bus_test ORDER BY id")).map((r) => r.id);

  beforeAll(async () => {
    dataSource = createDataSource(await createTestDatabase(), []);
    await dataSource.initialize();
    await dataSource.query("CREATE TABLE bus_test (id int PRIMARY KEY)");
  });
  afterAll(() => dataSource.destroy());

  it("runs in-transaction subscribers on the publisher's connection and reactions after the commit, in that order", async () => {
    const failures: string[] = [];
    const bus = new EventBus((_error, event) => failures.push(event));
    const seen: string[] = [];
    bus.onInTransaction("test.happened", async ({ id }, manager) => {
      await manager.query("INSERT INTO bus_test (id) VALUES ($1)", [id]);
      seen.push(`in transaction ${id}`);
    });
    bus.onAfterCommit("test.happened", async ({ id }) => {
      // committed: another connection sees the subscriber's row
      seen.push(`after commit ${id}, visible: ${(await rows()).includes(id)}`);
    });
    bus.onAfterCommit("test.happened", () => {
      throw new Error("a reaction fails");
    });

    await dataSource.transaction(async (manager) => {
      await bus.publish(manager, "test.happened", { id: 1 });
      seen.push("transaction goes on");
    });
    expect(seen).toEqual(["in transaction 1", "transaction goes on", "after commit 1, visible: true"]);
    // the failing reaction is reported and undoes nothing
    expect(failures).toEqual(["test.happened"]);
    expect(await rows()).toContain(1);
  });

  it("runs no reaction for a change that rolls back, and a subscriber's throw rolls the change back", async () => {
    const bus = new EventBus(() => undefined);
    const reacted: number[] = [];
    bus.onInTransaction("test.happened", async ({ id }, manager) => {
      await manager.query("INSERT INTO bus_test (id) VALUES ($1)", [id]);
      if (id === 3) throw new Error("vetoed");
    });
    bus.onAfterCommit("test.happened", ({ id }) => void reacted.push(id));

    await expect(
      dataSource.transaction(async (manager) => {
        await bus.publish(manager, "test.happened", { id: 2 });
        throw new Error("the change fails later");
      }),
    ).rejects.toThrow("the change fails later");
    await expect(dataSource.transaction((manager) => bus.publish(manager, "test.happened", { id: 3 }))).rejects.toThrow("vetoed");
    expect(await rows()).not.toContain(2);
    expect(await rows()).not.toContain(3);
    expect(reacted).toEqual([]);

    // outside a transaction the reactions run at once
    await bus.publish(dataSource.manager, "test.happened", { id: 4 });
    expect(reacted).toEqual([4]);
  });
});
