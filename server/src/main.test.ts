import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, demoLogins } from "./app/seed/seed";
import { sharedBuffersMb } from "./platform/db/embedded";
import { boot as bootIn, compileServer, embeddedPostgres, gql, postgresProcessesFor, stop } from "./test/compiled-server";

/**
 * The README's start path for real: the compiled server with no DATABASE_URL boots an embedded
 * PostgreSQL in DATA_DIR, migrates, seeds demo data, serves, and stops cleanly on SIGTERM.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), "ub-boot-"));
const boot = () => bootIn(dataDir);

beforeAll(compileServer, 120_000);

afterAll(() => {
  for (const line of postgresProcessesFor(dataDir)) console.warn("left over:", line);
});

describe("npm start on the embedded database", () => {
  let firstUserCount = 0;

  it("serves demo data, answers /ready, and lets a demo login sign in", async () => {
    const running = await boot();
    try {
      expect((await fetch(`${running.url}/health`)).status).toBe(200);
      expect((await fetch(`${running.url}/ready`)).status).toBe(200);
      expect(running.output()).toContain(demoLogins[0].email);

      const buyer = demoLogins.find((l) => l.role === "buyer")!;
      const login = await gql(running.url, `mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`, {
        e: buyer.email,
        p: DEMO_PASSWORD,
      });
      const me = await gql(running.url, `{ me { email role } }`, {}, login.data.login.token);
      expect(me.data.me).toEqual({ email: buyer.email, role: "USER" });

      const registered = await gql(running.url, `mutation ($i: RegisterInput!) { register(input: $i) { id } }`, {
        i: {
          email: "kept@uni.pk",
          password: "kept-password",
          username: "kept_user",
          name: "Kept",
          contactNumber: "03001112222",
          role: "USER",
        },
      });
      expect(registered.errors).toBeUndefined();
      firstUserCount = demoLogins.length + 1;

      // PostgreSQL's page cache is sized to the machine, not left at its 128 MB default
      const db = new Client({ connectionString: embeddedPostgres(dataDir).url });
      await db.connect();
      try {
        const { rows } = await db.query<{ mb: number }>(
          `SELECT setting::int * 8 / 1024 AS mb FROM pg_settings WHERE name = 'shared_buffers'`,
        );
        expect(rows[0].mb).toBe(sharedBuffersMb());
      } finally {
        await db.end();
      }
    } finally {
      expect(await stop(running)).toBe(0);
    }
    expect(postgresProcessesFor(dataDir)).toEqual([]);
  }, 180_000);

  it("keeps the data across a restart without seeding twice, and stops cleanly again", async () => {
    const running = await boot();
    try {
      const admin = demoLogins.find((l) => l.role === "admin")!;
      const login = await gql(running.url, `mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`, {
        e: admin.email,
        p: DEMO_PASSWORD,
      });
      expect(login.errors).toBeUndefined();
      const kept = await gql(running.url, `mutation { login(email: "kept@uni.pk", password: "kept-password") { user { username } } }`);
      expect(kept.data.login.user.username).toBe("kept_user");
      expect(running.output()).not.toContain("Loaded demo data");
      expect(firstUserCount).toBeGreaterThan(0);
    } finally {
      expect(await stop(running)).toBe(0);
    }
    expect(postgresProcessesFor(dataDir)).toEqual([]);
  }, 180_000);
});

describe("the embedded database's page cache", () => {
  it("takes an eighth of the machine's memory, never under PostgreSQL's default of 128 MB nor over 4 GB", () => {
    const gb = 2 ** 30;
    expect(sharedBuffersMb(24 * gb)).toBe(3072);
    expect(sharedBuffersMb(8 * gb)).toBe(1024);
    expect(sharedBuffersMb(0.5 * gb)).toBe(128);
    expect(sharedBuffersMb(256 * gb)).toBe(4096);
  });
});
