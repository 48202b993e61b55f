import { PlanStatus } from '../../lib/contracts/enums.ts';
import { isTerminal } from '../../lib/plans/status-machine.ts';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';

/** A share: `rate` is numerator / denominator, or null when there is nothing to divide by. */
export interface Ratio {
  numerator: number;
  denominator: number;
  rate: number | null;
}

/** Per-action outcome counts, from each executed step's `result` (001 ActionResult.success). */
export interface ActionFailureRate {
  action_id: string;
  calls: number;
  failures: number;
  rate: number;
}

/** The ops metrics of seed 000 ("Key Metrics"), computed from stored plans only. */
export interface PlanMetrics {
  plans: number;
  by_status: Record<PlanStatus, number>;
  /** Pending plans that can no longer be confirmed (superseded, cancelled, expired). */
  invalidated: number;
  /** Confirmed plans that are not amendments of an earlier proposal (confirmed "without modification"). */
  planning_accuracy: Ratio;
  /** completed / finished (completed + failed + rolled_back). */
  execution_success_rate: Ratio;
  /** Clarifications asked per request that ended in a plan; null until plans record clarification_count. */
  clarification_rate: { clarifications: number; requests: number; per_request: number | null };
  /** Median of confirmed_at − created_at over confirmed plans. */
  median_time_to_confirmation_ms: number | null;
  /** Finished executions with a rollback_report / finished executions. */
  rollback_frequency: Ratio;
  /** Sorted by action_id. */
  action_failure_rates: ActionFailureRate[];
  /** Plans that need a person (attention_reason: in doubt, manual recovery, stuck), newest first. */
  attention: { plan_id: string; status: PlanStatus; attention_reason: string; updated_at: string }[];
}

function ratio(numerator: number, denominator: number): Ratio {
  return { numerator, denominator, rate: denominator === 0 ? null : numerator / denominator };
}

/** Median of a list (mean of the two middle values for an even count); null for an empty list. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? 0) + upper) / 2;
}

/**
 * Clarifications asked before this plan was proposed. StoredPlan has no such field yet (see docs/observability.md):
 * read defensively so the metric lights up as soon as the planner records it, without a change here.
 */
function clarificationsOf(plan: StoredPlan): number | undefined {
  return 'clarification_count' in plan && typeof plan.clarification_count === 'number'
    ? plan.clarification_count
    : undefined;
}

function confirmedAfterMs(plan: StoredPlan): number | undefined {
  if (!plan.confirmed_at) return undefined;
  const ms = Date.parse(plan.confirmed_at) - Date.parse(plan.created_at);
  return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}

function actionFailureRates(plans: readonly StoredPlan[]): ActionFailureRate[] {
  const counts = new Map<string, { calls: number; failures: number }>();
  for (const step of plans.flatMap((p) => p.actions)) {
    if (!step.result) continue;
    const c = counts.get(step.action_id) ?? { calls: 0, failures: 0 };
    c.calls += 1;
    if (!step.result.success) c.failures += 1;
    counts.set(step.action_id, c);
  }
  return [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([action_id, c]) => ({ action_id, ...c, rate: c.failures / c.calls }));
}

/** Pure: the seed-000 key metrics over a set of stored plans (definitions in docs/observability.md). */
export function computeMetrics(plans: readonly StoredPlan[]): PlanMetrics {
  const byStatus = Object.fromEntries(PlanStatus.options.map((s) => [s, 0])) as Record<PlanStatus, number>;
  for (const p of plans) byStatus[p.status] += 1;

  const confirmed = plans.filter((p) => p.confirmed_at !== undefined);
  const unmodified = confirmed.filter((p) => !p.amends_plan_id && p.invalidated_reason !== 'superseded');
  // Executions that ended: a cancelled plan (ADR 0008) never executed.
  const finished = plans.filter((p) => isTerminal(p.status) && p.status !== 'cancelled');
  const clarified = plans.map(clarificationsOf).filter((c): c is number => c !== undefined);
  const clarifications = clarified.reduce((sum, c) => sum + c, 0);

  return {
    plans: plans.length,
    by_status: byStatus,
    attention: plans
      .filter((p) => p.attention_reason !== undefined)
      .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
      .map((p) => ({
        plan_id: p.plan_id,
        status: p.status,
        attention_reason: p.attention_reason ?? '',
        updated_at: p.updated_at,
      })),
    invalidated: plans.filter((p) => p.invalidated_reason !== undefined).length,
    planning_accuracy: ratio(unmodified.length, confirmed.length),
    execution_success_rate: ratio(byStatus.completed, finished.length),
    clarification_rate: {
      clarifications,
      requests: clarified.length,
      per_request: clarified.length === 0 ? null : clarifications / clarified.length,
    },
    median_time_to_confirmation_ms: median(
      confirmed.map(confirmedAfterMs).filter((ms): ms is number => ms !== undefined),
    ),
    rollback_frequency: ratio(
      finished.filter((p) => p.rollback_report !== undefined).length,
      finished.length,
    ),
    action_failure_rates: actionFailureRates(plans),
  };
}
