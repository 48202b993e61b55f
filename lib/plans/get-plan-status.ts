import { closedView } from './confirmability.ts';
import { loadOwnedPlan } from './load-owned-plan.ts';
import type { PlanUseCaseDeps } from './plan-use-case-deps.ts';
import type { StoredPlan } from './stored-plan.ts';

/** Input of Get Plan Status (000 Service Interface). */
export interface GetPlanStatusInput {
  plan_id: string;
  user_id: string;
  /** X-User-Token: proves `user_id` (issue 27) and, for a plan with a venue, the venue (ADR 0010). */
  token: string;
}

/** What getPlanStatus reads with; the two checks are set by the composition root (lib/composition). */
export type GetPlanStatusDeps = Pick<
  PlanUseCaseDeps,
  'plans' | 'log' | 'clock' | 'checkIdentity' | 'checkToken'
>;

/**
 * 000 Get Plan Status: the plan for its creator only, checked in this order, each before anything else is read:
 * the token's user is `user_id` (issue 27: 403 / 401), the plan exists (404) and `user_id` created it (403), the
 * token is of the plan's venue (ADR 0010, 403 / 401). A closed plan reads terminal (ADR 0008): superseded,
 * cancelled and expired plans show `cancelled` with `closed_reason`, expiry applied on read since DynamoDB's TTL
 * deletion lags. The plan comes back as stored; the route masks its PII (ADR 0017).
 */
export async function getPlanStatus(deps: GetPlanStatusDeps, input: GetPlanStatusInput): Promise<StoredPlan> {
  await deps.checkIdentity?.(input.user_id, input.token);
  const plan = await loadOwnedPlan(deps, input.plan_id, input.user_id);
  await deps.checkToken?.(plan, input.token);
  return closedView(plan, deps.clock.now());
}
