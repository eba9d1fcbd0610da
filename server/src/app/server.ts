import "reflect-metadata";
import type { Server } from "node:http";
import type { Logger as QueryLogger } from "typeorm";
import type { AppConfig } from "../platform/config";
import { openDatabase } from "../platform/db/database";
import { entities } from "./entities";
import { seedDemoData } from "./seed/seed";
import { createHttpApp } from "./http-app";
import { createLogger } from "../platform/logger";
import { createServices } from "./services";
import { drainable } from "../platform/http/drain";

export type RunningServer = Awaited<ReturnType<typeof startServer>>;

/**
 * Boots the whole app: database (embedded or DATABASE_URL) -> migrations -> demo data on an empty
 * database -> HTTP. `close` drains HTTP first (in-flight requests finish, bounded), then the
 * database, so no request loses its connection.
 */
export async function startServer(
  config: AppConfig,
  options: { seed?: boolean; say?: (line: string) => void; queryLogger?: QueryLogger } = {},
) {
  const say = options.say ?? (() => undefined);
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config, entities, say, options.queryLogger);
  try {
    const services = createServices(database.dataSource, config);
    if (options.seed) {
      const seeded = await seedDemoData(database.dataSource, services, config);
      if (seeded) say("Loaded demo data into the empty database.");
    }
    const http = await createHttpApp({ config, dataSource: database.dataSource, services, logger });
    const server: Server = await new Promise((resolve, reject) => {
      // Express 5 hands a listen failure to the callback (and emits it too)
      const failed = (error: NodeJS.ErrnoException) =>
        reject(error.code === "EADDRINUSE" ? new Error(`port ${config.port} is already in use (set PORT)`) : error);
      const s = http.app.listen(config.port, (error?: Error) => (error ? failed(error) : resolve(s))).on("error", failed);
    });
    const drain = drainable(server);
    const port = (server.address() as { port: number }).port;
    return {
      url: `http://localhost:${port}`,
      dataSource: database.dataSource,
      services,
      close: async () => {
        await drain();
        await http.stop();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
