import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEMO_PASSWORD, demoLogins } from "./app/seed/seed";
import { boot as bootIn, compileServer, gql, postgresProcessesFor, stop } from "./test/compiled-server";

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

      // the search index loads in its worker thread (the compiled worker file) and answers
      await vi.waitFor(async () => expect(await (await fetch(`${running.url}/ready`)).json()).toMatchObject({ searchIndex: "ready" }), {
        timeout: 60_000,
        interval: 200,
      });
      const [first] = (await gql(running.url, `{ products(pageSize: 1) { items { id name } } }`)).data.products.items;
      const word = (first.name as string).split(" ").find((w) => w.length >= 4)!;
      const found = await gql(running.url, `query ($s: String) { products(filter: { search: $s }, pageSize: 50) { items { id } } }`, {
        s: word,
      });
      expect(found.data.products.items.map((item: { id: string }) => item.id)).toContain(first.id);

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
