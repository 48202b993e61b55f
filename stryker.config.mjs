// @ts-check
/**
 * `npm run mutation`: StrykerJS over the plan lifecycle (lib/plans) and the executor (lib/executor), killed by
 * the pure tests of vitest.mutation.config.ts. Not part of `npm test`. Incremental: a re-run only tests the
 * mutants whose code or covering tests changed (reports/stryker-incremental.json). Modest concurrency: CI and
 * dev machines here have 2 cores.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const config = {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: ['lib/plans/**/*.ts', 'lib/executor/**/*.ts'],
  coverageAnalysis: 'perTest',
  // Module-level code (tables, regexes, prompt text) would need every test per mutant; their behaviour is pinned by
  // explicit tests (the machines' tables, the prompt and error texts) instead. Reported as ignored, not as killed.
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  concurrency: 2,
  // Added to 1.5 × a mutant's normal test time: a mutant that loops forever is given up quickly.
  timeoutMS: 5_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { reportTests: false, reportMutants: false, reportScoreTable: true },
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
};
export default config;
