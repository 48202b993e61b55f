import { END, START, StateGraph } from '@langchain/langgraph';
import type { RunContext } from '../run-context.ts';
import { agentNode } from './agent-node.ts';
import { askUserNode } from './ask-user-node.ts';
import { finishNode } from './finish-node.ts';
import { ExecutorState } from './graph-state.ts';
import { receiveAnswerNode } from './receive-answer-node.ts';
import { rollBackNode } from './roll-back-node.ts';
import { afterAgent, afterAnswer, afterAsk, afterFinish, afterTools, routeStart } from './routers.ts';
import { toolsNode } from './tools-node.ts';

/**
 * The executor as an explicit LangGraph StateGraph with named nodes; the routers read only the state:
 *
 *   START ─route_start─┬─▶ receive_answer ─▶ agent         (an unusable answer: asked again ─▶ END)
 *                      ├─▶ ask_user ─▶ END                  (blocking prompt: the invocation ends)
 *                      ├─▶ tools
 *                      ├─▶ agent ⇄ tools ─▶ ask_user
 *                      ├─▶ finish ─▶ END                    (completed: the terminal write)
 *                      └─▶ roll_back ─▶ END                 (any failure: compensations + the terminal write)
 *
 * Built per invocation around the RunContext (read-only deps, token, span); the durable checkpoint is the
 * execution log plus the plan's step records, not LangGraph's saver.
 */
export function buildExecutorGraph(ctx: RunContext) {
  return new StateGraph(ExecutorState)
    .addNode('receive_answer', receiveAnswerNode(ctx))
    .addNode('agent', agentNode(ctx))
    .addNode('tools', toolsNode(ctx))
    .addNode('ask_user', askUserNode(ctx))
    .addNode('finish', finishNode(ctx))
    .addNode('roll_back', rollBackNode(ctx))
    .addConditionalEdges(START, routeStart, [
      'roll_back',
      'receive_answer',
      'ask_user',
      'tools',
      'agent',
      'finish',
    ])
    .addConditionalEdges('receive_answer', afterAnswer, ['roll_back', 'agent', END])
    .addConditionalEdges('agent', afterAgent, ['roll_back', 'tools', 'agent', 'finish'])
    .addConditionalEdges('tools', afterTools, ['roll_back', 'ask_user', 'agent', 'finish'])
    .addConditionalEdges('ask_user', afterAsk, ['roll_back', END])
    .addConditionalEdges('finish', afterFinish, ['roll_back', END])
    .addEdge('roll_back', END)
    .compile({ name: 'booking_executor' });
}
