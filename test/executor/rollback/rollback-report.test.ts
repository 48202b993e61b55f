import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildRollbackReport, IN_DOUBT_REASON } from '../../../lib/executor/rollback/rollback-report.ts';
import { statusAfterFailure } from '../../../lib/plans/finish-execution.ts';
import type { StoredPlan, StoredStep } from '../../../lib/plans/stored-plan.ts';
import type { ExecutionFailure } from '../../../lib/ports/execution-log.ts';
import type { ActionRegistry } from '../../../lib/registry/action-registry.ts';
import { loadCompiledRegistry } from '../../../lib/registry/compiled-registry.ts';
import { aConfirmedPlan, type StepInput, steps } from '../../support/executor-plans.ts';
import { BK_1042_BEFORE, recorded, registryWith } from '../../support/rollback-rig.ts';

const registry = loadCompiledRegistry();
const actionOf = (id: string) => registry.get(id);

/** A plan whose steps are in the given states, with what the executor would have recorded for them. */
function planIn(states: StoredPlan['actions'][number]['step_state'][]): StoredPlan {
  const plan = aConfirmedPlan([
    steps.reschedule('2026-12-19', '10:00'),
    steps.confirmation('email'),
    steps.contact({ email: 'new@example.org' }),
    steps.guestCount(9),
  ]);
  plan.actions = plan.actions.map((s, i) => ({
    ...s,
    step_state: states[i] ?? 'pending',
    resolved_parameters: s.parameters,
    before: {
      booking_id: 'bk_1042',
      booking_reference: 'BK-1042',
      date: '2026-12-12',
      start_time: '15:00',
      email: 'john.smith@example.com',
      guest_name: 'John Smith',
      phone: '+61 412 555 019',
      party_size: 12,
      version: 3,
    },
  }));
  return plan;
}

describe('buildRollbackReport', () => {
  it('reports reversed, failed-to-reverse and irreversible steps, with plain-language manual steps', () => {
    // Prepare
    const plan = planIn(['compensated', 'succeeded', 'compensation_failed', 'failed']);

    // Act
    const report = buildRollbackReport(
      plan,
      { kind: 'step_failed', step_number: 4, message: 'x' },
      { '3': 'the booking service was unavailable' },
      actionOf,
    );

    // Assess
    expect(report).toEqual({
      triggered_by_step: 4,
      actions_reversed: [1],
      actions_failed_to_reverse: [{ step_number: 3, reason: 'the booking service was unavailable' }],
      irreversible_actions_completed: [2],
      manual_recovery_steps: [
        'Step 3 ("Update contact details") on booking BK-1042 could not be undone automatically: the booking service was unavailable. Please open booking BK-1042 and set the guest name back to J*** S*** and email back to j***@example.com and phone back to ***19.',
        'Step 2 ("Send booking confirmation") on booking BK-1042 was completed and cannot be reversed automatically. If it should not stand, please handle it by hand (for example, let the guest know).',
      ],
    });
    expect(statusAfterFailure(report)).toBe('failed');
  });

  it('never reports a completed read-only step as irreversible: a read changed nothing', () => {
    // Prepare
    const plan = aConfirmedPlan([
      { action_id: 'getBooking', parameters: { booking_id: 'bk_1042' } },
      steps.reschedule('2026-12-19', '10:00'),
    ]);
    plan.actions = plan.actions.map((s, i) => ({ ...s, step_state: i === 0 ? 'succeeded' : 'failed' }));

    // Act
    const report = buildRollbackReport(
      plan,
      { kind: 'step_failed', step_number: 2, message: 'x' },
      {},
      actionOf,
    );

    // Assess
    expect(report).toEqual({ triggered_by_step: 2, actions_reversed: [] });
  });

  it('gives guidance for a step left in doubt, naming the value to restore', () => {
    const plan = planIn(['compensated', 'pending', 'pending', 'failed']);

    const report = buildRollbackReport(
      plan,
      { kind: 'step_failed', step_number: 4, message: 'x', in_doubt: true },
      {},
      actionOf,
    );

    expect(report.actions_failed_to_reverse).toEqual([
      { step_number: 4, reason: 'no response was received, so it is unknown whether the change was applied' },
    ]);
    expect(report.manual_recovery_steps).toEqual([
      'Step 4 ("Update guest count") on booking BK-1042 got no answer from the booking system, so it may or may not have been applied. Please check booking BK-1042; if the change shows, set the party size back to 12.',
    ]);
  });
});

