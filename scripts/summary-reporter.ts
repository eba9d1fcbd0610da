import type { SerializedError } from "vitest";
import type { Reporter, TestModule } from "vitest/node";

/** How many of the slowest files a run lists before its last line. */
const SLOWEST = 12;

/**
 * Ends every run with the one line CI reads: `N passed, N failed`. A file that could not run and
 * an unhandled error (e.g. a crashed worker) count as failures and fail the run, so a crash can
 * never read as green. Above it, the slowest files (their tests and hooks, and their imports), so
 * a run's log says where its time went.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      let moduleFailures = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") moduleFailures++;
        else skipped++;
      }
      if (module.state() === "failed" && moduleFailures === 0) moduleFailures = 1;
      failed += moduleFailures;
    }
    failed += unhandledErrors.length;
    process.stdout.write(slowestFiles(testModules));
    // vitest exits 0 after a crashed worker; make the exit code agree with the count
    if (failed > 0) process.on("exit", () => (process.exitCode = 1));
    process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}\n`);
  }
}

function slowestFiles(testModules: ReadonlyArray<TestModule>): string {
  const timed = testModules
    .map((module) => ({ module, diagnostic: module.diagnostic() }))
    .sort((a, b) => b.diagnostic.duration - a.diagnostic.duration)
    .slice(0, SLOWEST);
  if (timed.length === 0) return "";
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
  const lines = timed.map(
    ({ module, diagnostic }) =>
      `${seconds(diagnostic.duration)} ${module.project.name}: ${module.relativeModuleId} (import ${seconds(diagnostic.collectDuration).trim()})`,
  );
  return `\nSlowest files (tests and hooks):\n${lines.join("\n")}\n`;
}
