import { describe, expect, it } from 'vitest';
import { loadDateCorpus } from '../../eval/lib/dates/date-corpus.ts';
import { scoreCorpusFile } from '../../eval/lib/dates/score-dates.ts';

/**
 * Issue 15: the blind date corpus (eval/blind/dates/, never edited) through the resolver. A phrase may be asked
 * about; it may never be resolved to a value other than its label. `npm run eval -- --suite dates` prints the
 * figures.
 */
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
      .filter((c) => c.verdict === 'wrong')
      .map(
        (c) => `${c.id} "${c.phrase}": expected ${JSON.stringify(c.expected)}, got ${JSON.stringify(c.got)}`,
      );
    expect(wrong).toEqual([]);
  });
});
