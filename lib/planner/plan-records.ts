import { maskPlanPii, type PiiLookup } from '../observability/mask-plan.ts';
import type { InvalidatedReason, StoredPlan, StoredStep } from '../plans/stored-plan.ts';
import type { PlanStore } from '../ports/plan-store.ts';
import type { TraceRef } from '../ports/tracer.ts';
import { hasErrorName, PlannerUnavailableError } from './errors.ts';
import type { PlanStepDraft } from './gate/gate-types.ts';
import type { PlannerRegistry } from './planner-deps.ts';
import type { PlanPresentation } from './request-outcome.ts';

export interface NewPlanInput {
  plan_id: string;
  session_id: string;
  user_id: string;
  steps: readonly PlanStepDraft[];
  presentation: PlanPresentation;
  now: Date;
  ttlHours: number;
  trace: TraceRef;
  amends_plan_id?: string;
}

/**
 * The StoredPlan of a validated draft: status pending_confirmation, version 1, expiring with the session
 * (SESSION_TTL_HOURS), each step carrying its confirmation line and the tier inherited from its action (001).
 */
export function buildStoredPlan(input: NewPlanInput, registry: PlannerRegistry): StoredPlan {
  const now = input.now.toISOString();
  const actions = input.steps.map((step): StoredStep => {
    const action = registry.get(step.action_id);
    const tier = action?.safety_tier === 'high_risk' ? 'high_risk' : 'normal';
    return {
      step_number: step.step_number,
      action_id: step.action_id,
      parameters: step.parameters,
      safety_tier: tier,
      executed: false,
      step_state: 'pending',
      description: input.presentation.steps.find((s) => s.step_number === step.step_number)?.line,
    };
  });
  return {
    plan_id: input.plan_id,
    session_id: input.session_id,
    user_id: input.user_id,
    intent_summary: input.presentation.intent_summary,
    status: 'pending_confirmation',
    actions,
    created_at: now,
    version: 1,
    updated_at: now,
    trace_id: input.trace.traceId,
    trace_root_span_id: input.trace.rootSpanId,
    ...(input.amends_plan_id ? { amends_plan_id: input.amends_plan_id } : {}),
    expires_at: Math.floor(input.now.getTime() / 1000) + input.ttlHours * 3600,
  };
}

/** Result of making a pending plan unconfirmable. */
export type InvalidationOutcome = 'invalidated' | 'already_gone' | 'already_confirmed';

/**
 * Makes a pending plan unconfirmable ('superseded' by an amendment, 'cancelled_by_user'): a conditional update on
 * its version and status pending_confirmation. A lost race is re-read once: a plan confirmed meanwhile can no
 * longer be changed here (000: no Cancel Plan in the MVP); one invalidated meanwhile is already gone.
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
  isPii: PiiLookup = () => false,
): Promise<InvalidationOutcome> {
  let current: StoredPlan | undefined = plan;
  for (let attempt = 0; attempt < 2 && current; attempt += 1) {
    if (current.status !== 'pending_confirmation') return 'already_confirmed';
    if (current.invalidated_reason) return 'already_gone';
    try {
      const masked = maskPlanPii(current, isPii);
      await store.update(
        current.plan_id,
        current.version,
        {
          set: {
            invalidated_reason: reason,
            invalidated_at: now.toISOString(),
            actions: masked.actions,
            intent_summary: masked.intent_summary,
            pii_masked: true,
          },
        },
        { expectStatus: ['pending_confirmation'] },
      );
      return 'invalidated';
    } catch (error) {
      if (hasErrorName(error, 'PlanNotFoundError')) return 'already_gone';
      if (!hasErrorName(error, 'StaleWriteError'))
        throw new PlannerUnavailableError(undefined, { cause: error });
      current = await store.get(current.plan_id);
    }
  }
  if (!current || current.invalidated_reason) return 'already_gone';
  if (current.status !== 'pending_confirmation') return 'already_confirmed';
  throw new PlannerUnavailableError(undefined, { cause: new Error(`plan ${plan.plan_id} kept changing`) });
}
