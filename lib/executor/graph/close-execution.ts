import { type ExecutionEnd, finishExecution } from '../../plans/finish-execution.ts';
import { piiLookupFromRegistry } from '../../plans/mask-plan.ts';
import type { StoredPlan } from '../../plans/stored-plan.ts';
import type { ExecutionState } from '../execution-state.ts';
import type { StepContext } from '../run-context.ts';
import { stepChangeSummaries } from '../step/change-summary.ts';

/**
 * The end of an execution: the one terminal write (lib/plans "finish with report": status, texts, PII masked at
 * rest), with the before → after line of each completed step when it completed. Then the session's blocking
 * slot is released and the execution log, which holds guest data, deleted.
 */
export async function closeExecution(
  ctx: StepContext,
  state: ExecutionState,
  end: ExecutionEnd,
): Promise<StoredPlan> {
  const { deps } = ctx;
  const actionOf = (id: string) => deps.registry.get(id);
  const plan = await finishExecution(
    { plans: deps.planStore, clock: deps.clock, log: deps.logger, isPii: piiLookupFromRegistry(actionOf) },
    state.plan,
    end,
    end.status === 'completed' ? stepChangeSummaries(state.plan, actionOf) : undefined,
  );
  await deps.sessionStore.releaseBlockingSlot(plan.session_id, plan.plan_id);
  await deps.executionLog.delete(plan.plan_id);
  return plan;
}
