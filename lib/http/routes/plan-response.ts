import type { ExecutionPlan } from '../../contracts/execution-plan.ts';
import { maskPlanPii, type PiiLookup } from '../../plans/mask-plan.ts';
import { type StoredPlan, toExecutionPlan } from '../../plans/stored-plan.ts';

/**
 * The 200 body of the plan operations (status, confirm, answer): `{ plan }`, exactly the ExecutionPlan fields of
 * 001, with guest PII masked at every status (issue 27, ADR 0017). The stored plan of a live plan keeps the values
 * the user confirmed (the executor sends them); no read ever returns them raw. Masking is idempotent, so a
 * terminal plan, masked at rest already, reads the same.
 */
export function planResponse(plan: StoredPlan, isPii: PiiLookup): { plan: ExecutionPlan } {
  return { plan: toExecutionPlan(maskPlanPii(plan, isPii)) };
}
