import type { BaseMessage } from '@langchain/core/messages';
import type { StoredPlan, StoredStep } from '../plans/stored-plan.ts';
import { ExecutionProgress, type ExecutionRecord } from '../ports/execution-log.ts';
import { fromLoggedMessage, toLoggedMessage } from './message-codec.ts';
import type { StepContext } from './run-context.ts';

/**
 * ExecutionProgress with every field present: a field the record may leave out (failure) is held as undefined,
 * so that replacing the state with a change can clear it.
 */
export type ProgressState = { [K in keyof ExecutionProgress & string]: ExecutionProgress[K] };

/** The progress fields, in the record's order. */
export const PROGRESS_FIELDS = Object.keys(ExecutionProgress.shape) as (keyof ProgressState)[];

/**
 * What an execution knows at any point: the plan item as last read or written (its steps are the write-ahead
 * log), the conversation, and the checkpoint's progress (ExecutionProgress of lib/ports/execution-log.ts: the
 * last turn's mapping, the loop's counters, the decided failure, rollback progress). The graph's state
 * annotation holds exactly this plus its outcome; nodes and the step and rollback code take it and return the
 * next one.
 */
export type ExecutionState = ProgressState & {
  messages: BaseMessage[];
  plan: StoredPlan;
  /** The stored checkpoint item: its seq (undefined until the first put) and its TTL. */
  log: { seq: ExecutionRecord['seq'] | undefined; expires_at: ExecutionRecord['expires_at'] };
};

/** The checkpoint fields a write may change; `messages` is the whole conversation to log. */
export type CheckpointChange = Partial<Pick<ExecutionState, 'messages' | keyof ProgressState>>;

/** The progress fields of a record or a state, every one of them present. */
function progressOf(source: ProgressState | ExecutionProgress): ProgressState {
  return Object.fromEntries(PROGRESS_FIELDS.map((field) => [field, source[field]])) as ProgressState;
}

/** The progress fields to store: those with a value (the record leaves an undecided failure out). */
function storedProgressOf(state: ProgressState): ExecutionProgress {
  return Object.fromEntries(
    PROGRESS_FIELDS.filter((field) => state[field] !== undefined).map((field) => [field, state[field]]),
  ) as ExecutionProgress;
}

/** The state an invocation starts from: the admitted plan and the stored checkpoint. */
export function stateFromCheckpoint(
  plan: StoredPlan,
  record: ExecutionRecord,
  stored: boolean,
): ExecutionState {
  return {
    messages: record.messages.map(fromLoggedMessage),
    plan,
    ...progressOf(record),
    log: { seq: stored ? record.seq : undefined, expires_at: record.expires_at },
  };
}

/**
 * Writes the checkpoint (the executions table item) with `change` applied, conditional on the stored seq, and
 * returns the state it now holds. A lost race throws StaleExecutionRecordError and SQS redelivers the message.
 */
export async function saveCheckpoint(
  ctx: StepContext,
  state: ExecutionState,
  change: CheckpointChange,
): Promise<ExecutionState> {
  const next = { ...state, ...change };
  const seq = (state.log.seq ?? 0) + 1;
  const record: ExecutionRecord = {
    plan_id: state.plan.plan_id,
    seq,
    messages: next.messages.map(toLoggedMessage),
    ...storedProgressOf(next),
    updated_at: ctx.deps.clock.now().toISOString(),
    expires_at: state.log.expires_at,
  };
  await ctx.deps.executionLog.put(record, state.log.seq);
  return { ...next, log: { seq, expires_at: state.log.expires_at } };
}

/** Runs one plan write (a lib/plans use case) and returns the state holding the plan as stored. */
export async function withPlan(
  state: ExecutionState,
  write: (plan: StoredPlan) => Promise<StoredPlan>,
): Promise<ExecutionState> {
  return { ...state, plan: await write(state.plan) };
}

export function stepOf(plan: StoredPlan, stepNumber: number): StoredStep {
  const step = plan.actions.find((s) => s.step_number === stepNumber);
  if (!step) throw new RangeError(`plan ${plan.plan_id} has no step ${stepNumber}`);
  return step;
}

/** The first step not yet succeeded, or undefined when every step is done. */
export function nextOpenStep(plan: StoredPlan): StoredStep | undefined {
  return plan.actions.find((s) => s.step_state !== 'succeeded');
}

/** Recorded outputs by step number, for {{step_N.field}} placeholders. */
export function stepOutputs(plan: StoredPlan): Map<number, Record<string, unknown>> {
  const outputs = new Map<number, Record<string, unknown>>();
  for (const s of plan.actions) {
    if (s.step_state === 'succeeded' && s.result?.response_data)
      outputs.set(s.step_number, s.result.response_data);
  }
  return outputs;
}
