import { Annotation, MessagesAnnotation } from '@langchain/langgraph';
import type { ExecutionFailure } from './execution-log.ts';

/** How a run of the graph ended for this invocation. */
export type GraphOutcome =
  | { kind: 'running' }
  | { kind: 'completed' }
  /** ask_user: blocking_prompt set, invocation ends; a later 'resume' message continues. */
  | { kind: 'blocked' }
  | { kind: 'failed'; failure: ExecutionFailure };

/** Graph state: the conversation (the ReAct loop) and the outcome. Durable state lives in the RunContext stores. */
export const ExecutorState = Annotation.Root({
  ...MessagesAnnotation.spec,
  outcome: Annotation<GraphOutcome>({ reducer: (_old, next) => next, default: () => ({ kind: 'running' }) }),
});
export type ExecutorStateValue = typeof ExecutorState.State;
export type ExecutorStateUpdate = typeof ExecutorState.Update;
