import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, demoLogins } from "./app/seed/seed";

/**
 * The README's start path for real: the compiled server with no DATABASE_URL boots an embedded
 * PostgreSQL in DATA_DIR, migrates, seeds demo data, serves, and stops cleanly on SIGTERM.
 */
const root = path.resolve(__dirname, "../..");
const dataDir = mkdtempSync(path.join(tmpdir(), "ub-boot-"));

type Running = { child: ChildProcess; url: string; output: () => string };

function boot(): Promise<Running> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: "0", NODE_ENV: "development", LOG_LEVEL: "warn" };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(root, "server/dist/main.js")], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /UniBazaar is running at (http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, url: match[1], output: () => output });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited with ${code} before it was ready:\n${output}`)));
  });
}

function stop(running: Running): Promise<number | null> {
  return new Promise((resolve) => {
    running.child.removeAllListeners("exit");
    running.child.on("exit", (code) => resolve(code));
    running.child.kill("SIGTERM");
  });
}

const postgresProcessesFor = (dir: string) =>
  execFileSync("ps", ["-eo", "args"], { encoding: "utf8" })
    .split("\n")
    .filter((line) => line.includes("postgres") && line.includes(dir));

async function gql(url: string, query: string, variables: Record<string, unknown> = {}, token?: string) {
  const res = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: any; errors?: unknown[] };
}

beforeAll(() => {
  // the compiled server is what `npm start` runs; type errors elsewhere must not hide this test
  try {
    execFileSync("npx", ["tsc", "-p", "server"], { cwd: root, stdio: "ignore" });
  } catch {
    // tsc still emits JavaScript; the type check itself is `npm run typecheck`
  }
}, 120_000);

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
