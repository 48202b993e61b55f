import { rollBackAndClose } from '../rollback/roll-back-and-close.ts';
import type { RunContext } from '../run-context.ts';
import { type ExecutorStateUpdate, type ExecutorStateValue, toUpdate } from './graph-state.ts';

/**
 * Node 'roll_back': the decided failure is logged first (a crash mid-rollback resumes it), then the completed
 * reversible steps are compensated (rollback/) and the plan ends failed or rolled_back with its report, in one
 * terminal write.
 */
export function rollBackNode(ctx: RunContext) {
  return async function roll_back(state: ExecutorStateValue): Promise<ExecutorStateUpdate> {
    if (state.outcome.kind !== 'failed') throw new TypeError('roll_back runs only after a failure');
    const { state: after, plan } = await rollBackAndClose(ctx, state, state.outcome.failure);
    return toUpdate({ ...after, plan }, [], state.outcome);
  };
}
