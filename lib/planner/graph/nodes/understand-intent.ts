import { runAgentLoop } from '../agent-loop.ts';
import type { PlanningUpdate, PlanningValues } from '../planning-state.ts';
import type { TurnContext } from '../turn-context.ts';

/** 000 Trace Structure `intent_understanding`: the agent loop, from the user's message to a terminal tool call. */
export function understandIntentNode(ctx: TurnContext) {
  return async function understand_intent(state: PlanningValues): Promise<PlanningUpdate> {
    return ctx.tracer.span(
      'intent_understanding',
      ctx.scope,
      { metadata: { bound_actions: ctx.toolset.actions.map((a) => a.action_id) } },
      async function understand(span) {
        const update = await runAgentLoop(ctx, state);
        span.update({ output: { decision: update.terminal?.name, lookups: update.searches?.length ?? 0 } });
        return update;
      },
    );
  };
}
