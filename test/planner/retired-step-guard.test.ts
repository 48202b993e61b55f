import { describe, expect, it } from 'vitest';
import { keepProposedSteps, withDependents } from '../../lib/planner/gate/retired-step-guard.ts';

const step = (n: number, booking: string) => ({
  step_number: n,
  action_id: 'addBookingNote',
  parameters: { booking_id: booking },
});

describe('retired-step guard: what goes with a dropped step', () => {
  it('drops every step that reads an output of a dropped one', () => {
    // Prepare: 3 reads step 2, which reads step 1.
    const steps = [
      step(1, 'bk_1'),
      step(2, '{{step_1.booking_id}}'),
      step(3, '{{step_2.booking_id}}'),
      step(4, 'bk_4'),
    ];

    // Act
    const dropped = withDependents(steps, [{ step: steps[0] as (typeof steps)[number], reason: 'declined' }]);

    // Assess
    expect(dropped.map((d) => [d.step.step_number, d.reason])).toEqual([
      [1, 'declined'],
      [2, 'depends_on_dropped'],
      [3, 'depends_on_dropped'],
    ]);
  });

  it('renumbers the kept proposal and its placeholders', () => {
    // Prepare
    const proposed = [
      { action_id: 'a', parameters: [{ name: 'booking_id', value: 'bk_1' }] },
      { action_id: 'b', parameters: [{ name: 'booking_id', value: 'bk_2' }] },
      { action_id: 'c', parameters: [{ name: 'booking_id', value: '{{step_2.booking_id}}' }] },
    ];

    // Act
    const kept = keepProposedSteps(proposed, new Set([1]));

    // Assess
    expect(kept.map((s) => [s.action_id, s.parameters[0]?.value])).toEqual([
      ['b', 'bk_2'],
      ['c', '{{step_1.booking_id}}'],
    ]);
  });
});
