import type { ActionOutcome } from '../ports/booking-api.ts';
import { callAction } from './call-action.ts';
import type { ExecutionFailure } from './execution-log.ts';
import { stepIdempotencyKey } from './idempotency-keys.ts';
import { type RunContext, saveRecord, saveStep, stepOf } from './run-context.ts';

/**
 * A mutation answered with one of these may have been applied: a gateway timeout or bad gateway means the
 * upstream may have committed before the answer was lost (000 Failure Modes: network timeout).
 */
const UNCERTAIN_STATUSES: ReadonlySet<number> = new Set([502, 504]);

/**
 * True when a failed mutation's outcome says nothing definite about whether it was applied: no response at all
 * (timeout, dropped connection, commit-then-drop) or a gateway 502/504.
 */
export function leavesMutationInDoubt(outcome: Extract<ActionOutcome, { ok: false }>): boolean {
  return outcome.status === undefined || UNCERTAIN_STATUSES.has(outcome.status);
}

/**
 * Answers to the settling re-send that are about the request itself, so they also hold for the first attempt:
 * the booking API checks the request (400), the booking (404), its version or slot (409/412) and the body (422)
 * after the Idempotency-Key replay, so an applied first attempt would have been replayed as a 2xx instead.
 * 401/403, 429 and 5xx come BEFORE the replay (sandbox request pipeline: fault → auth → rate limit → replay;
 * ROLLER's gateway likewise), so they say nothing about the first attempt: the step stays in doubt.
 */
const NOT_APPLIED_STATUSES: ReadonlySet<number> = new Set([400, 404, 409, 412, 422]);

async function markFailed(ctx: RunContext, failure: ExecutionFailure): Promise<void> {
  const step = stepOf(ctx.plan, failure.step_number);
  if (step.step_state !== 'intent_recorded') return;
  await saveStep(ctx, failure.step_number, (s) => ({
    ...s,
    step_state: 'failed',
    result: {
      success: false,
      ...(failure.error_type ? { error_type: failure.error_type } : {}),
      error_message: failure.message,
    },
  }));
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
  failure: ExecutionFailure,
): Promise<ExecutionFailure> {
  if (!failure.in_doubt) return failure;
  const step = stepOf(ctx.plan, failure.step_number);
  const action = ctx.deps.registry.get(step.action_id);
  const settled = async (): Promise<ExecutionFailure> => {
    const next = { ...failure, in_doubt: false };
    await saveRecord(ctx, { failure: next });
    return next;
  };
  // Succeeded: settled before a crash. Pending or rolled back: nothing was left unanswered.
  if (step.step_state !== 'failed' && step.step_state !== 'intent_recorded') return settled();
  if (!action || action.read_only || !action.reversible || !step.resolved_parameters) {
    await markFailed(ctx, failure);
    return failure;
  }
  const outcome = await callAction(ctx, {
    action,
    args: step.resolved_parameters,
    idempotencyKey: stepIdempotencyKey(ctx.plan.plan_id, step.step_number, step.attempts ?? 1),
    ...(typeof step.before?.version === 'number' ? { ifMatch: String(step.before.version) } : {}),
    stepNumber: step.step_number,
    purpose: 'settle_in_doubt',
  });
  if (outcome.ok) {
    await saveStep(ctx, step.step_number, (s) => ({
      ...s,
      step_state: 'succeeded',
      executed: true,
      result: { success: true, response_data: outcome.data },
    }));
    return settled();
  }
  await markFailed(ctx, failure);
  const notApplied = outcome.status !== undefined && NOT_APPLIED_STATUSES.has(outcome.status);
  return notApplied ? settled() : failure;
}
