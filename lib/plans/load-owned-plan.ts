import type { PlanStore } from '../ports/plan-store.ts';
import { PlanAccessDeniedError, PlanNotFoundError } from './errors.ts';
import { correlate, type OpsLog } from './ops-log.ts';
import type { StoredPlan } from './stored-plan.ts';

/**
 * Reads a plan and enforces 000's precondition "user_id must match plan creator" (404, then 403). The plan's ids
 * become the invocation's log keys (correlate).
 */
export async function loadOwnedPlan(
  deps: { plans: PlanStore; log: OpsLog },
  planId: string,
  userId: string,
): Promise<StoredPlan> {
  const plan = await deps.plans.get(planId);
  if (!plan) throw new PlanNotFoundError(planId);
  correlate(deps.log, plan);
  if (plan.user_id !== userId) throw new PlanAccessDeniedError(planId);
  return plan;
}
