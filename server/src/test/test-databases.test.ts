import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { describe, expect, inject, it } from "vitest";
import { dropDatabasesNamed } from "./global-setup";

/** The run's teardown drops the databases its test files made, and only those. */
describe("test databases", () => {
  // three CREATE DATABASE and two DROP: 30 s was too short beside a CPU load of twice the cores
  it("are named after the run, and the teardown's drop takes every one of them and no other", { timeout: 120_000 }, async () => {
    const serverUrl = inject("databaseServerUrl");
    expect(inject("testDatabasePrefix")).toMatch(/^ub_test_\d+_$/);
    const prefix = `ub_drop_${randomBytes(4).toString("hex")}_`;
    // `_` would be a wildcard to LIKE: a name that differs only there must stay
    const lookalike = `${prefix.slice(0, -1)}x1`;
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      for (const name of [`${prefix}a`, `${prefix}b`, lookalike]) await admin.query(`CREATE DATABASE "${name}"`);
      expect((await dropDatabasesNamed(serverUrl, prefix)).sort()).toEqual([`${prefix}a`, `${prefix}b`]);
      const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'ub_drop_%'`);
      expect(rows.map((row) => row.datname).filter((name) => name.startsWith(prefix.slice(0, -1)))).toEqual([lookalike]);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${lookalike}"`);
      await admin.end();
    }
  });
});
