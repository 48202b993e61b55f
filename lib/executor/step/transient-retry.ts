import type { ActionOutcome } from '../../ports/booking-api.ts';
import { budgetFor } from '../../ports/deadline.ts';
import { currentDeadline } from '../../ports/deadline-scope.ts';
import type { StepContext } from '../run-context.ts';
import { type ActionInvocation, callAction } from './call-action.ts';

/**
 * Statuses that say "not now" before anything was applied: 429 (rate limited) and 503 (unavailable). The
 * booking API answers both ahead of the idempotency replay (sandbox pipeline: fault → auth → rate limit →
 * replay; ROLLER's gateway likewise), so nothing was applied and the same request may simply be sent again.
 */
const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** Issue 28: a transient refusal is retried once or twice, then the step fails as before. */
export const MAX_TRANSIENT_RETRIES = 2;
/** The longest Retry-After honoured; a longer one fails the step at once ("ask again in about N seconds"). */
export const MAX_RETRY_WAIT_MS = 10_000;
/** What must be left of the invocation after the wait for the retried call to be worth sending. */
export const MIN_CALL_BUDGET_MS = 2_000;
/** The wait when the API sends no Retry-After. */
const DEFAULT_RETRY_AFTER_MS = 1_000;

/** The default wait (a timer); tests inject their own through the executor deps. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The wait before retrying `outcome`, or undefined when it is not transient or the budget does not allow it. */
export function transientWait(outcome: ActionOutcome): number | undefined {
  if (outcome.ok || outcome.status === undefined || !TRANSIENT_STATUSES.has(outcome.status)) return undefined;
  const wait =
    outcome.retry_after_seconds !== undefined ? outcome.retry_after_seconds * 1000 : DEFAULT_RETRY_AFTER_MS;
  // Within the invocation's remaining budget (the ambient deadline functions/execute-plan.ts sets from the Lambda
  // context; NO_DEADLINE outside one), leaving room for the call itself.
  const room = budgetFor(currentDeadline(), MAX_RETRY_WAIT_MS + MIN_CALL_BUDGET_MS);
  return wait + MIN_CALL_BUDGET_MS <= room ? wait : undefined;
}

/**
 * One booking API call, retried on 429/503 (issue 28): after the Retry-After the API asked for, within the
 * invocation's budget, at most MAX_TRANSIENT_RETRIES times, with the SAME arguments, Idempotency-Key and If-Match —
 * so a retry can never apply a change twice. The last answer is returned; the caller fails the step with it as
 * before ("the booking service is temporarily unavailable; nothing was changed by this step").
 */
export async function callWithTransientRetry(
  ctx: StepContext,
  call: ActionInvocation,
): Promise<ActionOutcome> {
  let outcome = await callAction(ctx, call);
  for (let retry = 1; retry <= MAX_TRANSIENT_RETRIES; retry += 1) {
    const wait = transientWait(outcome);
    if (wait === undefined) return outcome;
    ctx.deps.logger.info('booking API call refused for now; retrying with the same idempotency key', {
      plan_id: ctx.planId,
      step_number: call.stepNumber,
      purpose: call.purpose,
      http_status: outcome.status,
      wait_ms: wait,
      retry,
    });
    await (ctx.deps.sleep ?? sleep)(wait);
    outcome = await callAction(ctx, call);
  }
  return outcome;
}
