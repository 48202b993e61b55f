import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';

// stryker.summary-reporter.mjs is plain JavaScript (Stryker loads it as a plugin): imported by URL, its exports
// read through a schema instead of a declaration file.
interface SummaryReporter {
  path: string;
  onMutationTestReportReady(report: unknown): void;
}
const isFunction = (v: unknown) => typeof v === 'function';
const Reporter = z.object({
  summaryPath: z.custom<(options: { mutate: string[] }) => string>(isFunction),
  strykerPlugins: z.array(
    z.object({
      kind: z.literal('Reporter'),
      name: z.literal('summary'),
      injectableClass: z.custom<new (options: { mutate: string[] }) => SummaryReporter>(isFunction),
    }),
  ),
});
const loaded = Reporter.parse(
  await import(new URL('../../stryker.summary-reporter.mjs', import.meta.url).href),
);
const summaryPath = (mutate: string[]): unknown => loaded.summaryPath({ mutate });

const mutant = (status: string, line: number) => ({
  status,
  mutatorName: 'ConditionalExpression',
  replacement: 'true',
  location: { start: { line } },
});

describe('stryker summary reporter (issue 31)', () => {
  it('commits a whole scope run to docs/mutation, and keeps a run over chosen files in reports/', () => {
    // Act / Assess
    expect(summaryPath(['lib/plans/**/*.ts'])).toBe('docs/mutation/plans.json');
    expect(summaryPath(['lib/plans/confirm-plan.ts'])).toBe('reports/mutation/plans.summary.json');
  });

  it('writes the counts, both scores and every survivor and timeout by file and line', () => {
    // Prepare
    const Summary = loaded.strykerPlugins[0]?.injectableClass;
    if (!Summary) throw new Error('no summary reporter');
    const reporter = new Summary({ mutate: ['lib/plans/**/*.ts'] });
    reporter.path = join(mkdtempSync(join(tmpdir(), 'mutation-')), 'plans.json');
    const files = {
      'lib/plans/a.ts': {
        mutants: [mutant('Killed', 1), mutant('Killed', 2), mutant('Timeout', 3), mutant('Survived', 4)],
      },
    };
    // Act
    reporter.onMutationTestReportReady({ files });
    // Assess
    const written = JSON.parse(readFileSync(reporter.path, 'utf8'));
    expect(written).toMatchObject({
      totals: { Killed: 2, Timeout: 1, Survived: 1 },
      score: 75,
      score_kills_only: 50,
      files: { 'lib/plans/a.ts': { Killed: 2, Timeout: 1, Survived: 1 } },
      survivors_and_timeouts: [
        {
          file: 'lib/plans/a.ts',
          line: 3,
          status: 'Timeout',
          mutator: 'ConditionalExpression',
          replacement: 'true',
        },
        {
          file: 'lib/plans/a.ts',
          line: 4,
          status: 'Survived',
          mutator: 'ConditionalExpression',
          replacement: 'true',
        },
      ],
    });
  });
});
