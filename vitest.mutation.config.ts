import { defineConfig } from 'vitest/config';

/**
 * The pure tests that kill each folder's mutants under `npm run mutation` (StrykerJS, stryker.config.mjs picks the
 * folder with STRYKER_SCOPE). lib/plans: its use-case tests, the HTTP handlers over in-memory deps, the in-memory
 * stores and the metrics over stored plans. lib/executor: its behaviour suites over the in-memory adapters and the
 * in-process sandbox. Never the bundle checks (esbuild) nor the *.int.test.ts files (their child processes and
 * servers cannot be instrumented per test).
 */
const TESTS = {
  plans: [
    'test/plans/**/*.test.ts',
    'test/api/**/*.test.ts',
    'test/store/**/*.test.ts',
    'test/metrics/**/*.test.ts',
  ],
  executor: ['test/executor/**/*.test.ts'],
};

export default defineConfig({
  test: {
    // `executor/rollback` and the other parts of the executor are killed by the executor's tests.
    include: TESTS[process.env.STRYKER_SCOPE?.startsWith('executor') ? 'executor' : 'plans'],
    exclude: ['test/**/*.int.test.ts', 'test/api/cold-start.test.ts', 'test/api/cold-start-bundle.test.ts'],
    environment: 'node',
    setupFiles: ['test/support/pin-fast-check-seed.ts'],
    testTimeout: 30_000,
    // Modules are shared between the test files of a run (mutants switch at run time): much faster re-runs.
    isolate: false,
    fileParallelism: false,
  },
});
