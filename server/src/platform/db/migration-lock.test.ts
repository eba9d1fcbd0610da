import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmptyDatabase } from "../../test/harness";
import { compileServer, startCompiled, stop, type Running } from "../../test/compiled-server";
import { migrations } from "./migrations";

beforeAll(compileServer, 180_000);

describe("five processes booting together on an empty database", () => {
  const servers: Running[] = [];
  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = await createEmptyDatabase();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "test",
      PORT: "0",
      DATABASE_URL: databaseUrl,
      JWT_SECRET: randomBytes(32).toString("hex"),
      DEMO_DATA: "false",
      WEB_CONCURRENCY: "1",
      LOG_LEVEL: "warn",
    };
    delete env.REDIS_URL;
    const started = await Promise.allSettled(
      Array.from({ length: 5 }, () => startCompiled({ ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), "ub-migrate-")) })),
    );
    for (const result of started) if (result.status === "fulfilled") servers.push(result.value);
    const failure = started.find((result) => result.status === "rejected");
    if (failure) throw failure.reason;
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map(stop));
  });

  it("migrates once: every process serves and every migration is recorded exactly once", async () => {
    expect(servers).toHaveLength(5);
    for (const server of servers) {
      const ready = await fetch(`${server.url}/ready`);
      expect(ready.status).toBe(200);
    }
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string; times: string }>(
        "SELECT name, count(*) AS times FROM migrations GROUP BY name ORDER BY name",
      );
      expect(rows.map((row) => row.name).sort()).toEqual(migrations.map((m) => m.name).sort());
      expect(rows.every((row) => row.times === "1")).toBe(true);
    } finally {
      await client.end();
    }
  });
});
