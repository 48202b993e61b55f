import type { ExecutionPlan } from '../../contracts/execution-plan.ts';
import { type StoredPlan, toExecutionPlan } from '../../plans/stored-plan.ts';

/** The 200 body of the plan operations: `{ plan }`, exactly the ExecutionPlan fields of 001. */
export function planResponse(plan: StoredPlan): { plan: ExecutionPlan } {
  return { plan: toExecutionPlan(plan) };
}
