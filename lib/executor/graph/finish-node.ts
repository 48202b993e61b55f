import { nextOpenStep } from '../execution-state.ts';
import type { RunContext } from '../run-context.ts';
import { closeExecution } from './close-execution.ts';
import type { ExecutorStateUpdate, ExecutorStateValue } from './graph-state.ts';

/**
 * Node 'finish': every step succeeded → completed, written at once; otherwise the model stopped with steps left
 * and the plan fails with the step's last error (the roll_back node takes it from there).
 */
export function finishNode(ctx: RunContext) {
  return async function finish(state: ExecutorStateValue): Promise<ExecutorStateUpdate> {
    const open = nextOpenStep(state.plan);
    if (!open)
      return {
        plan: await closeExecution(ctx, state, { status: 'completed' }),
        outcome: { kind: 'completed' },
      };
    const lastError = open.result?.success === false ? open.result.error_message : undefined;
    return {
      outcome: {
        kind: 'failed',
        failure: {
          kind: lastError ? 'corrections_exhausted' : 'model_stopped',
          step_number: open.step_number,
          ...(lastError ? { error_type: 'bad_request' as const } : {}),
          message: lastError
            ? `Step ${open.step_number} could not be completed: ${lastError}. Please check the value and try again.`
            : `Step ${open.step_number} (${open.action_id}) could not be completed. Nothing more was changed; please try again.`,
        },
      },
    };
  };
}
