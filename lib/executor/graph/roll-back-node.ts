import { statusAfterFailure } from '../../plans/finish-execution.ts';
import { saveCheckpoint } from '../execution-state.ts';
import { rollBack } from '../rollback/roll-back.ts';
import { IN_DOUBT_REASON } from '../rollback/rollback-report.ts';
import type { RunContext } from '../run-context.ts';
import { closeExecution } from './close-execution.ts';
import { type ExecutorStateUpdate, type ExecutorStateValue, toUpdate } from './graph-state.ts';

/**
 * Node 'roll_back': the decided failure is logged first (a crash mid-rollback resumes it), then the completed
 * reversible steps are compensated (rollback/) and the plan ends failed or rolled_back with its report, in one
 * terminal write.
 */
export function rollBackNode(ctx: RunContext) {
  return async function roll_back(state: ExecutorStateValue): Promise<ExecutorStateUpdate> {
    if (state.outcome.kind !== 'failed') throw new TypeError('roll_back runs only after a failure');
    const { failure } = state.outcome;
    const logged = state.failure ? state : await saveCheckpoint(ctx, state, { failure, pending: [] });
    const { report, state: after } = await rollBack(ctx, logged, failure);
    const plan = await closeExecution(ctx, after, {
      status: statusAfterFailure(report),
      failure_reason: failure.message,
      ...(report ? { rollback_report: report } : {}),
      ...(report?.actions_failed_to_reverse?.some((f) => f.reason === IN_DOUBT_REASON)
        ? { in_doubt: true }
        : {}),
    });
    return toUpdate({ ...after, plan }, [], state.outcome);
  };
}
