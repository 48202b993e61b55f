import type { StoredPlan } from '../../plans/stored-plan.ts';
import { toExecutionPlan } from '../../plans/stored-plan.ts';
import type { PlannerRegistry } from '../planner-deps.ts';
import { isIrreversible } from '../presentation.ts';
import type { PlanOutcome } from '../request-outcome.ts';

/** Said with a pending plan shown again for "try again": it has not run, so there is nothing to retry. */
export const PENDING_AGAIN_NOTE =
  'This plan has not run yet: it is still waiting for your confirmation. Confirm it to run it.';

/**
 * "Try again" while the session's plan still awaits confirmation (ADR 0015): that plan is only confirmed, never
 * planned again, so it is shown again as it is (same plan_id, same steps and lines as stored), with a note saying
 * so. Nothing is written: the plan, its version and the session stay as they were.
 */
export function pendingAgain(plan: StoredPlan, registry: PlannerRegistry): PlanOutcome {
  return {
    kind: 'plan',
    plan: toExecutionPlan(plan),
    presentation: {
      intent_summary: plan.intent_summary,
      steps: plan.actions.map((step) => {
        const action = registry.get(step.action_id);
        return {
          step_number: step.step_number,
          line: step.description ?? step.action_id,
          safety_tier: step.safety_tier,
          irreversible: action !== undefined && isIrreversible(action),
        };
      }),
      retry_note: PENDING_AGAIN_NOTE,
    },
  };
}
