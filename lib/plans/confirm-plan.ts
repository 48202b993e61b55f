import { hasErrorName } from '../errors/has-error-name.ts';
import { confirmability } from './confirmability.ts';
import { enqueuePlanMessage } from './enqueue-plan-message.ts';
import { PlanConflictError } from './errors.ts';
import { loadOwnedPlan } from './load-owned-plan.ts';
import { logTransition } from './ops-log.ts';
import { MAX_WRITE_ATTEMPTS, type PlanUseCaseDeps } from './plan-use-case-deps.ts';
import { recordConfirmationSpan } from './record-confirmation-span.ts';
import type { StoredPlan } from './stored-plan.ts';
import { applyTransition } from './transition.ts';

/** Input of Confirm Plan (000 Service Interface). The token goes into the queue message only. */
export interface ConfirmPlanInput {
  plan_id: string;
  user_id: string;
  token: string;
}

/**
 * 000 Confirm Plan / "LLM Planner → Queue Manager": the token's user (issue 27), ownership check, enqueue (FIFO, dedup id from plan id +
 * version), then the conditional write pending_confirmation → confirmed with confirmed_at.
 *
 * - Enqueue failure: PlanEnqueueError (503) and nothing written; a re-confirm re-attempts the enqueue.
 * - Two confirms racing on one version send the same dedup id (the queue keeps one message) and exactly one
 *   conditional write wins; the loser re-reads, sees `confirmed` and returns it (idempotent).
 * - A message can reach the consumer before the plan reads `confirmed`: the executor retries it (docs/adr/0002).
 */
export async function confirmPlan(deps: PlanUseCaseDeps, input: ConfirmPlanInput): Promise<StoredPlan> {
  // Issue 27: the token's user first, before the plan is even read (403/401/503, nothing changed).
  await deps.checkIdentity?.(input.user_id, input.token);
  for (let attempt = 1; ; attempt += 1) {
    const plan = await loadOwnedPlan(deps, input.plan_id, input.user_id);
    if (confirmability(plan, deps.clock.now()) === 'already_confirmed') return plan;
    // Issue 14: an expired or foreign token is refused here (401/403), the plan still pending, not by the executor.
    if (attempt === 1) await deps.checkToken?.(plan, input.token);
    await enqueuePlanMessage(deps, plan, 'start', plan.version, input.token);
    try {
      const confirmed = await applyTransition(
        deps.plans,
        plan,
        // Only pending plans expire with the session (TTL); a confirmed plan is kept for status, ops and metrics.
        {
          status: 'confirmed',
          set: { confirmed_at: deps.clock.now().toISOString() },
          remove: ['expires_at'],
        },
        { expectStatus: ['pending_confirmation'] },
      );
      const timeToConfirmMs = Date.parse(confirmed.confirmed_at ?? '') - Date.parse(plan.created_at);
      logTransition(deps.log, confirmed, 'pending_confirmation', 'confirmed', {
        time_to_confirm_ms: timeToConfirmMs,
      });
      await recordConfirmationSpan(deps, confirmed, timeToConfirmMs);
      return confirmed;
    } catch (error) {
      if (!hasErrorName(error, 'StaleWriteError')) throw error;
      if (attempt >= MAX_WRITE_ATTEMPTS) {
        throw new PlanConflictError(
          plan.plan_id,
          'concurrent_change',
          `plan ${plan.plan_id} changed concurrently; try again`,
          {
            cause: error,
          },
        );
      }
      // Lost a race: re-read and decide again (a concurrent confirm makes this idempotent).
    }
  }
}
