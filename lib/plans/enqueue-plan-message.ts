import type { PlanMessage } from '../ports/plan-queue.ts';
import { PlanEnqueueError } from './errors.ts';
import { buildPlanMessage } from './plan-message.ts';
import type { PlanUseCaseDeps } from './plan-use-case-deps.ts';
import type { StoredPlan } from './stored-plan.ts';

/**
 * Sends a start/resume message for `plan` at `version`, the user's token sealed to the plan first (issue 28: the
 * queue holds ciphertext only). Any failure (sealing or sending) becomes PlanEnqueueError (503); the callers are
 * arranged so that retrying the same request re-attempts the send.
 */
export async function enqueuePlanMessage(
  deps: Pick<PlanUseCaseDeps, 'queue' | 'log' | 'tokenSealer'>,
  plan: StoredPlan,
  kind: PlanMessage['kind'],
  version: number,
  userToken: string,
): Promise<void> {
  try {
    const sealed = await deps.tokenSealer.seal(userToken, plan.plan_id);
    const { message, options } = buildPlanMessage(plan.plan_id, kind, version, sealed);
    await deps.queue.enqueue(message, options);
  } catch (error) {
    deps.log.warn(`plan ${plan.plan_id} ${kind} message not enqueued`, {
      plan_id: plan.plan_id,
      session_id: plan.session_id,
      status: plan.status,
      error_name: error instanceof Error ? error.name : 'unknown',
    });
    throw new PlanEnqueueError(plan.plan_id, kind, { cause: error });
  }
}
