// @ts-check
/**
 * A Stryker reporter (`summary`) that writes the evidence of a mutation run where it is committed:
 * docs/mutation/<scope>.json holds the scope, the date, the commit, the counts by status, both scores, the counts per
 * file and every survivor and timeout by file and line. The full HTML and JSON reports (with every file's source)
 * stay in reports/ (git-ignored: several MB per scope). docs/mutation-testing.md quotes these files' figures.
 * Declared as a plain plugin object ({ kind, name, injectableClass }), the shape `declareClassPlugin` returns, so no
 * import of @stryker-mutator/api is needed.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Statuses Stryker counts as detected in its mutation score. */
const DETECTED = ['Killed', 'Timeout'];
/** Statuses that count as valid (the score's denominator). */
const VALID = ['Killed', 'Timeout', 'Survived', 'NoCoverage'];

function commitOf() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/** @param {Record<string, number>} counts */
function score(counts, detected) {
  const valid = VALID.reduce((n, s) => n + (counts[s] ?? 0), 0);
  const found = detected.reduce((n, s) => n + (counts[s] ?? 0), 0);
  return valid === 0 ? null : Math.round((1000 * found) / valid) / 10;
}

/**
 * Where the summary goes: docs/mutation/ for a run over a whole scope (its `mutate` is the scope's glob), and
 * reports/mutation/ for a run over chosen files (`--mutate lib/plans/x.ts`), whose figures are not the scope's.
 * @param {{ mutate: readonly string[] }} options
 */
export function summaryPath(options) {
  const name = (process.env.STRYKER_SCOPE ?? 'plans').replace('/', '-');
  const wholeScope = options.mutate.length === 1 && /\*\.ts$/.test(options.mutate[0] ?? '');
  return wholeScope ? `docs/mutation/${name}.json` : `reports/mutation/${name}.summary.json`;
}

class SummaryReporter {
  /** Stryker's options (typed-inject reads this list: commonTokens.options). */
  static inject = /** @type {const} */ (['options']);

  /** @param {{ mutate: readonly string[] }} options */
  constructor(options) {
    this.path = summaryPath(options);
  }

  /** @param {{ files: Record<string, { mutants: Array<{ status: string, mutatorName: string, replacement?: string, location: { start: { line: number } } }> }> }} report */
  onMutationTestReportReady(report) {
    /** @type {Record<string, number>} */
    const totals = {};
    /** @type {Record<string, Record<string, number>>} */
    const files = {};
    /** @type {Array<{ file: string, line: number, status: string, mutator: string, replacement?: string }>} */
    const undetected = [];
    for (const [file, { mutants }] of Object.entries(report.files)) {
      /** @type {Record<string, number>} */
      const counts = {};
      files[file] = counts;
      for (const m of mutants) {
        totals[m.status] = (totals[m.status] ?? 0) + 1;
        counts[m.status] = (counts[m.status] ?? 0) + 1;
        if (m.status === 'Survived' || m.status === 'NoCoverage' || m.status === 'Timeout')
          undetected.push({
            file,
            line: m.location.start.line,
            status: m.status,
            mutator: m.mutatorName,
            ...(m.replacement === undefined ? {} : { replacement: m.replacement.slice(0, 80) }),
          });
      }
    }
    const summary = {
      scope: process.env.STRYKER_SCOPE ?? 'plans',
      date: new Date().toISOString(),
      commit: commitOf(),
      totals,
      score: score(totals, DETECTED),
      score_kills_only: score(totals, ['Killed']),
      files,
      survivors_and_timeouts: undetected,
    };
    mkdirSync(dirname(this.path), { recursive: true });
    writeFileSync(this.path, `${JSON.stringify(summary, null, 2)}\n`);
  }
}

export const strykerPlugins = [{ kind: 'Reporter', name: 'summary', injectableClass: SummaryReporter }];
