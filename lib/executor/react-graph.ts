import { END, START, StateGraph } from '@langchain/langgraph';
import { agentNode } from './agent-node.ts';
import { askUserNode } from './ask-user-node.ts';
import { ExecutorState, type ExecutorStateUpdate, type ExecutorStateValue } from './graph-state.ts';
import { receiveAnswerNode } from './receive-answer-node.ts';
import { nextOpenStep, type RunContext } from './run-context.ts';
import { toolsNode } from './tools-node.ts';

/** Node 'finish': every step succeeded → completed; otherwise the model stopped with steps left → failed. */
function finishNode(ctx: RunContext) {
  return async function finish(_state: ExecutorStateValue): Promise<ExecutorStateUpdate> {
    const open = nextOpenStep(ctx.plan);
    if (!open) return { outcome: { kind: 'completed' } };
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

/** Where an invocation enters the loop, from the checkpoint (the execution log) and the plan. */
function routeStart(ctx: RunContext) {
  return function route_start(): 'receive_answer' | 'ask_user' | 'tools' | 'agent' | 'finish' {
    const pending = ctx.record.pending;
    const asking = pending.some((c) => c.kind === 'ask');
    if (asking && ctx.plan.blocking_answer !== undefined && ctx.plan.blocking_prompt === undefined)
      return 'receive_answer';
    if (pending.length > 0 && pending[0]?.kind === 'ask') return 'ask_user';
    if (pending.length > 0) return 'tools';
    return nextOpenStep(ctx.plan) ? 'agent' : 'finish';
  };
}

function afterAgent(state: ExecutorStateValue, ctx: RunContext): 'tools' | 'agent' | 'finish' | typeof END {
  if (state.outcome.kind === 'failed') return END;
  if (ctx.record.pending.length > 0) return 'tools';
  // No tool call: one reminder was appended (the last message is human) or the model stopped for good.
  return state.messages.at(-1)?.getType() === 'human' ? 'agent' : 'finish';
}

function afterTools(
  state: ExecutorStateValue,
  ctx: RunContext,
): 'ask_user' | 'agent' | 'finish' | typeof END {
  if (state.outcome.kind === 'failed') return END;
  if (ctx.record.pending.some((c) => c.kind === 'ask')) return 'ask_user';
  return nextOpenStep(ctx.plan) ? 'agent' : 'finish';
}

/**
 * The executor's ReAct loop as an explicit LangGraph StateGraph with named nodes:
 * receive_answer → agent ⇄ tools → ask_user | finish. Built per invocation around the RunContext (deps, token,
 * stores); the durable checkpoint is the execution log plus the plan's step records, not LangGraph's saver.
 */
export function buildExecutorGraph(ctx: RunContext) {
  return new StateGraph(ExecutorState)
    .addNode('receive_answer', receiveAnswerNode(ctx))
    .addNode('agent', agentNode(ctx))
    .addNode('tools', toolsNode(ctx))
    .addNode('ask_user', askUserNode(ctx))
    .addNode('finish', finishNode(ctx))
    .addConditionalEdges(START, routeStart(ctx), ['receive_answer', 'ask_user', 'tools', 'agent', 'finish'])
    .addConditionalEdges('receive_answer', (s) => (s.outcome.kind === 'failed' ? END : 'agent'), [
      'agent',
      END,
    ])
    .addConditionalEdges('agent', (s) => afterAgent(s, ctx), ['tools', 'agent', 'finish', END])
    .addConditionalEdges('tools', (s) => afterTools(s, ctx), ['ask_user', 'agent', 'finish', END])
    .addEdge('ask_user', END)
    .addEdge('finish', END)
    .compile({ name: 'booking_executor' });
}
