import { describe, expect, it } from 'vitest';
import { compensationIfMatch } from '../../../lib/executor/rollback/compensation-if-match.ts';
import type { StoredStep } from '../../../lib/plans/stored-plan.ts';
import { loadCompiledRegistry } from '../../../lib/registry/compiled-registry.ts';
import { aConfirmedPlan, steps } from '../../support/executor-plans.ts';

const registry = loadCompiledRegistry();

function applied(step: StoredStep, response: Record<string, unknown>, state: StoredStep['step_state']) {
  return {
    ...step,
    step_state: state,
    executed: true,
    resolved_parameters: step.parameters,
    result: { success: true, response_data: response },
  };
}

function planOf(states: StoredStep['step_state'][]) {
  const plan = aConfirmedPlan([
    steps.guestCount(14),
    steps.reschedule('2026-12-12', '10:00'),
    steps.note('x'),
  ]);
  const responses = [
    { booking_id: 'bk_1042', version: 2 },
    { booking_id: 'bk_1042', version: 3 },
    { note_id: 'n1' },
  ];
  plan.actions = plan.actions.map((s, i) => applied(s, responses[i] ?? {}, states[i] ?? 'succeeded'));
  return plan;
}

describe('compensationIfMatch', () => {
  it('uses the version our latest forward write returned', () => {
    const plan = planOf(['succeeded', 'succeeded', 'failed']);

    expect(compensationIfMatch(plan, 2, {}, registry)).toBe('3');
  });

  it('uses the version the later compensation on the booking returned', () => {
    const plan = planOf(['succeeded', 'compensated', 'failed']);

    expect(compensationIfMatch(plan, 1, { '2': 4 }, registry)).toBe('4');
  });

  it('sends none when our latest write returned no version (a note)', () => {
    const plan = planOf(['succeeded', 'succeeded', 'succeeded']);

    expect(compensationIfMatch(plan, 2, {}, registry)).toBeUndefined();
  });

  it('re-sends the same If-Match after a crash between recording the version and marking the step', () => {
    // Prepare: step 2's compensation version is recorded, its step still shows succeeded.
    const plan = planOf(['succeeded', 'succeeded', 'failed']);

    // Act
    const ifMatch = compensationIfMatch(plan, 2, { '2': 4 }, registry);

    // Assess
    expect(ifMatch).toBe('3');
  });
});
