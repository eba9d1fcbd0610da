import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DataSource } from "typeorm";
import { createTestDatabase } from "../../test/harness";
import { createDataSource } from "./data-source";
import { migrations } from "./migrations";

/** How many of the newest migrations are undone and run again: the ones a rollback would take back. */
const NEWEST = 5;

/** The schema as a list of lines: tables with their columns, indexes, functions, triggers and extensions. */
async function schemaOf(dataSource: DataSource): Promise<string[]> {
  const rows = await dataSource.query<Array<{ line: string }>>(`
    SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable AS line
      FROM information_schema.columns WHERE table_schema = 'public'
    UNION ALL SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname = 'public'
    UNION ALL SELECT 'function ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc)
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
    UNION ALL SELECT 'trigger ' || tgname || ' ' || pg_get_triggerdef(oid) FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT 'extension ' || extname FROM pg_extension
     ORDER BY line`);
  return rows.map((row) => row.line);
}

describe("the newest migrations", () => {
  let dataSource: DataSource;
  beforeAll(async () => {
    dataSource = createDataSource(await createTestDatabase(), []);
    await dataSource.initialize();
  });
  afterAll(async () => {
    await dataSource?.destroy();
  });

  it(`undo and run again to the same schema (the last ${NEWEST}, newest first)`, async () => {
    const migrated = await schemaOf(dataSource);
    for (let i = 0; i < NEWEST; i++) await dataSource.undoLastMigration({ transaction: "each" });
    expect(await schemaOf(dataSource)).not.toEqual(migrated);
    const ran = await dataSource.runMigrations({ transaction: "each" });
    expect(ran.map((m) => m.name)).toEqual(migrations.slice(-NEWEST).map((m) => m.name));
    expect(await schemaOf(dataSource)).toEqual(migrated);
  });

  it("leave out the search functions nothing calls; undoing their drop makes them again", async () => {
    const functions = async () =>
      (
        await dataSource.query<Array<{ proname: string }>>(
          `SELECT proname FROM pg_proc WHERE proname IN ('search_query', 'search_corrections')`,
        )
      )
        .map((row) => row.proname)
        .sort();
    const applied = async () => (await dataSource.query<Array<{ name: string }>>(`SELECT name FROM migrations`)).map((row) => row.name);
    expect(await functions()).toEqual([]);
    while ((await applied()).includes("DropUnusedSearchFunctions1765300000003"))
      await dataSource.undoLastMigration({ transaction: "each" });
    expect(await functions()).toEqual(["search_corrections", "search_query"]);
    await dataSource.runMigrations({ transaction: "each" });
    expect(await functions()).toEqual([]);
  });
});
