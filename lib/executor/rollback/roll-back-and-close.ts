import type { RollbackReport } from '../../contracts/action-result.ts';
import { type ExecutionEnd, statusAfterFailure } from '../../plans/finish-execution.ts';
import type { StoredPlan } from '../../plans/stored-plan.ts';
import type { ExecutionFailure } from '../../ports/execution-log.ts';
import { type ExecutionState, saveCheckpoint } from '../execution-state.ts';
import { closeExecution } from '../graph/close-execution.ts';
import type { StepContext } from '../run-context.ts';
import { rollBack } from './roll-back.ts';
import { IN_DOUBT_REASON } from './rollback-report.ts';

/** The rolled-back state and the terminal plan. */
export interface ClosedByRollback {
  state: ExecutionState;
  plan: StoredPlan;
}

/**
 * The one way an execution ends after a failure, for the executor's roll_back node and the watchdog (a message
 * that died twice, ADR 0009): the decided failure is logged first (a crash mid-rollback resumes it), the completed
 * reversible steps are compensated in reverse order (roll-back.ts), and the plan ends failed or rolled_back with
 * its report in one terminal write. `reason` turns the final status and report into the failure text;
 * default: the failure's own message.
 */
export async function rollBackAndClose(
  ctx: StepContext,
  state: ExecutionState,
  failure: ExecutionFailure,
  reason: (status: ExecutionEnd['status'], report: RollbackReport | undefined) => string = () =>
    failure.message,
): Promise<ClosedByRollback> {
  const logged = state.failure ? state : await saveCheckpoint(ctx, state, { failure, pending: [] });
  const { report, state: after } = await rollBack(ctx, logged, failure);
  const status = statusAfterFailure(report);
  const plan = await closeExecution(ctx, after, {
    status,
    failure_reason: reason(status, report),
    ...(report ? { rollback_report: report } : {}),
    ...(report?.actions_failed_to_reverse?.some((f) => f.reason === IN_DOUBT_REASON)
      ? { in_doubt: true }
      : {}),
  });
  return { state: after, plan };
}
