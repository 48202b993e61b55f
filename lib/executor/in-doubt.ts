import { callAction } from './call-action.ts';
import type { ExecutionFailure } from './execution-log.ts';
import { stepIdempotencyKey } from './idempotency-keys.ts';
import { type RunContext, saveRecord, saveStep, stepOf } from './run-context.ts';

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
 * rollback undoes it. Either way the booking ends in a known state. A non-2xx answer means neither attempt was
 * applied. No answer again leaves it in doubt for manual recovery. Irreversible actions are never re-sent.
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
  return outcome.status === undefined ? failure : settled();
}
