import { recordStepFailed, recordStepSucceeded } from '../../plans/step-records.ts';
import type { ExecutionFailure } from '../execution-log.ts';
import { type ExecutionState, saveCheckpoint, stepOf, withPlan } from '../execution-state.ts';
import type { RunContext } from '../run-context.ts';
import { callAction } from '../step/call-action.ts';
import { stepIdempotencyKey } from '../step/idempotency-keys.ts';

/**
 * Answers to the settling re-send that are about the request itself, so they also hold for the first attempt:
 * the booking API checks the request (400), the booking (404), its version or slot (409/412) and the body (422)
 * after the Idempotency-Key replay, so an applied first attempt would have been replayed as a 2xx instead.
 * 401/403, 429 and 5xx come BEFORE the replay (sandbox request pipeline: fault → auth → rate limit → replay;
 * ROLLER's gateway likewise), so they say nothing about the first attempt: the step stays in doubt.
 */
const NOT_APPLIED_STATUSES: ReadonlySet<number> = new Set([400, 404, 409, 412, 422]);

/** What settling came to: the failure as it now stands, and the state holding what was recorded. */
export interface Settlement {
  failure: ExecutionFailure;
  state: ExecutionState;
}

async function markFailed(
  ctx: RunContext,
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
 * Settles a step left in doubt (its mutation got no response: timeout or dropped connection) before rollback.
 * The recorded request is re-sent once with the SAME Idempotency-Key: if the first attempt was applied the API
 * replays its response (applied once, now known and compensable); if not, this applies it exactly once and
 * rollback undoes it. Either way the booking ends in a known state. Only a definitive answer about the request
 * (NOT_APPLIED_STATUSES) means neither attempt was applied; no answer, 401/403, 429 or 5xx leave it in doubt, and
 * the rollback report asks for a manual check of the booking. Irreversible actions are never re-sent.
 */
export async function settleInDoubtStep(
  ctx: RunContext,
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
  if (!action || action.read_only || !action.reversible || !step.resolved_parameters) {
    return { failure, state: await markFailed(ctx, state, failure) };
  }
  const outcome = await callAction(ctx, {
    action,
    args: step.resolved_parameters,
    idempotencyKey: stepIdempotencyKey(ctx.planId, step.step_number, step.attempts ?? 1),
    ...(typeof step.before?.version === 'number' ? { ifMatch: String(step.before.version) } : {}),
    stepNumber: step.step_number,
    purpose: 'settle_in_doubt',
  });
  if (outcome.ok) {
    const applied = await withPlan(state, (plan) =>
      recordStepSucceeded(ctx.deps.planStore, plan, step.step_number, outcome.data),
    );
    return settled(applied);
  }
  const failed = await markFailed(ctx, state, failure);
  const notApplied = outcome.status !== undefined && NOT_APPLIED_STATUSES.has(outcome.status);
  return notApplied ? settled(failed) : { failure, state: failed };
}
