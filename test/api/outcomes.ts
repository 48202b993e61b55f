import type { RequestOutcome } from '../../lib/planner/request-outcome.ts';
import { toExecutionPlan } from '../../lib/plans/stored-plan.ts';
import { aStoredPlan } from '../store/plan-factory.ts';

/** A plan outcome as the planner returns it. */
export function aPlanOutcome(): RequestOutcome {
  const plan = toExecutionPlan(aStoredPlan());
  return {
    kind: 'plan',
    plan,
    presentation: {
      intent_summary: plan.intent_summary,
      steps: plan.actions.map((a) => ({
        step_number: a.step_number,
        line: `Step ${a.step_number}: ${a.action_id}`,
        safety_tier: a.safety_tier,
        irreversible: false,
      })),
    },
  };
}

/** A clarification with booking candidates. */
export function aClarificationOutcome(): RequestOutcome {
  return {
    kind: 'clarification',
    question: 'Which booking do you mean?',
    reply_type: 'question',
    asks_for: 'booking',
    candidates: [
      { booking_id: 'BK-1042', guest_name: 'John Smith', booking_date: '2026-12-11', booking_time: '11:00' },
      { booking_id: 'BK-1077', guest_name: 'John Smithers', booking_date: '2026-12-19' },
    ],
  };
}
