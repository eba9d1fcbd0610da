import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";

/** The compiled server (what `npm start` runs) as a child process, for boot, signal and crash tests. */
export const repoRoot = path.resolve(__dirname, "../../..");

export type Running = { child: ChildProcess; url: string; output: () => string };

/**
 * Compiles the shared rules package (node runs its dist) and the server, once per test run: the
 * first test file to ask compiles, the others wait for it, so no file boots a half-written dist.
 * Type errors must not hide these tests (the type check is `npm run typecheck`).
 */
export async function compileServer() {
  const lock = path.join(tmpdir(), `unibazaar-compile-${inject("templateDatabase")}`);
  try {
    mkdirSync(lock);
  } catch {
    while (!existsSync(path.join(lock, "done"))) await new Promise((resolve) => setTimeout(resolve, 250));
    return;
  }
  try {
    // emit only: `npm run typecheck` checks the types, so the check is not paid twice per run
    execFileSync("npx", ["tsc", "-p", "packages/rules", "--noCheck"], { cwd: repoRoot, stdio: "ignore" });
    execFileSync("npx", ["tsc", "-p", "server", "--noCheck"], { cwd: repoRoot, stdio: "ignore" });
  } catch {
    // tsc still emits JavaScript
  } finally {
    writeFileSync(path.join(lock, "done"), "");
  }
}

/** Starts server/dist/main.js on the embedded PostgreSQL in `dataDir` and waits until it serves. */
export function boot(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<Running> {
  const fullEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: "0", NODE_ENV: "development", LOG_LEVEL: "warn", ...env };
  delete fullEnv.DATABASE_URL;
  return startCompiled(fullEnv);
}

/** Starts server/dist/main.js with exactly `env`, and waits until its output matches `ready` (group 1: the URL). */
export function startCompiled(env: NodeJS.ProcessEnv, ready = /UniBazaar is running at (http:\/\/\S+)/): Promise<Running> {
  const child = spawn(process.execPath, [path.join(repoRoot, "server/dist/main.js")], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) resolve({ child, url: match[1], output: () => output });
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited with ${code} before it was ready:\n${output}`)));
  });
}

/** Resolves with the exit code once the child has exited (after `send`, e.g. a signal). */
export function exitOf(running: Running, send: () => void): Promise<number | null> {
  return new Promise((resolve) => {
    running.child.removeAllListeners("exit");
    running.child.on("exit", (code) => resolve(code));
    send();
  });
}

export const stop = (running: Running) => exitOf(running, () => running.child.kill("SIGTERM"));

/** Command lines of the PostgreSQL processes whose arguments name `dir`. */
export const postgresProcessesFor = (dir: string) =>
  execFileSync("ps", ["-eo", "args"], { encoding: "utf8" })
    .split("\n")
    .filter((line) => line.includes("postgres") && line.includes(dir));

export async function gql(url: string, query: string, variables: Record<string, unknown> = {}, token?: string, signal?: AbortSignal) {
  const res = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
    signal,
  });
  return (await res.json()) as { data?: any; errors?: Array<{ message: string }> };
}

/** The embedded PostgreSQL of `dataDir` while its server runs: the pid and port from its lock file, the generated password. */
export function embeddedPostgres(dataDir: string) {
  const lock = readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n");
  const password = readFileSync(path.join(dataDir, "postgres.password"), "utf8").trim();
  return { pid: Number(lock[0]), url: `postgres://postgres:${password}@127.0.0.1:${lock[3]}/unibazaar` };
}
