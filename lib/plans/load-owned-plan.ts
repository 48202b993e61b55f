import type { PlanStore } from '../ports/plan-store.ts';
import { PlanAccessDeniedError, PlanNotFoundError } from './errors.ts';
import type { StoredPlan } from './stored-plan.ts';

/** Reads a plan and enforces 000's precondition "user_id must match plan creator" (404, then 403). */
export async function loadOwnedPlan(plans: PlanStore, planId: string, userId: string): Promise<StoredPlan> {
  const plan = await plans.get(planId);
  if (!plan) throw new PlanNotFoundError(planId);
  if (plan.user_id !== userId) throw new PlanAccessDeniedError(planId);
  return plan;
}
