import { describe, expect, it } from 'vitest';
import { parseEvalArgs } from '../../eval/lib/cli-args.ts';
import { formatDatesReport } from '../../eval/lib/dates/format-dates-report.ts';
import { type FileScore, verdictOf } from '../../eval/lib/dates/score-dates.ts';
import type { WhenOutcome } from '../../lib/dates/when-outcome.ts';

const value = (v: Extract<WhenOutcome, { kind: 'value' }>['value']): WhenOutcome => ({
  kind: 'value',
  phrase: 'p',
  value: v,
  relative: true,
});
const ambiguous: WhenOutcome = {
  kind: 'ambiguous',
  phrase: 'p',
  reason: 'next_weekday',
  candidates: [],
  about: 'date',
};
const unreadable: WhenOutcome = { kind: 'unreadable', phrase: 'p', reason: 'unknown_words' };

/** Issue 15 scoring: right = exactly the labelled keys and values; a question = asked; anything else = wrong. */
describe('verdictOf', () => {
  it.each([
    [{ date: '2026-11-28' }, value({ date: '2026-11-28' }), 'right'],
    [{ date: '2026-11-28' }, value({ date: '2026-11-28', time: '15:00' }), 'wrong'],
    [
      { date: '2026-11-28', part_of_day: 'night' as const },
      value({ date: '2026-11-28', part_of_day: 'evening' }),
      'wrong',
    ],
    [{ time: '15:00' }, value({ date: '2026-11-23', time: '15:00' }), 'wrong'],
    [{ time: '15:00' }, ambiguous, 'asked'],
    [{ time: '15:00' }, unreadable, 'asked'],
    [{ ask: true as const }, ambiguous, 'right'],
    [{ ask: true as const }, unreadable, 'right'],
    [{ ask: true as const }, value({ date: '2026-11-28' }), 'wrong'],
  ])('label %j, outcome %j → %s', (expected, got, verdict) => {
    expect(verdictOf(expected, got)).toBe(verdict);
  });
});

describe('formatDatesReport and --suite', () => {
  it('prints each file and the total, and lists the silently wrong phrases', () => {
    // Prepare
    const file: FileScore = {
      file: 'x.yaml',
      total: 3,
      right: 1,
      asked: 1,
      wrong: 1,
      cases: [
        {
          id: 'x-1',
          phrase: 'next Saturday',
          verdict: 'wrong',
          expected: { ask: true },
          got: value({ date: '2026-11-28' }),
        },
      ],
    };

    // Act
    const lines = formatDatesReport([file]).split('\n');

    // Assess
    expect(lines).toContain('  x.yaml x-1 "next Saturday": expected {"ask":true}, got {"date":"2026-11-28"}');
    expect(lines.at(-1)).toBe('3 phrases: 1 right (33.3%), 1 asked, 1 silently wrong');
  });

  it('takes --suite dates and defaults to the golden conversations', () => {
    expect(parseEvalArgs(['--suite', 'dates']).suite).toBe('dates');
    expect(parseEvalArgs([]).suite).toBe('golden');
    expect(() => parseEvalArgs(['--suite', 'times'])).toThrow(/--suite/);
  });
});
