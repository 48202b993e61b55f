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

/**
 * What is mutated, from STRYKER_SCOPE (set by the npm scripts): `plans`, `executor`, or one part of the executor so a
 * run fits in a sitting on 2 cores: `executor/graph`, `executor/step`, `executor/rollback`, `executor/ask` (a
 * sub-folder) or `executor/top` (the files directly in lib/executor). The folder before the slash picks the tests
 * (vitest.mutation.config.ts reads STRYKER_SCOPE too); each scope keeps its own incremental file, so the parts can
 * run one after another without redoing each other's mutants.
 */
const scope = process.env.STRYKER_SCOPE ?? 'plans';
const [folder, part] = scope.split('/');
if (!['plans', 'executor'].includes(folder) || (part !== undefined && folder !== 'executor')) {
  throw new Error(`STRYKER_SCOPE must be plans, executor or executor/<part>, got ${scope}`);
}
const mutate =
  part === undefined
    ? `lib/${folder}/**/*.ts`
    : part === 'top'
      ? `lib/${folder}/*.ts`
      : `lib/${folder}/${part}/**/*.ts`;
const name = scope.replace('/', '-');

const config = {
  testRunner: 'vitest',
  // The summary reporter writes the committed evidence, docs/mutation/<scope>.json (stryker.summary-reporter.mjs).
  plugins: ['@stryker-mutator/vitest-runner', './stryker.summary-reporter.mjs'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: [mutate],
  coverageAnalysis: 'perTest',
  // Module-level code (tables, regexes, prompt text) would need every test per mutant; their behaviour is pinned by
  // explicit tests (the machines' tables, the prompt and error texts) instead. Reported as ignored, not as killed.
  ignoreStatic: true,
  incremental: true,
  incrementalFile: `reports/stryker-incremental-${name}.json`,
  concurrency: 2,
  // Added to 1.5 × a mutant's normal test time plus the start-up overhead measured in the dry run. A timeout counts as
  // detected in the score, so a too-small margin on a loaded machine flatters it (5 s made 31 of 82 mutants of
  // admit-to-execution.ts "time out", most of them falsely): 10 s, and a mutant that loops through its own code is
  // stopped earlier anyway by Stryker's hit limit. Report timeouts apart from kills.
  timeoutMS: 10_000,
  reporters: ['clear-text', 'progress', 'html', 'json', 'summary'],
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  clearTextReporter: { reportTests: false, reportMutants: false, reportScoreTable: true },
  thresholds: { high: 90, low: 80, break: null },
  // One temp dir for both scopes: Stryker leaves its own temp dir out of the sandbox it copies.
  tempDirName: '.stryker-tmp',
};
export default config;
