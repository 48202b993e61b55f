import { Annotation, type BinaryOperatorAggregate, MessagesAnnotation } from '@langchain/langgraph';
import type { StoredPlan } from '../../plans/stored-plan.ts';
import { type ExecutionFailure, ExecutionProgress } from '../../ports/execution-log.ts';
import { type ExecutionState, PROGRESS_FIELDS, type ProgressState } from '../execution-state.ts';

/** How a run of the graph ended for this invocation. */
export type GraphOutcome =
  | { kind: 'running' }
  | { kind: 'completed' }
  /** ask_user: blocking_prompt set, invocation ends; a later 'resume' message continues. */
  | { kind: 'blocked' }
  /** Decided: the roll_back node compensates and the close node writes the terminal status. */
  | { kind: 'failed'; failure: ExecutionFailure };

function replace<T>(_old: T, next: T): T {
  return next;
}

function channel<T>(initial: () => T) {
  return Annotation<T>({ reducer: replace, default: initial });
}

/**
 * One replace channel per field of ExecutionProgress (lib/ports/execution-log.ts), defaulting to that field's
 * default in the record's schema: the channels cannot drift from the record they are saved to.
 */
function progressChannels(): { [K in keyof ProgressState]: BinaryOperatorAggregate<ProgressState[K]> } {
  const shape = ExecutionProgress.shape;
  return Object.fromEntries(
    PROGRESS_FIELDS.map((field) => [field, channel(() => shape[field].parse(undefined))]),
  ) as { [K in keyof ProgressState]: BinaryOperatorAggregate<ProgressState[K]> };
}

/**
 * The executor graph's state (langgraphjs: routers read only the state, as the prebuilt react agent does): the
 * conversation, the plan item as last written, the checkpoint's progress (ExecutionState: the last turn's
 * mapping, the loop's counters, the logged failure, rollback progress, the checkpoint's seq) and how this
 * invocation ended. The durable copies are the plan item and the execution log; every node that changes one of
 * them returns the new values here.
 */
export const ExecutorState = Annotation.Root({
  ...MessagesAnnotation.spec,
  plan: Annotation<StoredPlan>({ reducer: replace }),
  ...progressChannels(),
  log: Annotation<ExecutionState['log']>({ reducer: replace }),
  outcome: channel<GraphOutcome>(() => ({ kind: 'running' })),
});
export type ExecutorStateValue = typeof ExecutorState.State;
export type ExecutorStateUpdate = typeof ExecutorState.Update;

/**
 * The update that takes the graph to `next` (an ExecutionState computed by a node): every checkpoint channel
 * replaced, plus the messages this node adds (the messages channel appends).
 */
export function toUpdate(
  next: ExecutionState,
  added: ExecutorStateValue['messages'] = [],
  outcome?: GraphOutcome,
): ExecutorStateUpdate {
  const { messages: _all, ...channels } = next;
  return { ...channels, messages: added, ...(outcome ? { outcome } : {}) };
}
