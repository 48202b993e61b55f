import { beforeAll, describe, expect, it } from 'vitest';
import type { EvalCase } from '../../eval/lib/case-schema.ts';
import { formatReport } from '../../eval/lib/format-report.ts';
import { casesDir, loadCaseFile } from '../../eval/lib/load-cases.ts';
import { type EvalReport, runEval } from '../../eval/lib/run-eval.ts';

/**
 * The harness itself (issue 8, `npm run eval`): real golden cases and deliberately wrong copies go through
 * runEval against one offline local stack, and the runner must tell them apart.
 */
function goldenCase(id: string): EvalCase {
  return loadCaseFile(`${casesDir}${id}.yaml`);
}

/** The reschedule case, with the database expectation moved to the wrong day. */
function withWrongEndState(base: EvalCase): EvalCase {
  return {
    ...base,
    id: `${base.id}-wrong-db`,
    database: { ...base.database, bookings: { bk_miachen: { date: '2026-11-29', startTime: '15:00' } } },
  };
}

/** The reschedule case, expecting a question where the service rightly plans. */
function withWrongTurn(base: EvalCase): EvalCase {
  return {
    ...base,
    id: `${base.id}-wrong-turn`,
    turns: [{ user: base.turns[0]!.user, expect: { kind: 'clarification', question: 'which booking' } }],
    confirm: undefined,
    outcome: undefined,
  };
}

describe('npm run eval harness (offline provider)', () => {
  let report: EvalReport;

  beforeAll(async () => {
    // Prepare
    const reschedule = goldenCase('reschedule-by-reference-saturday-3pm');
    const cases = [
      reschedule,
      goldenCase('rollback-second-step-500'),
      withWrongEndState(reschedule),
      withWrongTurn(reschedule),
      goldenCase('reschedule-relative-time-an-hour-later'),
    ];

    // Act
    report = await runEval({ provider: 'offline', cases, trials: 2 });
  }, 120_000);

  it('passes the golden cases in every trial (pass^2), rollback included', () => {
    const byId = new Map(report.results.map((r) => [r.id, r]));
    expect(byId.get('reschedule-by-reference-saturday-3pm')).toMatchObject({ passed: true, passedTrials: 2 });
    expect(byId.get('rollback-second-step-500')).toMatchObject({ passed: true, passedTrials: 2 });
  });

  it('fails a case whose expected database end state is wrong, naming the field', () => {
    const wrong = report.results.find((r) => r.id.endsWith('-wrong-db'));

    expect(wrong).toMatchObject({ passed: false, passedTrials: 0 });
    expect(wrong?.firstFailure).toBe('database: bk_miachen.date expected "2026-11-29", got "2026-11-28"');
  });

  it('fails a case whose turn expectation is wrong, before confirming anything', () => {
    const wrong = report.results.find((r) => r.id.endsWith('-wrong-turn'));

    expect(wrong?.passed).toBe(false);
    expect(wrong?.firstFailure).toMatch(
      /^turn 1: expected a clarification, got a plan \[rescheduleBooking\]/,
    );
    expect(wrong?.trials[0]?.failures).toHaveLength(1);
  });

  it('skips the case marked out of scope for offline and counts only in-scope cases', () => {
    expect(report.skipped.map((s) => s.id)).toEqual(['reschedule-relative-time-an-hour-later']);
    expect(report.summary).toBe('2 passed, 2 failed');
    expect(formatReport(report).split('\n').at(-1)).toBe('2 passed, 2 failed');
    expect(formatReport(report)).toContain('skipped (out of scope for offline): 1');
  });
});
