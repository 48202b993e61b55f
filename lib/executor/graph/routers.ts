import { END } from '@langchain/langgraph';
import { nextOpenStep } from '../execution-state.ts';
import type { ExecutorStateValue } from './graph-state.ts';

/**
 * The executor graph's edges. Like langgraphjs' prebuilt react agent, each router reads the graph state only:
 * a decided failure always goes to roll_back; the last turn's mapping (`pending`) and the plan's open steps
 * decide the rest.
 */

/** Where an invocation enters the loop, from the checkpoint and the plan as stored. */
export function routeStart(
  state: ExecutorStateValue,
): 'roll_back' | 'receive_answer' | 'ask_user' | 'tools' | 'agent' | 'finish' {
  if (state.outcome.kind === 'failed') return 'roll_back';
  const { pending, plan } = state;
  const asking = pending.some((c) => c.kind === 'ask');
  if (asking && plan.blocking_answer !== undefined && plan.blocking_prompt === undefined)
    return 'receive_answer';
  if (pending[0]?.kind === 'ask') return 'ask_user';
  if (pending.length > 0) return 'tools';
  return nextOpenStep(plan) ? 'agent' : 'finish';
}

/** A readable answer continues the loop; an unreadable one was asked again (blocked: the invocation ends). */
export function afterAnswer(state: ExecutorStateValue): 'roll_back' | 'agent' | typeof END {
  if (state.outcome.kind === 'failed') return 'roll_back';
  return state.outcome.kind === 'blocked' ? END : 'agent';
}

export function afterAgent(state: ExecutorStateValue): 'roll_back' | 'tools' | 'agent' | 'finish' {
  if (state.outcome.kind === 'failed') return 'roll_back';
  if (state.pending.length > 0) return 'tools';
  // No tool call: one reminder was appended (the last message is human) or the model stopped for good.
  return state.messages.at(-1)?.getType() === 'human' ? 'agent' : 'finish';
}

export function afterTools(state: ExecutorStateValue): 'roll_back' | 'ask_user' | 'agent' | 'finish' {
  if (state.outcome.kind === 'failed') return 'roll_back';
  if (state.pending.some((c) => c.kind === 'ask')) return 'ask_user';
  return nextOpenStep(state.plan) ? 'agent' : 'finish';
}

/** ask_user ends the invocation (blocked), unless the session's blocking slot was taken. */
export function afterAsk(state: ExecutorStateValue): 'roll_back' | typeof END {
  return state.outcome.kind === 'failed' ? 'roll_back' : END;
}

/** finish wrote `completed`, or found a step left open. */
export function afterFinish(state: ExecutorStateValue): 'roll_back' | typeof END {
  return state.outcome.kind === 'failed' ? 'roll_back' : END;
}
