import { raiseBlockingPrompt } from '../../plans/block-for-answer.ts';
import type { PlannedCall } from '../../ports/execution-log.ts';
import { nextOpenStep } from '../execution-state.ts';
import type { RunContext } from '../run-context.ts';
import type { ExecutorStateUpdate, ExecutorStateValue } from './graph-state.ts';

/**
 * Node 'ask_user': the model needs data within the confirmed intent (000 Execute Plan 4). The turn is already
 * logged (the checkpoint), so this claims the session's single blocking slot (000 invariant), sets
 * blocking_prompt (status stays executing) and ends the invocation: no waiting inside Lambda. Re-running it after
 * a crash is harmless (the claim and the prompt are idempotent).
 */
export function askUserNode(ctx: RunContext) {
  return async function ask_user(state: ExecutorStateValue): Promise<ExecutorStateUpdate> {
    const ask = state.pending.find((c): c is Extract<PlannedCall, { kind: 'ask' }> => c.kind === 'ask');
    if (!ask) return { outcome: { kind: 'running' } };
    const { plan_id, session_id } = state.plan;
    const claimed = await ctx.deps.sessionStore.claimBlockingSlot(session_id, plan_id);
    if (!claimed) {
      return {
        outcome: {
          kind: 'failed',
          failure: {
            kind: 'blocking_slot_taken',
            step_number: nextOpenStep(state.plan)?.step_number ?? 1,
            message:
              'This change needs an answer from you, but another request in this chat is already waiting for one. Please answer that first, then start this request again.',
          },
        },
      };
    }
    const plan = await raiseBlockingPrompt(ctx.deps.planStore, state.plan, ask.question);
    ctx.span.event('clarification', {
      input: { parameter: ask.parameter, step_number: nextOpenStep(plan)?.step_number },
      output: { question: ask.question },
    });
    ctx.deps.logger.info('plan paused for a blocking prompt', { plan_id, session_id });
    return { plan, outcome: { kind: 'blocked' } };
  };
}
