import { type AIMessage, type BaseMessage, isAIMessage } from '@langchain/core/messages';
import { hasErrorName } from '../../errors/has-error-name.ts';
import type { ExecutionFailure } from '../../ports/execution-log.ts';
import { nextOpenStep, saveCheckpoint } from '../execution-state.ts';
import { ModelCallError, ModelNotToolCapableError } from '../executor-errors.ts';
import { crash, type RunContext } from '../run-context.ts';
import { askUserTool } from './ask-user-tool.ts';
import { directTurn } from './direct-step.ts';
import type { ExecutorStateUpdate, ExecutorStateValue } from './graph-state.ts';
import { toUpdate } from './graph-state.ts';
import { nudgeMessage, requestMessages } from './prompt.ts';
import { mapToolCalls } from './tool-call-mapping.ts';
import { toolDefinitions } from './tool-definitions.ts';

/** A provider outage is retried by redelivery this many times before the plan fails (no endless DLQ loop). */
const MAX_MODEL_ERRORS = 3;

function failWith(
  state: ExecutorStateValue,
  kind: ExecutionFailure['kind'],
  message: string,
): ExecutorStateUpdate {
  const step = nextOpenStep(state.plan);
  return { outcome: { kind: 'failed', failure: { kind, step_number: step?.step_number ?? 1, message } } };
}

async function invokeModel(ctx: RunContext, state: ExecutorStateValue): Promise<AIMessage> {
  const { model, tracer } = ctx.deps;
  if (typeof model.bindTools !== 'function') {
    throw new ModelNotToolCapableError('the executor needs a chat model that supports tool calling');
  }
  const bound = model.bindTools(toolDefinitions(state.plan, ctx.deps.registry, askUserTool));
  const reply = await bound.invoke(requestMessages(state.messages, state.plan, ctx.deps.registry), {
    callbacks: tracer.langchainCallbacks(ctx.scope),
    runName: 'executor_model',
    metadata: { plan_id: ctx.planId },
  });
  if (!isAIMessage(reply)) throw new TypeError('the model did not answer with an AI message');
  return reply;
}

/**
 * Issue 32: code's turn for a fully determined step, logged and mapped exactly like a model's turn (so a crash
 * replays it), without a model call: `model_calls` is not counted.
 */
async function takeDirectTurn(
  ctx: RunContext,
  state: ExecutorStateValue,
  turn: AIMessage,
): Promise<ExecutorStateUpdate> {
  const calls = turn.tool_calls ?? [];
  ctx.deps.logger.info('executor runs a fully determined step without a model turn', {
    plan_id: ctx.planId,
    action_id: calls[0]?.name,
  });
  const next = await saveCheckpoint(ctx, state, {
    messages: [...state.messages, turn],
    pending: mapToolCalls(state.plan, ctx.deps.registry, calls, state.messages),
  });
  return toUpdate(next, [turn]);
}

/**
 * Node 'agent' (Reason): asks the model for the next tool call(s), bounded by MAX_EXECUTOR_MODEL_CALLS; a step that
 * needs no judgement is called by code instead (direct-step.ts, EXECUTOR_DIRECT_STEPS). The turn
 * and its mapping onto the plan are logged before any tool runs, so a crash after this point replays the same
 * calls instead of asking the model again.
 */
export function agentNode(ctx: RunContext) {
  return async function agent(state: ExecutorStateValue): Promise<ExecutorStateUpdate> {
    const { config } = ctx.deps;
    const direct = directTurn(ctx, state);
    if (direct) return takeDirectTurn(ctx, state, direct);
    if (state.model_calls >= config.MAX_EXECUTOR_MODEL_CALLS) {
      return failWith(
        state,
        'model_budget_exhausted',
        `The change could not be finished within ${config.MAX_EXECUTOR_MODEL_CALLS} assistant steps. Nothing more was changed; please try again.`,
      );
    }
    let reply: AIMessage;
    try {
      reply = await invokeModel(ctx, state);
    } catch (error) {
      if (hasErrorName(error, 'ModelNotToolCapableError')) throw error;
      const errors = state.model_errors + 1;
      const counted = await saveCheckpoint(ctx, state, { model_errors: errors });
      ctx.deps.logger.warn('executor model call failed', { plan_id: ctx.planId, model_errors: errors });
      if (errors >= MAX_MODEL_ERRORS) {
        return {
          ...toUpdate(counted),
          ...failWith(
            state,
            'model_unavailable',
            'The assistant is unavailable right now. Nothing more was changed; please try again later.',
          ),
        };
      }
      throw new ModelCallError(ctx.planId, { cause: error });
    }
    crash(ctx, 'after_model_call');
    const calls = reply.tool_calls ?? [];
    const extra: BaseMessage[] = [];
    let nudges = state.nudges;
    const open = nextOpenStep(state.plan);
    if (calls.length === 0 && open && nudges < 1) {
      extra.push(nudgeMessage(open.step_number, open.action_id));
      nudges += 1;
    }
    const next = await saveCheckpoint(ctx, state, {
      messages: [...state.messages, reply, ...extra],
      pending: mapToolCalls(state.plan, ctx.deps.registry, calls, state.messages),
      model_calls: state.model_calls + 1,
      nudges,
    });
    return toUpdate(next, [reply, ...extra]);
  };
}
