import type { OpsLog } from './ops-log.ts';
import type { PlanUseCaseDeps } from './plan-use-case-deps.ts';
import type { StoredPlan } from './stored-plan.ts';

/**
 * Records 000's `user_confirmation` span (Trace Structure; "Plan Confirmation: plan id, time to confirm") under
 * the request's stored trace. Tracing is best effort: a tracer fault is logged, never fails the confirmation.
 */
export async function recordConfirmationSpan(
  deps: Pick<PlanUseCaseDeps, 'tracer'> & { log: OpsLog },
  confirmed: StoredPlan,
  timeToConfirmMs: number,
): Promise<void> {
  const { tracer } = deps;
  if (!tracer || !confirmed.trace_id || !confirmed.trace_root_span_id) return;
  try {
    await tracer.span(
      'user_confirmation',
      { userId: confirmed.user_id, sessionId: confirmed.session_id, planId: confirmed.plan_id },
      {
        parent: { traceId: confirmed.trace_id, rootSpanId: confirmed.trace_root_span_id },
        metadata: { plan_id: confirmed.plan_id, time_to_confirm_ms: timeToConfirmMs, outcome: 'confirmed' },
      },
      async function userConfirmation() {},
    );
  } catch (error) {
    deps.log.warn(`plan ${confirmed.plan_id} user_confirmation span not recorded`, {
      plan_id: confirmed.plan_id,
      error_name: error instanceof Error ? error.name : 'unknown',
    });
  }
}
