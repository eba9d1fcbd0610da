import { ConfigError, loadConfig } from "./platform/config";
import { DEMO_PASSWORD, demoLogins } from "./app/seed/seed";
import { startServer } from "./app/server";
import { runCluster } from "./app/cluster";
import cluster from "node:cluster";
import { stopOnSignals } from "./app/shutdown";

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
  const started = startServer(config, { seed: config.demoData, say: (line) => console.log(line) });
  stopOnSignals(started);
  const server = await started;
  console.log(`\nUniBazaar is running at ${server.url}`);
  console.log(`GraphQL: ${server.url}/graphql${config.playground ? `   Playground: ${server.url}/graphiql` : ""}`);
  if (config.demoData)
    console.log(`Demo logins (password ${DEMO_PASSWORD}): ${demoLogins.map((l) => `${l.role} ${l.email}`).join(", ")}\n`);
}

main().catch((error) => {
  console.error(`UniBazaar failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
