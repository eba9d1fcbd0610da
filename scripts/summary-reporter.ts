import type { Reporter, TestModule } from "vitest/node";

/** Ends every run with the one line CI reads: `N passed, N failed`. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") failed++;
        else skipped++;
      }
      // a file that failed to load has no tests to count, but it is a failure
      if (module.state() === "failed" && ![...module.children.allTests()].some((t) => t.result().state === "failed")) failed++;
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}\n`);
  }
}
