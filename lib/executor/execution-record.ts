import type { StoredPlan } from '../plans/stored-plan.ts';
import { type ExecutionFailure, ExecutionProgress, type ExecutionRecord } from '../ports/execution-log.ts';
import { initialMessages } from './graph/prompt.ts';
import { toLoggedMessage } from './message-codec.ts';
import type { StepDeps } from './run-context.ts';

// The checkpoint an execution starts from and the failure it already holds, shared by the executor run
// (create-executor.ts) and the watchdog's abandon-with-rollback (abandon-execution.ts). Kept apart from
// create-executor.ts so the rollback path does not import the graph and LangGraph with it (issue 12 cold start).

/** Execution logs outlive a waiting prompt: a week (sessions expire sooner; TTL only cleans up). */
const LOG_TTL_SECONDS = 7 * 24 * 3600;

/** The checkpoint of a plan admitted with no log yet: the opening prompt, no turns, a week's TTL. */
export function freshRecord(deps: StepDeps, plan: StoredPlan): ExecutionRecord {
  const now = deps.clock.now();
  return {
    plan_id: plan.plan_id,
    seq: 0,
    messages: initialMessages(plan, deps.registry).map(toLoggedMessage),
    // No turns yet: the progress fields at the record's own defaults (no failure decided).
    ...ExecutionProgress.parse({}),
    updated_at: now.toISOString(),
    expires_at: Math.floor(now.getTime() / 1000) + LOG_TTL_SECONDS,
  };
}

/** A failure already decided before a crash: in the log, or a step recorded as failed. */
export function decidedFailure(plan: StoredPlan, record: ExecutionRecord): ExecutionFailure | undefined {
  if (record.failure) return record.failure;
  const failed = plan.actions.find((s) => s.step_state === 'failed');
  if (!failed) return undefined;
  return {
    kind: 'step_failed',
    step_number: failed.step_number,
    ...(failed.result?.error_type ? { error_type: failed.result.error_type } : {}),
    message: failed.result?.error_message ?? `Step ${failed.step_number} failed.`,
    ...(failed.result?.error_type === 'timeout' ? { in_doubt: true } : {}),
  };
}
