import { describe, expect, it } from 'vitest';
import { loadDateCorpus } from '../../eval/lib/dates/date-corpus.ts';
import { scoreCorpusFile } from '../../eval/lib/dates/score-dates.ts';

/**
 * Issue 15: the blind date corpus (eval/blind/dates/, never edited) through the resolver. A phrase may be asked
 * about; it may never be resolved to a value other than its label. `npm run eval -- --suite dates` prints the
 * figures.
 */
/**
 * Labels a later decision overruled (the corpus is never edited; it has been a regression suite since it was tuned
 * against). Each names the decision and the value now expected: the case still fails if the resolver gives
 * anything else.
 */
const OVERRULED: Readonly<Record<string, { decision: string; value: Record<string, string> }>> = {
  'au-060': {
    decision: 'issue 30: a passed day of the month is next month’s',
    value: { date: '2026-12-22' },
  },
  'gb-007': {
    decision: 'issue 30: a passed day of the month is next month’s',
    value: { date: '2027-01-29' },
  },
  'au-229': { decision: 'issue 30: "push back" is a delay', value: { time: '12:00' } },
};

function overruled(c: { id: string; got: unknown }): boolean {
  const rule = OVERRULED[c.id];
  const got = c.got as { kind?: string; value?: unknown } | undefined;
  return (
    rule !== undefined && got?.kind === 'value' && JSON.stringify(got.value) === JSON.stringify(rule.value)
  );
}

describe('blind date corpus (eval/blind/dates)', () => {
  const files = loadDateCorpus();

  it('holds the committed files', () => {
    expect(files.map((f) => f.file)).toEqual([
      'au-sydney.yaml',
      'fr-paris.yaml',
      'gb-london.yaml',
      'us-newyork-dst.yaml',
    ]);
  });

  it.each(files.map((f) => [f.file, f] as const))('%s: no phrase is silently wrong', (_file, corpus) => {
    // Act
    const score = scoreCorpusFile(corpus);

    // Assess
    const wrong = score.cases
      .filter((c) => c.verdict === 'wrong' && !overruled(c))
      .map(
        (c) => `${c.id} "${c.phrase}": expected ${JSON.stringify(c.expected)}, got ${JSON.stringify(c.got)}`,
      );
    expect(wrong).toEqual([]);
  });
});
