import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../test/harness";
import { compileServer, startCompiled, stop, type Running } from "../test/compiled-server";

/**
 * Request logging as an operator sees it, on the compiled server: at info level one line per
 * request with its id (pino-http); below it no request lines, and every answer still carries its id.
 */
beforeAll(compileServer, 180_000);

let running: Running | undefined;
afterEach(async () => {
  if (running?.child.exitCode === null) await stop(running);
  running = undefined;
});

async function serverAt(logLevel: string): Promise<Running> {
  running = await startCompiled({
    ...process.env,
    PORT: "0",
    NODE_ENV: "test",
    LOG_LEVEL: logLevel,
    DATABASE_URL: await createTestDatabase(),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "ub-log-")),
    JWT_SECRET: randomBytes(32).toString("hex"),
    DEMO_DATA: "false",
    WEB_CONCURRENCY: "1",
  });
  return running;
}

/** The log lines (pino's JSON) that name a request id. */
const linesOf = (server: Running, id: string) =>
  server
    .output()
    .split("\n")
    .filter((line) => line.includes(id))
    .map((line) => JSON.parse(line) as { msg?: string; req?: { id?: string }; res?: { statusCode?: number } });

/** One request with this id, then the server stopped, so everything it logged is in its output. */
async function askThenStop(server: Running, id: string) {
  const res = await fetch(`${server.url}/api/products?page=1&limit=1`, { headers: { "x-request-id": id } });
  expect(res.status).toBe(200);
  expect(res.headers.get("x-request-id")).toBe(id);
  await stop(server);
}

describe("request logging", () => {
  it("writes one line per request with its id at info level", async () => {
    const server = await serverAt("info");
    await askThenStop(server, "trace-info-1");
    expect(linesOf(server, "trace-info-1")).toMatchObject([
      { msg: "request completed", req: { id: "trace-info-1" }, res: { statusCode: 200 } },
    ]);
  }, 60_000);

  it("writes no request line below info level, and still tags the answer with its id", async () => {
    const server = await serverAt("warn");
    await askThenStop(server, "trace-warn-1");
    expect(linesOf(server, "trace-warn-1")).toEqual([]);
  }, 60_000);
});
