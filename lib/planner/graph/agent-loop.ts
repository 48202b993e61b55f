import {
  type AIMessage,
  type BaseMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
} from '@langchain/core/messages';
import { END, START, StateGraph } from '@langchain/langgraph';
import { PlannerError, PlannerUnavailableError } from '../errors.ts';
import { interpretReply } from './interpret-reply.ts';
import { runLookupsNode } from './nodes/run-lookups.ts';
import { AgentLoopState, type AgentLoopValues, type PlanningValues } from './planning-state.ts';
import { MAX_MODEL_CALLS, type TurnContext } from './turn-context.ts';

/**
 * The planning agent loop as a LangGraph StateGraph: `call_model` ⇄ `run_lookups`, until the model calls one
 * terminal tool. Independent lookups of one reply run concurrently (seed 003). Invalid output gets one retry with
 * the error fed back; after a second one, or without a terminal call within MAX_MODEL_CALLS, the loop ends with
 * `gave_up` set (a budget the graph handles, ADR 0014: a model that answers but never validly is not an outage).
 */
export function buildAgentLoop(ctx: TurnContext) {
  return new StateGraph(AgentLoopState)
    .addNode('call_model', callModelNode(ctx))
    .addNode('run_lookups', runLookupsNode(ctx))
    .addEdge(START, 'call_model')
    .addConditionalEdges('call_model', routeAfterModel, ['run_lookups', 'call_model', END])
    .addEdge('run_lookups', 'call_model')
    .compile({ name: 'planning_agent_loop' });
}

function routeAfterModel(state: AgentLoopValues): 'run_lookups' | 'call_model' | typeof END {
  if (state.terminal || state.gave_up) return END;
  const lastMessage = state.messages.at(-1);
  return lastMessage?.getType() === 'ai' ? 'run_lookups' : 'call_model';
}

function callModelNode(ctx: TurnContext) {
  return async function call_model(state: AgentLoopValues): Promise<Partial<AgentLoopValues>> {
    if (state.model_calls >= MAX_MODEL_CALLS) return { gave_up: 'no_final_call' };
    const reply = await invokeModel(ctx, [
      new SystemMessage(ctx.systemPrompt),
      ...ctx.history,
      ...state.messages,
    ]);
    const verdict = interpretReply(reply, ctx.toolset);
    const model_calls = state.model_calls + 1;
    if (verdict.kind === 'terminal') return { messages: [reply], terminal: verdict.call, model_calls };
    if (verdict.kind === 'lookups') return { messages: [reply], model_calls };
    const invalid_outputs = state.invalid_outputs + 1;
    // The reply is dropped, not kept: it never reaches the history (plan-turn.ts keeps only the user's words).
    if (invalid_outputs > 1) return { gave_up: 'invalid_output', invalid_outputs, model_calls };
    // Counts only: the reason can quote the model's tool names and arguments.
    ctx.logger.warn('planner model output invalid; retrying once', { invalid_outputs, model_calls });
    return {
      messages: [reply, ...feedbackFor(reply, verdict.reason)],
      invalid_outputs,
      model_calls,
    };
  };
}

async function invokeModel(ctx: TurnContext, prompt: BaseMessage[]): Promise<AIMessage> {
  try {
    return (await ctx.model.invoke(prompt, {
      callbacks: ctx.callbacks,
      runName: 'planner_model',
    })) as AIMessage;
  } catch (error) {
    if (error instanceof PlannerError) throw error;
    throw new PlannerUnavailableError(undefined, { cause: error });
  }
}

/**
 * Marks a user turn that the service wrote (the invalid-output feedback), not the user: grounding and licensing
 * read only the user's own words (plan-turn.ts). Providers ignore additional_kwargs on user turns.
 */
export const SERVICE_FEEDBACK_KWARG = 'service_feedback';

/** The error, as the model will read it: a tool result per call, or a user turn when it called none. */
function feedbackFor(reply: AIMessage, reason: string): BaseMessage[] {
  const text = `Invalid reply: ${reason}. Call the lookup tools you need, then exactly one of propose_plan, ask_clarification, decline or cancel_request.`;
  const calls = reply.tool_calls ?? [];
  if (calls.length === 0)
    return [new HumanMessage({ content: text, additional_kwargs: { [SERVICE_FEEDBACK_KWARG]: true } })];
  return calls.map(
    (call) =>
      new ToolMessage({
        tool_call_id: call.id ?? call.name,
        name: call.name,
        content: text,
        status: 'error',
      }),
  );
}

/** Runs the loop from the planning graph's state plus extra messages; returns only what the loop added. */
export async function runAgentLoop(
  ctx: TurnContext,
  state: PlanningValues,
  extra: BaseMessage[] = [],
): Promise<Partial<PlanningValues>> {
  const input = [...state.messages, ...extra];
  const out = await buildAgentLoop(ctx).invoke(
    { messages: input, invalid_outputs: state.invalid_outputs, model_calls: state.model_calls },
    { recursionLimit: 4 * MAX_MODEL_CALLS },
  );
  return {
    messages: [...extra, ...out.messages.slice(input.length)],
    terminal: out.terminal,
    gave_up: out.gave_up,
    invalid_outputs: out.invalid_outputs,
    model_calls: out.model_calls,
    known: out.known,
    searches: out.searches,
    seen_ids: out.seen_ids,
  };
}
