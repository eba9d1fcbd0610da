import autocannon from "autocannon";
import { fork, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { DEMO_PASSWORD } from "../app/seed/seed";

/** Starting the server and the floors as child processes, and loading them with autocannon. */

const DIST = path.resolve(__dirname, "..");
export const JWT_SECRET = "bench-secret-bench-secret-bench-secret-0123456789";

/**
 * The real server (`main.js` of `dist`, by default the bench's own build) on `databaseUrl`, as
 * production runs it, with `processes` processes. BENCH_CPU_PROF=<folder>: it writes a V8 CPU
 * profile there when it stops (node --cpu-prof). `node`: more flags for node, and a reader of what
 * the server prints (e.g. the collector's trace).
 */
export async function startApp(
  databaseUrl: string,
  processes: number,
  dist = DIST,
  env: Record<string, string> = {},
  node: { execArgv?: string[]; stdout?: (text: string) => void } = {},
) {
  const app = await spawn(
    path.join(dist, "main.js"),
    {
      NODE_ENV: "production",
      PUBLIC_URL: "http://127.0.0.1",
      JWT_SECRET,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
      DEMO_DATA: "false",
      WEB_CONCURRENCY: String(processes),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "ub-bench-")),
      ...env,
    },
    "/ready",
    [
      // as the production start (npm run start:prod, the Dockerfile) runs it
      "--max-semi-space-size=32",
      ...(process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      ...(node.execArgv ?? []),
    ],
    node.stdout,
  );
  await searchIndexesLoaded(app.url, processes);
  return app;
}

/**
 * Waits until every process's search index has read the listings (searches go to the database
 * until then): /ready, each time on a new connection (the processes take turns), says so for three
 * rounds of the processes in a row. A build without the index says nothing of it.
 */
async function searchIndexesLoaded(url: string, processes: number): Promise<void> {
  for (let inARow = 0; inARow < 3 * processes;) {
    const ready = (await (await fetch(`${url}/ready`, { headers: { connection: "close" } })).json()) as { searchIndex?: string };
    if (ready.searchIndex === "failed") throw new Error("a server process could not load its search index");
    inARow = ready.searchIndex === undefined || ready.searchIndex === "ready" ? inARow + 1 : 0;
    if (!inARow) await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The database `npm run bench` kept (BENCH_KEEP=1) for `products` listings, on DATABASE_URL's server. */
export function keptDatabaseUrl(products: number): string {
  if (!process.env.DATABASE_URL) throw new Error("DATABASE_URL must name the server that holds the kept bench database");
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/ub_bench_kept_${products}`;
  return url.toString();
}

export type Load = { connections: number; warmupSeconds: number; durationSeconds: number };
export type Measured = Awaited<ReturnType<Awaited<ReturnType<typeof loadMeter>>["measure"]>>;

/**
 * Measures servers on `databaseUrl`: throughput and latency under load, and the CPU per request,
 * the server's processes' and that of the database's PostgreSQL backends. Each measurement is
 * preceded by `warmupSeconds` of the same requests, unmeasured.
 */
export async function loadMeter(databaseUrl: string, load: Load) {
  const monitor = new Client({ connectionString: databaseUrl });
  await monitor.connect();
  const backends = async (): Promise<number[]> =>
    (await monitor.query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`)).rows.map(
      (row: { pid: number }) => row.pid,
    );
  return {
    /** `measuring` is called when the warm-up is over and the measured requests begin. */
    measure: async (url: string, server: ChildProcess, request: autocannon.Request, measuring?: () => void) => {
      const { connections } = load;
      await autocannon({ url, connections, duration: load.warmupSeconds, requests: [request] });
      measuring?.();
      const databaseStarted = new Map((await backends()).map((pid) => [pid, cpuSeconds([pid])]));
      const serverStarted = cpuSeconds([server.pid!]);
      const r = await autocannon({ url, connections, duration: load.durationSeconds, requests: [request] });
      const serverUsed = cpuSeconds([server.pid!]) - serverStarted;
      // per backend alive at the end (one that closed meanwhile, e.g. an idle pool connection, takes its time with it)
      const databaseUsed = (await backends()).reduce((sum, pid) => sum + cpuSeconds([pid]) - (databaseStarted.get(pid) ?? 0), 0);
      const perRequest = (seconds: number) => (seconds * 1000) / Math.max(1, r.requests.total);
      return {
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        cpuMs: perRequest(serverUsed + databaseUsed),
        serverMs: perRequest(serverUsed),
        databaseMs: perRequest(databaseUsed),
        failed: r.errors + r.non2xx + r.timeouts,
      };
    },
    close: () => monitor.end(),
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Starts `script` (a path in the bench's build, or absolute) as a child process on a free port and waits until `readyPath` answers. */
export async function spawn(
  script: string,
  env: Record<string, string>,
  readyPath: string,
  execArgv: string[] = [],
  stdout?: (text: string) => void,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = fork(path.resolve(DIST, script), [], {
    execArgv,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", stdout ? "pipe" : "ignore", "inherit", "ipc"],
  });
  child.stdout?.setEncoding("utf8").on("data", stdout!);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    const ok = await fetch(url + readyPath).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${script} did not start`);
}

/**
 * CPU seconds (user + system) used so far by the processes `pids` and their descendants, alive or
 * ended (an ended child's time is added to its parent's once reaped: a PostgreSQL backend that
 * closed, to its postmaster), from Linux's /proc (100 ticks a second); 0 where there is none. On a
 * shared machine the CPU a request costs moves far less with the load than its req/s do.
 */
export function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  const visit = (pid: number) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // after the command's ")" come the fields from the 3rd on: utime and stime are the 14th and 15th,
      // cutime and cstime (of its reaped children) the 16th and 17th
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
      for (const child of children ? children.split(" ") : []) visit(Number(child));
    } catch {
      // the process has ended, or this is not Linux
    }
  };
  for (const pid of pids) visit(pid);
  return ticks / 100;
}

export async function stopChild(child: ChildProcess): Promise<void> {
  // ended already, by itself or by a signal (a stopped floor has no exit code, only its signal)
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** A demo buyer's token, for the signed-in scenarios. */
export async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: `mutation { login(email: "fatima@student.pk", password: "${DEMO_PASSWORD}") { token } }` }),
  });
  const body = (await res.json()) as { data: { login: { token: string } } };
  return body.data.login.token;
}
