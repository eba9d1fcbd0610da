import type { Pool } from "pg";
import { QueryFailedError } from "typeorm";
import { describe, expect } from "vitest";
import { it } from "../../test/server-test";
import { preparedQuery } from "./prepared";

describe("prepared reads", () => {
  it("are parsed once per connection and then only run, one statement per text", async ({ server }) => {
    const text = "SELECT $1::int + 1 AS next";
    // one caller at a time: the pool hands back the connection it was just given
    for (let n = 0; n < 7; n++) expect(await preparedQuery(server.dataSource, text, [n])).toEqual([{ next: n + 1 }]);
    const kept = await preparedQuery<{ runs: number }>(
      server.dataSource,
      "SELECT (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements WHERE statement = $1",
      [text],
    );
    expect(kept).toEqual([{ runs: 7 }]);
  });

  it("are counted as statements and fail as TypeORM's queries do, with PostgreSQL's error", async ({ server }) => {
    const { queries, statements } = await server.queries.measure(() => preparedQuery(server.dataSource, "SELECT 1 AS one", []));
    expect({ queries, statements }).toEqual({ queries: 1, statements: ["SELECT 1 AS one"] });

    const failed = await preparedQuery(server.dataSource, "SELECT 1 / $1::int AS x", [0]).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(QueryFailedError);
    expect((failed as QueryFailedError).driverError).toMatchObject({ code: "22012" });
  });
});

describe("the app's pooled connections", () => {
  it("a connection the server ends while its holder does not listen for errors breaks only that connection", async ({ server }) => {
    const pool = (server.dataSource.driver as unknown as { master: Pool }).master;
    // held as TypeORM holds one for the moment before it listens: no listener of the holder's
    const held = await pool.connect();
    const [{ pid }] = (await held.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows;
    const ended = new Promise((resolve) => held.once("end", resolve));
    await server.dataSource.query("SELECT pg_terminate_backend($1)", [pid]);
    // the server's error came and went without ending this process
    await ended;
    await expect(held.query("SELECT 1")).rejects.toThrow(/not queryable/);
    held.release();
    expect(await server.dataSource.query("SELECT pg_backend_pid() <> $1 AS other", [pid])).toEqual([{ other: true }]);
  });
});

// pg is patched (patches/pg+*.patch): rows start from a plain object and a plain query config is
// copied by a spread, both on V8's fast paths. What the patch must keep working:
describe("the patched driver", () => {
  it("answers a column named __proto__ as the row's own value, the row still a plain object", async ({ server }) => {
    const [row] = await preparedQuery<Record<string, unknown>>(server.dataSource, `SELECT 1 AS "__proto__", 2 AS two`, []);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.hasOwn(row, "__proto__")).toBe(true);
    expect(Object.getOwnPropertyDescriptor(row, "__proto__")?.value).toBe(1);
    expect(row.two).toBe(2);
  });

  it("leaves a caller's query config as it was, and reads one whose text a class gives", async ({ server }) => {
    const pool = (server.dataSource.driver as unknown as { master: Pool }).master;
    const config = { name: "patched-driver-reuse", text: "SELECT $1::int * 2 AS twice", values: [21] };
    expect((await pool.query(config)).rows).toEqual([{ twice: 42 }]);
    expect((await pool.query(config)).rows).toEqual([{ twice: 42 }]);
    expect(Object.keys(config)).toEqual(["name", "text", "values"]);
    class Statement {
      get text() {
        return "SELECT 'from a getter' AS source";
      }
    }
    expect((await pool.query(new Statement())).rows).toEqual([{ source: "from a getter" }]);
  });
});
