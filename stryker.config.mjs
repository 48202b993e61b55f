// @ts-check
/**
 * `npm run mutation`: StrykerJS over the plan lifecycle (lib/plans) and the executor (lib/executor), one folder
 * per run (`npm run mutation:plans`, `npm run mutation:executor`; `npm run mutation` runs both). Not part of
 * `npm test`. Each folder is killed by its own pure tests only (vitest.mutation.config.ts): a lib/plans mutant
 * covered by the executor's behaviour suites would otherwise re-run ~200 sandbox scenarios (some hold real
 * timeouts of 2–3 s) per mutant, which put a lib/plans run alone above 3 h on 2 cores. lib/plans is pinned by
 * its use-case tests and the HTTP handlers over in-memory deps; lib/executor by its behaviour suites.
 * Incremental: a re-run only tests the mutants whose code or covering tests changed; the incremental files live in
 * reports/ (git-ignored, deliberately: they are per machine and per branch, and a stale one only costs a full run).
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */

/** The folder under test, from STRYKER_SCOPE (set by the npm scripts; vitest.mutation.config.ts reads it too). */
const scope = process.env.STRYKER_SCOPE === 'executor' ? 'executor' : 'plans';

const config = {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: [`lib/${scope}/**/*.ts`],
  coverageAnalysis: 'perTest',
  // Module-level code (tables, regexes, prompt text) would need every test per mutant; their behaviour is pinned by
  // explicit tests (the machines' tables, the prompt and error texts) instead. Reported as ignored, not as killed.
  ignoreStatic: true,
  incremental: true,
  incrementalFile: `reports/stryker-incremental-${scope}.json`,
  concurrency: 2,
  // Added to 1.5 × a mutant's normal test time: a mutant that loops forever is given up quickly.
  timeoutMS: 5_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${scope}.html` },
  jsonReporter: { fileName: `reports/mutation/${scope}.json` },
  clearTextReporter: { reportTests: false, reportMutants: false, reportScoreTable: true },
  thresholds: { high: 90, low: 80, break: null },
  // One temp dir for both scopes: Stryker leaves its own temp dir out of the sandbox it copies.
  tempDirName: '.stryker-tmp',
};
export default config;
