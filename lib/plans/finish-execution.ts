import type { RollbackReport } from '../contracts/action-result.ts';
import type { PlanStatus } from '../contracts/enums.ts';
import type { Clock } from '../ports/clock.ts';
import type { PlanStore } from '../ports/plan-store.ts';
import { maskPlanPii, type PiiLookup } from './mask-plan.ts';
import { logTransition, type OpsLog } from './ops-log.ts';
import type { StoredPlan } from './stored-plan.ts';
import { applyTransition } from './transition.ts';

/** How an execution ended: the one terminal write. */
export interface ExecutionEnd {
  status: Extract<PlanStatus, 'completed' | 'failed' | 'rolled_back'>;
  failure_reason?: string;
  rollback_report?: RollbackReport;
  /** A step left in doubt (ADR 0007): the plan needs a person even more urgently than manual recovery. */
  in_doubt?: boolean;
}

/**
 * 000 State Model: rolled_back when rollback completed (every completed reversible step reversed, at least one,
 * none failed or left in doubt), failed otherwise.
 */
export function statusAfterFailure(report: RollbackReport | undefined): ExecutionEnd['status'] {
  if (!report) return 'failed';
  if ((report.actions_failed_to_reverse?.length ?? 0) > 0) return 'failed';
  return report.actions_reversed.length > 0 ? 'rolled_back' : 'failed';
}

/** What finishExecution needs. */
export interface FinishExecutionDeps {
  plans: PlanStore;
  clock: Clock;
  log: OpsLog;
  /** The registry's PII flags (piiLookupFromRegistry). */
  isPii: PiiLookup;
}

/**
 * Use case "finish with report": the terminal transition in one conditional write (status, completed_at,
 * failure_reason, rollback_report only if rollback was attempted, blocking fields cleared), with PII masked at
 * rest (issue 7) and pii_masked set. maskPlanPii masks the PII parameters and the same values wherever they were
 * copied: resolved parameters, pre-images, responses, step lines, intent summary, failure and rollback texts.
 * `summaries` are the before → after lines of completed steps (by step number), added to their results so IQ
 * reads them through GET.
 */
export async function finishExecution(
  deps: FinishExecutionDeps,
  plan: StoredPlan,
  end: ExecutionEnd,
  summaries: ReadonlyMap<number, string> = new Map(),
): Promise<StoredPlan> {
  const masked = maskPlanPii(
    {
      ...plan,
      actions: plan.actions.map((s) => {
        const line = summaries.get(s.step_number);
        if (!line || !s.result) return s;
        return {
          ...s,
          result: { ...s.result, response_data: { ...s.result.response_data, change_summary: line } },
        };
      }),
      ...(end.failure_reason ? { failure_reason: end.failure_reason } : {}),
      ...(end.rollback_report ? { rollback_report: end.rollback_report } : {}),
    },
    deps.isPii,
  );
  const byNumber = new Map(masked.actions.map((s) => [s.step_number, s]));
  const finished = await applyTransition(
    deps.plans,
    plan,
    {
      status: end.status,
      steps: (step) => byNumber.get(step.step_number) ?? step,
      set: {
        completed_at: deps.clock.now().toISOString(),
        intent_summary: masked.intent_summary,
        pii_masked: true,
        ...(masked.failure_reason ? { failure_reason: masked.failure_reason } : {}),
        ...(masked.rollback_report ? { rollback_report: masked.rollback_report } : {}),
        // Sparse attention marker for ops (docs/ops.md): in doubt, or manual recovery steps to follow.
        ...(end.in_doubt
          ? { attention_reason: 'in_doubt' as const }
          : (end.rollback_report?.manual_recovery_steps?.length ?? 0) > 0
            ? { attention_reason: 'manual_recovery' as const }
            : {}),
      },
      remove: ['blocking_prompt', 'blocking_answer'],
    },
    { expectStatus: ['executing'] },
  );
  logTransition(deps.log, finished, 'executing', end.status, {
    rollback: end.rollback_report !== undefined,
    ...(end.rollback_report
      ? {
          triggered_by_step: end.rollback_report.triggered_by_step,
          // Read by the rollback-failures alarm (infra/cdk/constructs/ops-monitoring.ts).
          not_reversed: end.rollback_report.actions_failed_to_reverse?.length ?? 0,
        }
      : {}),
  });
  return finished;
}
