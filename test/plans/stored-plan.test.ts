import { describe, expect, it } from 'vitest';
import { toExecutionPlan } from '../../lib/plans/stored-plan.ts';
import { aStoredPlan } from '../store/plan-factory.ts';

describe('toExecutionPlan (001 ExecutionPlan)', () => {
  it('carries every optional field the plan has', () => {
    // Prepare
    const rollback_report = { triggered_by_step: 2, actions_reversed: [1] };
    const plan = aStoredPlan({
      status: 'rolled_back',
      confirmed_at: '2026-11-20T10:01:00.000Z',
      completed_at: '2026-11-20T10:02:00.000Z',
      failure_reason: 'step 2 failed',
      rollback_report,
      blocking_prompt: 'Which booking?',
      venue_id: 'venue-1',
      booking_refs: ['BK-1042'],
      actions: [
        {
          step_number: 1,
          action_id: 'getBooking',
          parameters: { booking_id: 'BK-1042' },
          safety_tier: 'normal',
          executed: true,
          step_state: 'succeeded',
          result: { success: true, response_data: { booking_id: 'BK-1042' } },
        },
      ],
    });

    // Act
    const view = toExecutionPlan(plan);

    // Assess
    expect(view).toMatchObject({
      confirmed_at: '2026-11-20T10:01:00.000Z',
      failure_reason: 'step 2 failed',
      rollback_report,
      blocking_prompt: 'Which booking?',
      venue_id: 'venue-1',
      booking_refs: ['BK-1042'],
    });
    expect(view.actions[0]?.result).toEqual({ success: true, response_data: { booking_id: 'BK-1042' } });
  });
});
