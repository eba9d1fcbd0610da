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
