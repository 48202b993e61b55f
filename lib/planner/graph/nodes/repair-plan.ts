import { ToolMessage } from '@langchain/core/messages';
import { runAgentLoop } from '../agent-loop.ts';
import type { PlanningUpdate, PlanningValues } from '../planning-state.ts';
import type { TurnContext } from '../turn-context.ts';

/**
 * The one repair round of the validation gate (issue 5): the gate's errors go back to the model as the result
 * of its propose_plan call, and the agent loop runs again. It may re-propose, ask, decline or cancel.
 */
export function repairPlanNode(ctx: TurnContext) {
  return async function repair_plan(state: PlanningValues): Promise<PlanningUpdate> {
    const call = state.terminal;
    if (!call) throw new TypeError('repair_plan needs the rejected call');
    return ctx.tracer.span(
      'plan_generation',
      ctx.scope,
      { metadata: { repair_round: state.repair_rounds + 1 }, input: { gate_errors: state.gate_errors } },
      async function repair(span) {
        const feedback = new ToolMessage({
          tool_call_id: call.id,
          name: call.name,
          status: 'error',
          content: [
            'The plan was rejected by validation:',
            ...state.gate_errors.map((e) => `- ${e}`),
            'Fix the plan and call propose_plan again, or call ask_clarification if you need something from the user.',
          ].join('\n'),
        });
        const update = await runAgentLoop(ctx, state, [feedback]);
        span.update({ output: { decision: update.terminal?.name } });
        return { ...update, repair_rounds: state.repair_rounds + 1, gate_errors: [] };
      },
    );
  };
}
