import "reflect-metadata";
import autocannon from "autocannon";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import { createServer, type AddressInfo, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Client } from "pg";
import { startServer } from "../app/server";
import { loadConfig } from "../platform/config";
import { ensureDatabase } from "../platform/db/database";
import { hugePlainPng, manyFrameGif } from "../modules/uploads/hostile-images";
import { reencode } from "../modules/uploads/service";
import { JWT_SECRET } from "./load";

/**
 * `npm run bench:operations -w server` (DATABASE_URL: a PostgreSQL server; REDIS_URL: a Redis, for
 * the rows with one): what operations see. /ready's latency on an idle instance; a public read's
 * throughput and latency with Redis answering, with a Redis that accepts connections and never
 * answers (once the circuit is open), and without Redis; and the decode of the worst small uploads.
 * The figures are kept in docs/benchmarks.md.
 */
const READY_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10_000);
/** Just one part: `ready` (the /ready rows), `reads` or `decodes`; unset, all three. */
const ONLY = process.env.BENCH_ONLY;
const runs = (part: "ready" | "reads" | "decodes") => !ONLY || ONLY === part;
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const READ = JSON.stringify({ query: `{ products(pageSize: 5) { totalItems } }` });

async function database(): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = process.env.DATABASE_URL;
  if (!server) throw new Error("set DATABASE_URL to a PostgreSQL server (a bench database is made there and dropped)");
  const name = `ub_bench_ops_${process.pid}`;
  await ensureDatabase(server, name);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new Client({ connectionString: server });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

const start = (url: string, redisUrl?: string) =>
  startServer(
    loadConfig({
      NODE_ENV: "development",
      JWT_SECRET,
      DATABASE_URL: url,
      PORT: "0",
      LOG_LEVEL: "silent",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "ub-bench-ops-")),
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    }),
  );

/** A TCP server that reads whatever it is sent and never answers: a hung Redis. */
async function silentRedis(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("data", () => undefined);
    socket.on("error", () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const ms = (n: number) => `${n.toFixed(2)} ms`;

/** One GET on a kept-alive connection: the answer's body. */
const get = (url: string, agent: http.Agent) =>
  new Promise<string>((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk.toString()));
        res.on("end", () => resolve(body));
      })
      .on("error", reject);
  });

/**
 * /ready asked READY_ROUNDS times one after the other on one kept-alive connection, after 2,000 to
 * warm up (a server just booted still compiles its hot paths and collects its boot's garbage).
 */
async function readyLatency(label: string, baseUrl: string): Promise<string[]> {
  if (!runs("ready")) return [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let status = "";
  const warmup = 2_000;
  for (let i = 0; i < READY_ROUNDS + warmup; i++) {
    const begin = performance.now();
    status = (JSON.parse(await get(`${baseUrl}/ready`, agent)) as { status: string }).status;
    if (i >= warmup) times.push(performance.now() - begin);
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  return [
    `| /ready, ${label} | ${status} | ${times.length} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 99))} | ${ms(times[times.length - 1])} |`,
  ];
}

/** The public read under load: 10 connections for LOAD_SECONDS. */
async function reads(label: string, baseUrl: string): Promise<string[]> {
  if (!runs("reads")) return [];
  const result = await autocannon({
    url: `${baseUrl}/graphql`,
    connections: 10,
    duration: LOAD_SECONDS,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: READ,
  });
  const failed = result.errors + result.timeouts + result.non2xx;
  return [
    `| ${label} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${failed} of ${result.requests.total} |`,
  ];
}

async function decodes() {
  const files: Array<[string, Buffer]> = [
    ["GIF, 300 one-pixel frames on a 4000 x 4000 screen", manyFrameGif(4000, 4000, 300)],
    ["GIF, one frame on a 65535 x 65535 screen", manyFrameGif(65_535, 65_535, 1)],
    ["PNG, 4000 x 4000 of one colour", await hugePlainPng(4000, 4000)],
    ["PNG, 2000 x 2000 of one colour (the largest let through by its size)", await hugePlainPng(2000, 2000)],
    ["GIF, 200 frames on a 565 x 565 screen (the most frames x pixels let through)", manyFrameGif(565, 565, 200)],
  ];
  console.log(`| file | bytes | answer | time |\n| --- | --- | --- | --- |`);
  for (const [label, bytes] of files) {
    const begin = performance.now();
    const answer = await reencode(bytes).then(
      () => "decoded",
      (error: Error) => `refused: ${error.message}`,
    );
    console.log(`| ${label} | ${bytes.length.toLocaleString("en-US")} | ${answer} | ${ms(performance.now() - begin)} |`);
  }
}

async function main() {
  const db = await database();
  const probes: string[] = [];
  const loads: string[] = [];
  try {
    let app = await start(db.url, process.env.REDIS_URL);
    probes.push(...(await readyLatency(process.env.REDIS_URL ? "idle, with Redis" : "idle", app.url)));
    if (process.env.REDIS_URL) loads.push(...(await reads("Redis answering", app.url)));
    await app.close();

    const silent = await silentRedis();
    app = await start(db.url, silent.url);
    try {
      // the first reads wait out the command budget and open the circuit; measured after that
      for (let i = 0; i < 5; i++)
        await fetch(`${app.url}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: READ });
      loads.push(...(await reads("Redis silent (accepts, never answers)", app.url)));
      probes.push(...(await readyLatency("idle, Redis silent", app.url)));
    } finally {
      await app.close();
      await silent.close();
    }

    app = await start(db.url);
    loads.push(...(await reads("no Redis (REDIS_URL unset)", app.url)));
    await app.close();
  } finally {
    await db.drop();
  }
  if (probes.length)
    console.log(["| probe | status | requests | p50 | p99 | max |", "| --- | --- | --- | --- | --- | --- |", ...probes, ""].join("\n"));
  if (loads.length) {
    const head = `| public read (10 connections, ${LOAD_SECONDS} s) | req/s | p50 | p99 | failed |`;
    console.log([head, "| --- | --- | --- | --- | --- |", ...loads, ""].join("\n"));
  }
  if (runs("decodes")) await decodes();
}

main().then(
  // a Redis client of the silent server's may still be reconnecting: the figures are out, so stop
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
