import type { SerializedError } from "vitest";
import type { Reporter, TestModule } from "vitest/node";

/**
 * Ends every run with the one line CI reads: `N passed, N failed`. A file that could not run and
 * an unhandled error (e.g. a crashed worker) count as failures and fail the run, so a crash can
 * never read as green.
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
    // vitest exits 0 after a crashed worker; make the exit code agree with the count
    if (failed > 0) process.on("exit", () => (process.exitCode = 1));
    process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}\n`);
  }
}
