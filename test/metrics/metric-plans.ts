import type { StoredPlan, StoredStep } from '../../lib/plans/stored-plan.ts';
import { aStoredPlan } from '../store/plan-factory.ts';

/** An executed step with the given outcome. */
export function executedStep(step_number: number, action_id: string, success: boolean): StoredStep {
  return {
    step_number,
    action_id,
    parameters: { booking_id: 'BK-1042' },
    safety_tier: 'normal',
    executed: true,
    step_state: success ? 'succeeded' : 'failed',
    result: success ? { success } : { success, error_type: 'conflict', error_message: 'booking changed' },
  };
}

const at = (hour: number, seconds = 0) => new Date(Date.UTC(2026, 10, 20, hour, 0, seconds)).toISOString();

/**
 * Six finished-or-not plans with known figures (see compute-metrics.test.ts):
 * confirmed 5 (1 amendment) → accuracy 4/5; finished 4, completed 2 → success 2/4; rolled back 1/4;
 * time to confirm 30, 60, 10, 120, 20 s → median 30 s; rescheduleBooking 2 failures in 3 calls.
 */
export function metricPlans(): StoredPlan[] {
  return [
    aStoredPlan({
      status: 'completed',
      created_at: at(10),
      confirmed_at: at(10, 30),
      completed_at: at(10, 40),
      actions: [executedStep(1, 'getBooking', true), executedStep(2, 'rescheduleBooking', true)],
    }),
    aStoredPlan({
      status: 'completed',
      amends_plan_id: '0d7b5e0e-8f5e-4f0e-9d0a-7a4b9c1d2e3f',
      created_at: at(11),
      confirmed_at: at(11, 60),
      completed_at: at(11, 70),
      actions: [executedStep(1, 'updateGuestCount', true)],
    }),
    aStoredPlan({
      status: 'rolled_back',
      created_at: at(12),
      confirmed_at: at(12, 10),
      completed_at: at(12, 20),
      failure_reason: 'booking changed',
      rollback_report: { triggered_by_step: 2, actions_reversed: [1] },
      actions: [executedStep(1, 'getBooking', true), executedStep(2, 'rescheduleBooking', false)],
    }),
    aStoredPlan({
      status: 'failed',
      created_at: at(13),
      confirmed_at: at(13, 120),
      completed_at: at(13, 130),
      failure_reason: 'service unavailable',
      actions: [executedStep(1, 'rescheduleBooking', false)],
    }),
    aStoredPlan({
      status: 'pending_confirmation',
      created_at: at(14),
      invalidated_reason: 'superseded',
      invalidated_at: at(14, 5),
    }),
    aStoredPlan({ status: 'executing', created_at: at(15), confirmed_at: at(15, 20) }),
  ];
}
