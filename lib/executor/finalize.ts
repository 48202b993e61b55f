import type { RollbackReport } from '../contracts/action-result.ts';
import type { PlanStatus } from '../contracts/enums.ts';
import { maskPlanPii, piiLookupFromRegistry } from '../observability/mask-plan.ts';
import { logTransition } from '../plans/ops-log.ts';
import { assertTransition } from '../plans/status-machine.ts';
import type { StoredStep } from '../plans/stored-plan.ts';
import { stepChangeSummary } from './change-summary.ts';
import { type RunContext, savePlan } from './run-context.ts';
import { bookingReferences } from './step-label.ts';

/** The one terminal write of an execution. */
export interface TerminalOutcome {
  status: Extract<PlanStatus, 'completed' | 'failed' | 'rolled_back'>;
  failure_reason?: string;
  rollback_report?: RollbackReport;
}

/**
 * 000 State Model: rolled_back when rollback completed (every completed reversible step reversed, at least one,
 * none failed or left in doubt), failed otherwise.
 */
export function statusAfterFailure(report: RollbackReport | undefined): TerminalOutcome['status'] {
  if (!report) return 'failed';
  if ((report.actions_failed_to_reverse?.length ?? 0) > 0) return 'failed';
  return report.actions_reversed.length > 0 ? 'rolled_back' : 'failed';
}

/** Adds the before → after line to each completed step's result (readable by IQ through GET). */
function withSummaries(ctx: RunContext): StoredStep[] {
  const refs = bookingReferences(ctx.plan);
  return ctx.plan.actions.map((s) => {
    const action = ctx.deps.registry.get(s.action_id);
    const line = action ? stepChangeSummary(s, action, refs) : undefined;
    if (!line || !s.result) return s;
    return {
      ...s,
      result: { ...s.result, response_data: { ...s.result.response_data, change_summary: line } },
    };
  });
}

/**
 * The terminal transition, in one conditional write: status, completed_at, failure_reason, rollback_report
 * (only if rollback was attempted), blocking fields cleared, and PII masked at rest (issue 7) with pii_masked.
 * maskPlanPii masks the PII parameters and the same values wherever they were copied (resolved parameters,
 * pre-images, responses, step lines, intent summary, failure and rollback texts).
 * Then the session's blocking slot is released and the execution log (which holds guest data) deleted.
 */
export async function finishPlan(ctx: RunContext, outcome: TerminalOutcome): Promise<void> {
  assertTransition(ctx.plan.status, outcome.status);
  const summarised = outcome.status === 'completed' ? withSummaries(ctx) : ctx.plan.actions;
  const masked = maskPlanPii(
    {
      ...ctx.plan,
      actions: summarised,
      ...(outcome.failure_reason ? { failure_reason: outcome.failure_reason } : {}),
      ...(outcome.rollback_report ? { rollback_report: outcome.rollback_report } : {}),
    },
    piiLookupFromRegistry((id) => ctx.deps.registry.get(id)),
  );
  await savePlan(ctx, {
    set: {
      status: outcome.status,
      completed_at: ctx.deps.clock.now().toISOString(),
      actions: masked.actions,
      intent_summary: masked.intent_summary,
      pii_masked: true,
      ...(masked.failure_reason ? { failure_reason: masked.failure_reason } : {}),
      ...(masked.rollback_report ? { rollback_report: masked.rollback_report } : {}),
    },
    remove: ['blocking_prompt', 'blocking_answer'],
  });
  logTransition(ctx.deps.logger, ctx.plan, 'executing', outcome.status, {
    rollback: outcome.rollback_report !== undefined,
    ...(outcome.rollback_report ? { triggered_by_step: outcome.rollback_report.triggered_by_step } : {}),
  });
  await ctx.deps.sessionStore.releaseBlockingSlot(ctx.plan.session_id, ctx.plan.plan_id);
  await ctx.deps.executionLog.delete(ctx.plan.plan_id);
}
