import { createRequire } from "node:module";
import { defaultClientConditions, defaultServerConditions } from "vite";
import { defineConfig } from "vitest/config";

const require = createRequire(import.meta.url);
// one copy of graphql for the server, its tests and the tooling (two copies break instanceof checks)
// (Node loads graphql's CommonJS main for external packages, Vite would pick its .mjs: pin the main)
const graphqlMain = require.resolve("graphql");
// @unibazaar/rules is read from its TypeScript source ("source" export condition): no build before the tests
// (Vitest hands these to Node as --conditions; "module" is for bundlers, not Node: with it, Node
// took the AWS SDK's extensionless ES build, which it cannot load)
const ssr = { resolve: { conditions: ["source", ...defaultServerConditions.filter((c) => c !== "module")] } };
const resolve = {
  conditions: ["source", ...defaultClientConditions],
  alias: [{ find: /^graphql$/, replacement: graphqlMain }],
};
// a deprecated call fails the test that makes it: it is what the next major version of a dependency
// breaks (pg 8 warns of a statement sent to a connection still running one, which pg 9 refuses).
// Node warns once per process, so the first such call in a worker fails
const execArgv = ["--throw-deprecation"];

export default defineConfig({
  test: {
    // started once for the whole run: one PostgreSQL and a migrated template database
    globalSetup: ["server/src/test/global-setup.ts"],
    reporters: ["default", "./scripts/summary-reporter.ts"],
    // two files at once on a 2-core machine (the default leaves one core for the runner): most test
    // time is spent waiting on servers, PostgreSQL and the browser, and one worker took CI past 30 min
    maxWorkers: 2,
    projects: [
      {
        resolve,
        ssr,
        test: {
          name: "server",
          execArgv,
          include: ["server/src/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          // a worker keeps the server's modules between files instead of importing them for each
          // (TypeORM, Apollo, the AWS SDK: 1.4 s a file): the server files 308 -> 200 s, half the CPU.
          // Each file builds its own app, database and config, so no state is carried over
          isolate: false,
          // room for a 2-core machine at twice its cores' load (a subscription's probes wait up to 45 s)
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve,
        ssr,
        test: {
          name: "e2e",
          execArgv,
          // a page can take over the default 1 s to re-render on a busy 2-core machine: polls wait as
          // long as a step (STEP_TIMEOUT in e2e/harness.ts)
          expect: { poll: { timeout: 30_000 } },
          include: ["e2e/**/*.test.ts"],
          environment: "node",
          // limits with room for a 2-core machine at twice its cores' load; a test's limit includes
          // its file's app starting (the first test that asks for it)
          testTimeout: 240_000,
          hookTimeout: 300_000,
          // a worker keeps chromium and the modules between files (e2e/browser-test.ts); each file
          // still gets its own app and data. Two files at a time beside the server files: one e2e
          // file leaves a third of a 2-core machine idle (waiting on pages), and one at a time took
          // the whole run to 40 min on a 2 × AMD EPYC machine (19 min for `npm test` two at a time)
          isolate: false,
        },
      },
      {
        resolve,
        ssr,
        test: {
          name: "web",
          include: ["web/src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        resolve,
        ssr,
        test: {
          // components rendered by Testing Library in a simulated DOM (happy-dom); Apollo's MockedProvider answers their queries
          name: "web-components",
          include: ["web/src/**/*.test.tsx"],
          environment: "happy-dom",
          setupFiles: ["web/src/lib/i18n.setup.ts"],
          // a component test renders MUI (large modules): the first import on a busy machine takes a few seconds
          testTimeout: 20_000,
        },
      },
    ],
  },
});
