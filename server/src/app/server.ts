import "reflect-metadata";
import type { Logger as QueryLogger } from "typeorm";
import type { AppConfig } from "../platform/config";
import { alone, openDatabase } from "../platform/db/database";
import { entities } from "./entities";
import { seedDemoData } from "./seed/seed";
import { createHttpApp, createSocketContext, upgradeClientAddress } from "./http-app";
import { createLogger } from "../platform/logger";
import { createLiveHub } from "../platform/live";
import { RedisCircuit } from "../platform/redis";
import { serveSubscriptions } from "../platform/graphql/subscriptions";
import { buildAppSchema } from "./schema";
import { ROOT_FIELD_COSTS } from "./root-field-costs";
import type { Clock } from "../platform/clock";
import { createServices } from "./services";
import type { JobQueue } from "../platform/jobs";
import type { ReadReplicas } from "../platform/db/replicas";
import type { SearchIndexThread } from "../modules/products";
import { createAppServer } from "../platform/http/app-server";
import { drainable } from "../platform/http/drain";

export type RunningServer = Awaited<ReturnType<typeof startServer>>;

/**
 * Boots the whole app: database (embedded or DATABASE_URL) -> migrations -> demo data on an empty
 * database -> HTTP. `close` turns /ready to 503, keeps answering for SHUTDOWN_DELAY_MS, then
 * drains HTTP (every request already sent is answered, bounded) and closes the database last, so no
 * request loses its connection.
 */
export async function startServer(
  config: AppConfig,
  options: { seed?: boolean; say?: (line: string) => void; queryLogger?: QueryLogger; clock?: Clock } = {},
) {
  const say = options.say ?? (() => undefined);
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config, entities, say, options.queryLogger);
  // one circuit around Redis for the cache, live events and presence: a Redis that does not answer costs a request nothing
  const redis = config.redisUrl ? new RedisCircuit(config.redisUrl, logger) : undefined;
  // live events cross processes through Redis, and through PostgreSQL while Redis does not answer
  const live = createLiveHub(redis, logger, database.url);
  let jobs: JobQueue | undefined;
  let replicas: ReadReplicas | undefined;
  let searchIndex: SearchIndexThread | undefined;
  try {
    const services = createServices(database.dataSource, config, live, logger, options.clock, redis);
    // this process works the job queues (and keeps the schedules) from now on; before the seed,
    // whose writes enqueue jobs in the queue's tables
    jobs = services.jobs;
    await jobs.start();
    replicas = services.replicas;
    await replicas.start();
    searchIndex = services.searchIndex;
    if (options.seed) {
      // under the migrations' lock: of instances booting together on an empty database, one loads
      // the demo data and the others then find users and skip it
      const seeded = await alone(database.url, () => seedDemoData(database.dataSource, services));
      if (seeded) say("Loaded demo data into the empty database.");
    }
    // searches go to the database until the index has read every listing
    services.searchIndex?.start();
    // /ready answers from the health monitor's last checks
    await services.health.start();
    let stopping = false;
    const http = await createHttpApp({ config, dataSource: database.dataSource, services, logger, stopping: () => stopping });
    const server = createAppServer(http.app);
    await new Promise<void>((resolve, reject) => {
      server.once("error", (error: NodeJS.ErrnoException) =>
        reject(error.code === "EADDRINUSE" ? new Error(`port ${config.port} is already in use (set PORT)`) : error),
      );
      if (config.host) server.listen(config.port, config.host, resolve);
      else server.listen(config.port, resolve);
    });
    // once listening, a failed accept (out of file descriptors, say) is logged; the server listens on
    server.on("error", (error) => logger.error({ err: error }, "HTTP server error"));
    // an idle kept-alive connection outlives its client's hold on it (a proxy such as Caddy keeps
    // its upstream connections 2 min, fetch 4 s): the client closes first, so no request goes out
    // on a connection the server is closing at that moment (a reset, a failed request; node's
    // 5 s default lost requests this way on a busy machine)
    server.keepAliveTimeout = 130_000;
    const subscriptions = serveSubscriptions(server, {
      schema: buildAppSchema(),
      rootFieldCosts: ROOT_FIELD_COSTS,
      hideSuggestions: !config.introspection,
      authenticate: (token) => services.auth.authenticate(token),
      clientAddress: (request) => upgradeClientAddress(http.app, request),
      live,
      presence: services.presence,
      context: (connectionParams, request) => createSocketContext(services, config, connectionParams, request),
    });
    const drain = drainable(server);
    const port = (server.address() as { port: number }).port;
    return {
      url: `http://localhost:${port}`,
      dataSource: database.dataSource,
      services,
      close: async () => {
        stopping = true;
        // open sockets would keep the HTTP server from closing
        await subscriptions.close();
        await drain(config.shutdownDelayMs);
        await http.stop();
        await services.jobs.stop();
        await services.replicas.close();
        await services.searchIndex?.close();
        await services.cache.close();
        await live.close();
        await services.presence.close();
        services.health.stop();
        await redis?.close();
        await database.close();
      },
    };
  } catch (error) {
    await jobs?.stop();
    await replicas?.close();
    await searchIndex?.close();
    await live.close();
    await redis?.close();
    await database.close();
    throw error;
  }
}
