import { recordStepFailed, recordStepSucceeded } from '../../plans/step-records.ts';
import type { ActionOutcome } from '../../ports/booking-api.ts';
import type { ExecutionFailure } from '../../ports/execution-log.ts';
import { type ExecutionState, saveCheckpoint, stepOf, withPlan } from '../execution-state.ts';
import type { StepContext } from '../run-context.ts';
import { canReadBack } from '../step/read-back.ts';
import { resolveInDoubt } from '../step/resolve-in-doubt.ts';

type LostAnswer = Extract<ActionOutcome, { ok: false }>;

/** What settling came to: the failure as it now stands, and the state holding what was recorded. */
export interface Settlement {
  failure: ExecutionFailure;
  state: ExecutionState;
}

async function markFailed(
  ctx: StepContext,
  state: ExecutionState,
  failure: ExecutionFailure,
): Promise<ExecutionState> {
  const step = stepOf(state.plan, failure.step_number);
  if (step.step_state !== 'intent_recorded') return state;
  return withPlan(state, (plan) =>
    recordStepFailed(ctx.deps.planStore, plan, failure.step_number, {
      ...(failure.error_type ? { error_type: failure.error_type } : {}),
      error_message: failure.message,
    }),
  );
}

/**
 * Settles a step still in doubt when rollback starts (the forward read-back got no answer, or a crash came
 * between the decision and the step record): one more read-back (ADR 0007), so rollback acts on what is known.
 * Applied → recorded as succeeded, and rollback reverses it; not applied → nothing to reverse; still no answer →
 * in doubt, and the report asks for a manual check of the booking. Nothing is re-sent here except a write that
 * cannot be read back (a create), once under the same key, whose replayed answer tells. Irreversible actions that
 * cannot be read back are never re-sent.
 */
export async function settleInDoubtStep(
  ctx: StepContext,
  state: ExecutionState,
  failure: ExecutionFailure,
): Promise<Settlement> {
  if (!failure.in_doubt) return { failure, state };
  const step = stepOf(state.plan, failure.step_number);
  const action = ctx.deps.registry.get(step.action_id);
  const settled = async (current: ExecutionState): Promise<Settlement> => {
    const next = { ...failure, in_doubt: false };
    return { failure: next, state: await saveCheckpoint(ctx, current, { failure: next }) };
  };
  // Succeeded: settled before a crash. Pending or rolled back: nothing was left unanswered.
  if (step.step_state !== 'failed' && step.step_state !== 'intent_recorded') return settled(state);
  const readable = action !== undefined && canReadBack(action);
  if (!action || action.read_only || !step.resolved_parameters || (!readable && !action.reversible)) {
    return { failure, state: await markFailed(ctx, state, failure) };
  }
  // A timed-out attempt that may still land keeps the step in doubt whatever the read-back shows now.
  const lost: LostAnswer = {
    // Stryker disable next-line BooleanLiteral: resolveInDoubt reads only error_type of the first answer, and settling ignores the outcome
    ok: false,
    status: undefined,
    error_type: failure.in_flight ? 'timeout' : (failure.error_type ?? 'timeout'),
    message: failure.message,
  };
  const resolution = await resolveInDoubt(ctx, action, step, lost, { resends: 0 });
  if (resolution.kind === 'applied') {
    const applied = await withPlan(state, (plan) =>
      recordStepSucceeded(ctx.deps.planStore, plan, step.step_number, resolution.data),
    );
    return settled(applied);
  }
  const failed = await markFailed(ctx, state, failure);
  return resolution.kind === 'not_applied' ? settled(failed) : { failure, state: failed };
}
