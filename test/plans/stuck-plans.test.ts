import { describe, expect, it } from 'vitest';
import type { StoredPlan, StoredStep } from '../../lib/plans/stored-plan.ts';
import { abandonedReason, stuckFailure, stuckReason } from '../../lib/plans/stuck-plans.ts';
import { aStoredPlan } from '../store/plan-factory.ts';

const NOW = new Date('2026-11-22T08:00:00.000Z');
const MINUTE = 60_000;
const bounds = { runningMs: 15 * MINUTE, questionMs: 24 * 60 * MINUTE };
const idleFor = (ms: number, status: StoredPlan['status'], extra: Partial<StoredPlan> = {}) =>
  aStoredPlan({ status, updated_at: new Date(NOW.getTime() - ms).toISOString(), ...extra });
const isMutation = (id: string) => id !== 'getBooking';

/** A step `n` of `action` in `state`; override any field. */
const aStep = (n: number, action: string, state: StoredStep['step_state'], extra: Partial<StoredStep> = {}) =>
  ({
    step_number: n,
    action_id: action,
    parameters: { booking_id: 'BK-1' },
    safety_tier: 'normal',
    executed: state === 'succeeded',
    step_state: state,
    ...extra,
  }) as StoredStep;
const withSteps = (...actions: StoredStep[]) => aStoredPlan({ status: 'executing', actions });

describe('stuckReason: the bounds are exclusive', () => {
  it('calls a plan stuck only once it has been idle longer than its bound', () => {
    expect(stuckReason(idleFor(bounds.runningMs, 'confirmed'), NOW, bounds)).toBeUndefined();
    expect(stuckReason(idleFor(bounds.runningMs + 1, 'confirmed'), NOW, bounds)).toBe('not_started');
    expect(stuckReason(idleFor(bounds.runningMs, 'executing'), NOW, bounds)).toBeUndefined();
    expect(stuckReason(idleFor(bounds.runningMs + 1, 'executing'), NOW, bounds)).toBe('stopped_executing');
    const asking = { blocking_prompt: 'Which?' };
    expect(stuckReason(idleFor(bounds.questionMs, 'executing', asking), NOW, bounds)).toBeUndefined();
    expect(stuckReason(idleFor(bounds.questionMs + 1, 'executing', asking), NOW, bounds)).toBe(
      'question_unanswered',
    );
  });

  it('never calls a terminal or pending plan stuck, however old', () => {
    for (const status of [
      'completed',
      'failed',
      'rolled_back',
      'cancelled',
      'pending_confirmation',
    ] as const) {
      expect(stuckReason(idleFor(bounds.questionMs * 10, status), NOW, bounds)).toBeUndefined();
    }
  });
});

describe('stuckFailure: the manual-check report', () => {
  it('names the booking by its pre-image reference, else the response reference, else the id, else generically', () => {
    // Prepare: four applied writes, each naming its booking differently.
    const plan = withSteps(
      aStep(1, 'cancelBooking', 'succeeded', { before: { booking_reference: 'REF-A' } }),
      aStep(2, 'cancelBooking', 'succeeded', {
        result: { success: true, response_data: { booking_reference: 'REF-B' } },
      }),
      aStep(3, 'cancelBooking', 'succeeded', {
        result: { success: true },
        resolved_parameters: { booking_id: 'BK-3' },
      }),
      aStep(4, 'cancelBooking', 'succeeded', { parameters: { booking_id: 42 } }),
    );

    // Act
    const { rollback_report } = stuckFailure(plan, 'stopped_executing', isMutation);

    // Assess
    expect(rollback_report?.manual_recovery_steps?.map((s) => s.match(/ on (.+?) was applied/)?.[1])).toEqual(
      ['booking REF-A', 'booking REF-B', 'booking BK-3', 'the booking'],
    );
  });

  it('lists applied and unsure writes in step order, joined by spaces, triggered by the first unfinished step', () => {
    // Prepare: the read succeeded, step 2 was sent without an answer, step 3 was applied, step 4 never ran.
    const plan = withSteps(
      aStep(1, 'getBooking', 'succeeded'),
      aStep(3, 'addExtra', 'succeeded'),
      aStep(2, 'rescheduleBooking', 'intent_recorded'),
      aStep(4, 'cancelBooking', 'pending'),
    );

    // Act
    const end = stuckFailure(plan, 'dead_letter', isMutation);

    // Assess
    const manual = end.rollback_report?.manual_recovery_steps ?? [];
    expect(manual.map((s) => s.slice(0, 6))).toEqual(['Step 2', 'Step 3']);
    expect(end.rollback_report?.actions_failed_to_reverse?.map((a) => a.step_number)).toEqual([2, 3]);
    expect(end.rollback_report?.triggered_by_step).toBe(2);
    expect(end.failure_reason).toBe(
      `This request kept failing before it could finish, and it could not be resumed, so nothing was undone automatically. Please check: ${manual[0]} ${manual[1]}`,
    );
  });

  it('is triggered by the first step not yet run when every write before it succeeded', () => {
    const plan = withSteps(
      aStep(1, 'getBooking', 'succeeded'),
      aStep(2, 'rescheduleBooking', 'succeeded'),
      aStep(3, 'cancelBooking', 'pending'),
    );

    expect(stuckFailure(plan, 'stopped_executing', isMutation).rollback_report?.triggered_by_step).toBe(3);
  });
});

describe('abandonedReason (ADR 0009)', () => {
  const report = (manual: string[]) => ({
    triggered_by_step: 2,
    actions_reversed: [],
    manual_recovery_steps: manual,
  });

  it('says the changes were undone after a rollback', () => {
    expect(abandonedReason('rolled_back', undefined)).toBe(
      'This request kept failing before it could finish, so it was stopped and the changes it had made were undone. You can ask again.',
    );
  });

  it.each([
    ['no report', undefined],
    ['no manual steps', report([])],
  ])('says nothing was changed when there is %s', (_label, rollback) => {
    expect(abandonedReason('failed', rollback)).toBe(
      'This request kept failing before it could finish, so it was stopped. Nothing was changed. You can ask again.',
    );
  });

  it('lists the manual steps to check otherwise', () => {
    expect(abandonedReason('failed', report(['Check BK-1042.', 'Check BK-7.']))).toBe(
      'This request kept failing before it could finish, so it was stopped, and not everything it had changed could be undone automatically. Please check: Check BK-1042. Check BK-7.',
    );
  });
});
