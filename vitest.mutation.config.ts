import { defineConfig } from 'vitest/config';

// `npm run mutation` (StrykerJS) runs the pure tests that reach lib/plans and lib/executor: the executor's
// behaviour suites over the in-memory adapters and the in-process sandbox, the plans use cases and the HTTP
// handlers over in-memory deps. Not the bundle checks (esbuild), not the planner's conversations (lib/plans'
// planner use cases have their own tests) and not the *.int.test.ts files (their child processes and servers
// cannot be instrumented per test).
export default defineConfig({
  test: {
    include: [
      'test/plans/**/*.test.ts',
      'test/executor/**/*.test.ts',
      'test/api/**/*.test.ts',
      'test/store/**/*.test.ts',
      'test/metrics/**/*.test.ts',
    ],
    exclude: ['test/**/*.int.test.ts', 'test/api/cold-start.test.ts'],
    environment: 'node',
    setupFiles: ['test/support/pin-fast-check-seed.ts'],
    testTimeout: 30_000,
    // Modules are shared between the test files of a run (mutants switch at run time): much faster re-runs.
    isolate: false,
    fileParallelism: false,
  },
});
