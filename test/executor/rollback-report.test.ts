import { describe, expect, it } from 'vitest';
import { buildRollbackReport } from '../../lib/executor/rollback/rollback-report.ts';
import { statusAfterFailure } from '../../lib/plans/finish-execution.ts';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';
import { aConfirmedPlan, steps } from '../support/executor-plans.ts';

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
