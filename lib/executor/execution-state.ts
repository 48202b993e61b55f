import type { BaseMessage } from '@langchain/core/messages';
import type { StoredPlan, StoredStep } from '../plans/stored-plan.ts';
import type { ExecutionFailure, ExecutionRecord, PlannedCall } from './execution-log.ts';
import { fromLoggedMessage, toLoggedMessage } from './message-codec.ts';
import type { StepContext } from './run-context.ts';

/**
 * What an execution knows at any point: the plan item as last read or written (its steps are the write-ahead
 * log) and the checkpoint's fields (the conversation, the last turn's mapping, the loop's counters, the decided
 * failure, rollback progress). The graph's state annotation holds exactly this plus its outcome; nodes and the
 * step and rollback code take it and return the next one.
 */
export interface ExecutionState {
  messages: BaseMessage[];
  plan: StoredPlan;
  /** Mapping of the last model turn's tool calls that still lack a tool message. */
  pending: PlannedCall[];
  model_calls: number;
  model_errors: number;
  /** Self-corrections used per step number. */
  corrections: Record<string, number>;
  nudges: number;
  /** True between the user's answer and the model's next turn. */
  after_answer: boolean;
  /** The failure logged in the checkpoint (decided before rollback; survives a crash). */
  failure: ExecutionFailure | undefined;
  compensation_failures: Record<string, string>;
  compensation_versions: Record<string, number>;
  /** The stored checkpoint item: its seq (undefined until the first put) and its TTL. */
  log: { seq: number | undefined; expires_at: number };
}

/** The checkpoint fields a write may change; `messages` is the whole conversation to log. */
export type CheckpointChange = Partial<
  Pick<
    ExecutionState,
    | 'messages'
    | 'pending'
    | 'model_calls'
    | 'model_errors'
    | 'corrections'
    | 'nudges'
    | 'after_answer'
    | 'failure'
    | 'compensation_failures'
    | 'compensation_versions'
  >
>;

/** The state an invocation starts from: the admitted plan and the stored checkpoint. */
export function stateFromCheckpoint(
  plan: StoredPlan,
  record: ExecutionRecord,
  stored: boolean,
): ExecutionState {
  return {
    messages: record.messages.map(fromLoggedMessage),
    plan,
    pending: record.pending,
    model_calls: record.model_calls,
    model_errors: record.model_errors,
    corrections: record.corrections,
    nudges: record.nudges,
    after_answer: record.after_answer,
    failure: record.failure,
    compensation_failures: record.compensation_failures,
    compensation_versions: record.compensation_versions,
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
    pending: next.pending,
    model_calls: next.model_calls,
    model_errors: next.model_errors,
    corrections: next.corrections,
    nudges: next.nudges,
    after_answer: next.after_answer,
    ...(next.failure ? { failure: next.failure } : {}),
    compensation_failures: next.compensation_failures,
    compensation_versions: next.compensation_versions,
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
