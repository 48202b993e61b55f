import { closedView } from './confirmability.ts';
import { loadOwnedPlan } from './load-owned-plan.ts';
import type { PlanUseCaseDeps } from './plan-use-case-deps.ts';
import type { StoredPlan } from './stored-plan.ts';

/** Input of Get Plan Status (000 Service Interface). */
export interface GetPlanStatusInput {
  plan_id: string;
  user_id: string;
}

/**
 * 000 Get Plan Status: the plan for its creator only (404 / 403 otherwise). A closed plan reads terminal
 * (ADR 0008): superseded, cancelled and expired plans show `cancelled` with `closed_reason`, expiry applied on
 * read since DynamoDB's TTL deletion lags.
 */
export async function getPlanStatus(
  deps: Pick<PlanUseCaseDeps, 'plans' | 'log' | 'clock'>,
  input: GetPlanStatusInput,
): Promise<StoredPlan> {
  return closedView(await loadOwnedPlan(deps, input.plan_id, input.user_id), deps.clock.now());
}
