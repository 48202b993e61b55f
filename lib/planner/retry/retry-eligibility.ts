import type { StoredPlan } from '../../plans/stored-plan.ts';

/** The session's last plan, judged for "try again" (ADR 0015). */
export type RetryEligibility =
  | { kind: 'retryable'; plan: StoredPlan }
  | { kind: 'refused'; reason: string; plan?: StoredPlan };

/** Step states that mean the step changed the booking and that change is still there (or may be). */
const LEFT_APPLIED = new Set(['intent_recorded', 'succeeded', 'compensation_failed']);

/**
 * Only a plan that ended failed or rolled_back with nothing of it left applied is run again: re-planning anything
 * else could apply a change twice or redo what is done. Everything else gets a plain answer, never a guess:
 * - no plan: there is nothing to retry (the code never guesses what the user meant to retry);
 * - awaiting confirmation: it only needs confirming;
 * - confirmed or executing: it is still running;
 * - completed: it was done;
 * - cancelled, superseded or expired before confirmation: it never ran; the user sends the request again;
 * - in doubt (a write whose answer was lost), or partly applied (a step succeeded and was not undone, or its undo
 *   failed): a person checks the booking first, so nothing is applied twice (ADR 0007).
 */
export function retryEligibility(plan: StoredPlan | undefined, now: Date): RetryEligibility {
  if (!plan) {
    return {
      kind: 'refused',
      reason: 'There is no failed request in this conversation to try again. What would you like to change?',
    };
  }
  const refused = (reason: string): RetryEligibility => ({ kind: 'refused', reason, plan });
  if (plan.status === 'cancelled' || plan.invalidated_reason !== undefined || expired(plan, now)) {
    return refused(
      'Your last plan was never run (it was cancelled, replaced or expired before it was confirmed), so there is nothing to try again. Send the request again and I will plan it afresh.',
    );
  }
  switch (plan.status) {
    case 'pending_confirmation':
      return refused(
        'Your last plan has not failed: it is still waiting for your confirmation. Confirm it to run it.',
      );
    case 'confirmed':
    case 'executing':
      return refused(
        'Your last plan is still running, so there is nothing to try again yet. Check its status.',
      );
    case 'completed':
      return refused(
        'Your last plan was completed, so there is nothing to try again. What would you like to change?',
      );
    default:
      break;
  }
  if (plan.attention_reason === 'in_doubt') {
    return refused(
      'The last attempt may or may not have been applied, so I will not run it again (a change must never be made twice). Please check the booking first, then send what should still change.',
    );
  }
  if (
    plan.attention_reason === 'manual_recovery' ||
    plan.actions.some((s) => LEFT_APPLIED.has(s.step_state))
  ) {
    return refused(
      'Part of the last attempt was applied and could not be undone, so I will not run it again. Please check the booking first, then send what should still change.',
    );
  }
  return { kind: 'retryable', plan };
}

function expired(plan: StoredPlan, now: Date): boolean {
  return (
    plan.status === 'pending_confirmation' &&
    plan.expires_at !== undefined &&
    plan.expires_at * 1000 <= now.getTime()
  );
}
