import { hasErrorName } from '../errors/has-error-name.ts';
import type { PlanStore } from '../ports/plan-store.ts';
import { PlanConflictError } from './errors.ts';
import { maskPlanPii, type PiiLookup } from './mask-plan.ts';
import type { InvalidatedReason, StoredPlan } from './stored-plan.ts';
import { applyTransition } from './transition.ts';

/** Result of making a pending plan unconfirmable. */
export type InvalidationOutcome = 'invalidated' | 'already_gone' | 'already_confirmed';

/**
 * Use case "supersede / cancel a pending plan": makes it unconfirmable ('superseded' by an amendment,
 * 'cancelled_by_user'). One conditional update on its version and status pending_confirmation; a lost race is
 * re-read once: a plan confirmed meanwhile can no longer be changed here (000: no Cancel Plan in the MVP); one
 * invalidated meanwhile is already gone. Store faults are thrown as they are; a plan that keeps changing is a
 * PlanConflictError.
 *
 * The same write masks the plan's PII (000 Privacy: contact details are passed through, not stored): an
 * invalidated plan never executes, so it has no use for the real values. `isPii` is the registry's `pii` flag
 * (piiLookupFromRegistry); parameters named email, phone, guest_name… are masked whatever it says.
 */
export async function invalidatePendingPlan(
  store: PlanStore,
  plan: StoredPlan,
  reason: InvalidatedReason,
  now: Date,
  // Stryker disable next-line ArrowFunction: `() => undefined` is as falsy as false; mask-plan.ts only tests the lookup's truth
  isPii: PiiLookup = () => false,
): Promise<InvalidationOutcome> {
  let current: StoredPlan | undefined = plan;
  for (let attempt = 0; attempt < 2 && current; attempt += 1) {
    if (current.status === 'cancelled' || current.invalidated_reason) return 'already_gone';
    if (current.status !== 'pending_confirmation') return 'already_confirmed';
    try {
      const masked = maskPlanPii(current, isPii);
      const byNumber = new Map(masked.actions.map((s) => [s.step_number, s]));
      await applyTransition(
        store,
        current,
        {
          status: 'cancelled',
          steps: (step) => byNumber.get(step.step_number) ?? step,
          set: {
            closed_reason: reason,
            completed_at: now.toISOString(),
            invalidated_reason: reason,
            invalidated_at: now.toISOString(),
            intent_summary: masked.intent_summary,
            pii_masked: true,
          },
        },
        { expectStatus: ['pending_confirmation'] },
      );
      return 'invalidated';
    } catch (error) {
      if (hasErrorName(error, 'PlanNotFoundError')) return 'already_gone';
      if (!hasErrorName(error, 'StaleWriteError')) throw error;
      current = await store.get(current.plan_id);
    }
  }
  if (!current || current.status === 'cancelled' || current.invalidated_reason) return 'already_gone';
  if (current.status !== 'pending_confirmation') return 'already_confirmed';
  throw new PlanConflictError(plan.plan_id, 'concurrent_change', `plan ${plan.plan_id} kept changing`);
}
