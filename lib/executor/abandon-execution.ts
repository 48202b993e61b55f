import type { StoredPlan } from '../plans/stored-plan.ts';
import { abandonedReason } from '../plans/stuck-plans.ts';
import type { ExecutionFailure, ExecutionRecord } from '../ports/execution-log.ts';
import type { PlanMessage } from '../ports/plan-queue.ts';
import type { TraceScope } from '../ports/tracer.ts';
import { decidedFailure, freshRecord } from './execution-record.ts';
import { stateFromCheckpoint } from './execution-state.ts';
import { planVenue } from './plan-venue.ts';
import { rollBackAndClose } from './rollback/roll-back-and-close.ts';
import type { StepContext, StepDeps } from './run-context.ts';

/** Rolls back a plan whose message died twice; undefined when the plan is not executing (nothing to roll back). */
export type AbandonExecution = (msg: PlanMessage) => Promise<StoredPlan | undefined>;

/**
 * The failure an abandoned plan ends with: the one already decided (logged, or a failed step), else the write
 * that was sent without a recorded answer — in doubt, so rollback reads it back first (ADR 0007) — else the
 * first step not done. Not a timeout: the attempt belonged to an invocation that died minutes ago, so nothing
 * of it is still in flight.
 */
function abandonFailure(plan: StoredPlan, record: ExecutionRecord): ExecutionFailure {
  const decided = decidedFailure(plan, record);
  if (decided) return decided;
  const open = plan.actions.find((s) => s.step_state !== 'succeeded') ?? plan.actions.at(-1);
  return {
    kind: 'execution_abandoned',
    step_number: open?.step_number ?? 1,
    message: abandonedReason('failed', undefined),
    ...(open?.step_state === 'intent_recorded'
      ? { in_doubt: true, error_type: 'server_error' as const }
      : {}),
  };
}

/**
 * Use case "abandon with rollback" (ADR 0009): the watchdog's end for a plan whose message died in the DLQ a
 * second time. With the message's token (memory only, as in the executor), it runs the executor's own rollback
 * (rollback/roll-back-and-close.ts: reverse order, same compensations, same idempotency keys, so a crash or a
 * rerun never compensates twice) and ends the plan rolled_back or failed with the report. When the booking API
 * refuses (token expired → 401) or does not answer, each compensation that could not run is reported as not
 * reversed, with the booking and values to check by hand. No model is needed.
 */
export function createAbandonExecution(deps: StepDeps): AbandonExecution {
  return async function abandonExecution(msg: PlanMessage): Promise<StoredPlan | undefined> {
    const plan = await deps.planStore.get(msg.plan_id);
    if (plan?.status !== 'executing') return undefined;
    // Issue 28: unsealed here, in memory only. A token that cannot be unsealed throws (TokenUnsealError), and the
    // watchdog fails the plan with the manual-check report instead of calling the booking API.
    const token = await deps.tokenSealer.unseal(msg.sealed_token, plan.plan_id);
    const stored = await deps.executionLog.get(plan.plan_id);
    const record = stored ?? freshRecord(deps, plan);
    const scope: TraceScope = { userId: plan.user_id, sessionId: plan.session_id, planId: plan.plan_id };
    return deps.tracer.span(
      'abandoned_execution',
      scope,
      { input: { plan_id: plan.plan_id, steps: plan.actions.length } },
      async function rollBackAbandoned(span) {
        const ctx: StepContext = {
          deps,
          planId: plan.plan_id,
          token,
          scope,
          span,
          venue: planVenue(plan, deps.config),
        };
        const state = stateFromCheckpoint(plan, record, stored !== undefined);
        const failure = abandonFailure(plan, record);
        // A failure decided before the message died keeps its own text; otherwise the text says why it stopped.
        const { plan: ended } = await rollBackAndClose(
          ctx,
          state,
          failure,
          failure.kind === 'execution_abandoned' ? abandonedReason : undefined,
        );
        span.update({ output: { status: ended.status } });
        return ended;
      },
    );
  };
}
