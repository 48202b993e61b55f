import { loadOwnedPlan } from './load-owned-plan.ts';
import type { PlanUseCaseDeps } from './plan-use-case-deps.ts';
import type { StoredPlan } from './stored-plan.ts';

/** Input of Get Plan Status (000 Service Interface). */
export interface GetPlanStatusInput {
  plan_id: string;
  user_id: string;
}

/** 000 Get Plan Status: the plan as stored, for its creator only (404 / 403 otherwise). */
export function getPlanStatus(
  deps: Pick<PlanUseCaseDeps, 'plans' | 'log'>,
  input: GetPlanStatusInput,
): Promise<StoredPlan> {
  return loadOwnedPlan(deps, input.plan_id, input.user_id);
}