describe('statusAfterFailure', () => {
  it('is rolled_back only when something was reversed and nothing failed to reverse', () => {
    expect(statusAfterFailure(undefined)).toBe('failed');
    expect(statusAfterFailure({ triggered_by_step: 2, actions_reversed: [1] })).toBe('rolled_back');
    expect(
      statusAfterFailure({ triggered_by_step: 2, actions_reversed: [], irreversible_actions_completed: [1] }),
    ).toBe('failed');
  });
});

/**
 * rollback-report.ts: the 001 RollbackReport as the user reads it, from recorded step states only (reversed steps,
 * reversal failures with their reason, irreversible steps still in effect, manual steps naming the booking and the
 * value to restore, PII masked).
 */
const compiled = loadCompiledRegistry();

function planOf(rows: [StepInput, StoredStep['step_state']][]): StoredPlan {
  const plan = aConfirmedPlan(rows.map(([input]) => input));
  plan.actions = plan.actions.map((s, i) =>
    recorded(s, rows[i]?.[1] ?? 'pending', { before: BK_1042_BEFORE, response: { booking_id: 'bk_1042' } }),
  );
  return plan;
}

const failedAt = (step_number: number, extra: Partial<ExecutionFailure> = {}): ExecutionFailure => ({
  kind: 'step_failed',
  step_number,
  message: 'x',
  ...extra,
});

function report(
  plan: StoredPlan,
  failure: ExecutionFailure,
  reasons: Record<string, string> = {},
  registry: Pick<ActionRegistry, 'get'> = compiled,
) {
  return buildRollbackReport(plan, failure, reasons, (id) => registry.get(id));
}

