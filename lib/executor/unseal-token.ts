import { hasErrorName } from '../errors/has-error-name.ts';
import { finishExecution } from '../plans/finish-execution.ts';
import { piiLookupFromRegistry } from '../plans/mask-plan.ts';
import type { StoredPlan } from '../plans/stored-plan.ts';
import { stuckFailure } from '../plans/stuck-plans.ts';
import type { PlanMessage } from '../ports/plan-queue.ts';
import type { StepDeps } from './run-context.ts';

/** The message's token, or the plan as ended because the token could not be unsealed. */
export type Unsealed = { kind: 'token'; token: string } | { kind: 'ended'; plan: StoredPlan };

/**
 * Ends an executing plan whose token cannot be unsealed (issue 28: wrong key, tampered, another plan's), without
 * a single booking API call: failed, and every change already applied (a resume after a question) or sent
 * without an answer is listed for a manual check (lib/plans stuckFailure) — never claimed undone. The message is
 * then acknowledged, so a bad message cannot loop through the consumer.
 */
async function endUnreadable(deps: StepDeps, plan: StoredPlan): Promise<StoredPlan> {
  const actionOf = (id: string) => deps.registry.get(id);
  const end = stuckFailure(plan, 'unreadable_token', (id) => actionOf(id)?.read_only !== true);
  const ended = await finishExecution(
    { plans: deps.planStore, clock: deps.clock, log: deps.logger, isPii: piiLookupFromRegistry(actionOf) },
    plan,
    { status: 'failed', ...end },
  );
  await deps.sessionStore.releaseBlockingSlot(ended.session_id, ended.plan_id);
  await deps.executionLog.delete(ended.plan_id);
  return ended;
}

/**
 * Unseals the message's token for the admitted plan. A token that can never be unsealed ends the plan
 * (endUnreadable); a key service that does not answer throws TokenSealerUnavailableError, so SQS redelivers.
 */
export async function unsealToken(deps: StepDeps, msg: PlanMessage, plan: StoredPlan): Promise<Unsealed> {
  try {
    return { kind: 'token', token: await deps.tokenSealer.unseal(msg.sealed_token, msg.plan_id) };
  } catch (error) {
    if (!hasErrorName(error, 'TokenUnsealError')) throw error;
    deps.logger.warn(
      `plan ${plan.plan_id}: the message's sealed token cannot be unsealed; failing the plan`,
      {
        plan_id: plan.plan_id,
        error_name: error.name,
      },
    );
    return { kind: 'ended', plan: await endUnreadable(deps, plan) };
  }
}