describe('buildRollbackReport: what the manual steps say', () => {
  it('masks a value whose parameter the overlay declares PII, even under a plain name', () => {
    // Prepare: a registry whose reschedule declares start_time PII (the name alone is not a PII key).
    const registry = registryWith({
      rescheduleBooking: {
        ...compiled.require('rescheduleBooking'),
        parameters: compiled
          .require('rescheduleBooking')
          .parameters.map((p) => (p.name === 'start_time' ? { ...p, pii: true } : p)),
      },
    });
    const plan = planOf([
      [steps.reschedule('2026-12-19', '10:00'), 'compensation_failed'],
      [steps.guestCount(9), 'failed'],
    ]);

    const { manual_recovery_steps } = report(plan, failedAt(2), { '1': 'the slot was taken' }, registry);

    expect(manual_recovery_steps).toEqual([
      'Step 1 ("Reschedule booking") on booking BK-1042 could not be undone automatically: the slot was taken. Please open booking BK-1042 and set the date back to 2026-12-12 and start time back to 1***.',
    ]);
  });

  it('asks to undo by hand when the compensation action is gone from the registry', () => {
    const registry = registryWith({ deleteBookingNote: undefined });
    const plan = planOf([
      [steps.note('Cake at 3'), 'compensation_failed'],
      [steps.guestCount(9), 'failed'],
    ]);

    const { manual_recovery_steps } = report(
      plan,
      failedAt(2),
      { '1': 'its compensation action is not available' },
      registry,
    );

    expect(manual_recovery_steps).toEqual([
      'Step 1 ("Add booking note") on booking BK-1042 could not be undone automatically: its compensation action is not available. Please undo "Add booking note" by hand on booking BK-1042.',
    ]);
  });

  it('says "the reversal failed" when no reason was recorded', () => {
    const plan = planOf([
      [steps.guestCount(14), 'compensation_failed'],
      [steps.guestCount(9), 'failed'],
    ]);

    const built = report(plan, failedAt(2));

    expect(built.actions_failed_to_reverse).toEqual([{ step_number: 1, reason: 'the reversal failed' }]);
    expect(built.manual_recovery_steps?.[0]).toContain(
      'could not be undone automatically: the reversal failed.',
    );
  });

  it('says "the booking" when the step names none (a create that never answered)', () => {
    const plan = aConfirmedPlan([
      { action_id: 'createBooking', parameters: { product_id: 'prod_party_room', party_size: 8 } },
      steps.guestCount(9, 'bk_1043'),
    ]);
    plan.actions = plan.actions.map((s, i) => recorded(s, i === 0 ? 'compensation_failed' : 'failed'));

    const { manual_recovery_steps } = report(plan, failedAt(2), {
      '1': 'the booking service was unavailable',
    });

    expect(manual_recovery_steps).toEqual([
      'Step 1 ("Create booking") on the booking could not be undone automatically: the booking service was unavailable. Please undo "Create booking" by hand on the booking.',
    ]);
  });

  it('names the action id of a completed step the registry no longer knows, as irreversible', () => {
    const registry = registryWith({ updateGuestCount: undefined });
    const plan = planOf([
      [steps.guestCount(14), 'succeeded'],
      [steps.reschedule('2026-12-19', '10:00'), 'failed'],
    ]);

    const built = report(plan, failedAt(2), {}, registry);

    expect(built.irreversible_actions_completed).toEqual([1]);
    expect(built.manual_recovery_steps).toEqual([
      'Step 1 ("updateGuestCount") on booking BK-1042 was completed and cannot be reversed automatically. If it should not stand, please handle it by hand (for example, let the guest know).',
    ]);
  });

  it('an irreversible step left in doubt is not a failed reversal, but the user is asked to check it', () => {
    const plan = planOf([
      [steps.guestCount(14), 'compensated'],
      [steps.confirmation('email'), 'failed'],
    ]);

    const built = report(plan, failedAt(2, { in_doubt: true }));

    expect(built.actions_failed_to_reverse).toBeUndefined();
    expect(built.actions_reversed).toEqual([1]);
    expect(built.manual_recovery_steps).toEqual([
      'Step 2 ("Send booking confirmation") on booking BK-1042 got no answer from the booking system, so it may or may not have been applied. Please check booking BK-1042 and undo "Send booking confirmation" by hand if it was applied.',
    ]);
  });

  it('a reversible step left in doubt is a failed reversal with the in-doubt reason', () => {
    const plan = planOf([[steps.guestCount(14), 'failed']]);

    const built = report(plan, failedAt(1, { in_doubt: true }));

    expect(built.actions_failed_to_reverse).toEqual([{ step_number: 1, reason: IN_DOUBT_REASON }]);
  });
});

describe('buildRollbackReport: the step lists', () => {
  const states = fc.constantFrom<StoredStep['step_state']>(
    'succeeded',
    'compensated',
    'compensation_failed',
    'pending',
  );

  it('reversed steps come in the order they were undone (descending), irreversible ones ascending', () => {
    fc.assert(
      fc.property(fc.array(states, { minLength: 1, maxLength: 7 }), (stateList) => {
        // Prepare: confirmations (irreversible) and guest-count changes (reversible), then the failed step.
        const rows: [StepInput, StoredStep['step_state']][] = stateList.map((state, i) => [
          i % 2 === 0 ? steps.confirmation('email') : steps.guestCount(10 + i),
          i % 2 === 0 && state !== 'pending' ? 'succeeded' : state,
        ]);
        const plan = planOf([...rows, [steps.guestCount(9), 'failed']]);
        const numbered = plan.actions.map((s) => [s.step_number, s.step_state] as const);

        // Act
        const built = report(plan, failedAt(plan.actions.length));

        // Assess
        const reversed = numbered.filter(([, s]) => s === 'compensated').map(([n]) => n);
        const irreversible = numbered.filter(([, s]) => s === 'succeeded').map(([n]) => n);
        expect(built.actions_reversed).toEqual(reversed.reverse());
        expect(built.irreversible_actions_completed).toEqual(
          irreversible.length > 0 ? irreversible : undefined,
        );
      }),
    );
  });
});
