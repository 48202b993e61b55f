import * as z from 'zod';
import { ErrorType } from '../contracts/enums.ts';

/** A LangChain message in a compact, lossless form: additional_kwargs (Gemini thought signatures) kept verbatim. */
export const LoggedMessage = z.object({
  type: z.enum(['system', 'human', 'ai', 'tool']),
  /** LangChain MessageContent: text, or content blocks (Gemini parts) kept as they are. */
  content: z.union([z.string(), z.array(z.looseObject({ type: z.string() }))]),
  id: z.string().optional(),
  name: z.string().optional(),
  additional_kwargs: z.record(z.string(), z.unknown()).optional(),
  response_metadata: z.record(z.string(), z.unknown()).optional(),
  tool_calls: z
    .array(z.object({ id: z.string(), name: z.string(), args: z.record(z.string(), z.unknown()) }))
    .optional(),
  tool_call_id: z.string().optional(),
});
export type LoggedMessage = z.infer<typeof LoggedMessage>;

/**
 * What one tool call of the last model turn was mapped to, decided once when the turn arrives and persisted
 * with it, so a redelivery replays the very same mapping (a step already recorded is not sent again).
 */
export const PlannedCall = z.discriminatedUnion('kind', [
  z.object({
    tool_call_id: z.string(),
    name: z.string(),
    kind: z.literal('step'),
    step_number: z.number().int(),
  }),
  z.object({
    tool_call_id: z.string(),
    name: z.string(),
    kind: z.literal('ask'),
    /** Issue 14: the question as code rendered it (lib/executor/ask), never the model's text. */
    question: z.string(),
    ask_kind: z.enum(['missing_value', 'choose', 'confirm_change']),
    step_number: z.number().int().min(1),
    parameter: z.string().optional(),
    /** choose: the options the booking API offered, in the order shown. */
    options: z.array(z.string()).optional(),
    /** Answers that did not answer the question so far; bounded by MAX_REASKS. */
    re_asks: z.number().int().min(0).default(0),
  }),
  z.object({
    tool_call_id: z.string(),
    name: z.string(),
    kind: z.literal('refused'),
    reason: z.string(),
    guardrail: z.enum([
      'outside_plan',
      'blocked_action',
      'out_of_order',
      'changed_confirmed_value',
      'malformed',
    ]),
  }),
  z.object({ tool_call_id: z.string(), name: z.string(), kind: z.literal('deferred'), reason: z.string() }),
]);
export type PlannedCall = z.infer<typeof PlannedCall>;

/** Why execution stopped for good; persisted before rollback starts so a crash mid-rollback resumes it. */
export const ExecutionFailure = z.object({
  kind: z.enum([
    'step_failed',
    'corrections_exhausted',
    'scope_changed',
    'model_budget_exhausted',
    'model_stopped',
    'model_unavailable',
    'blocking_slot_taken',
    'answer_unusable',
    // ADR 0010: the token is not for the plan's venue, or its venue could not be read; before any write.
    'venue_refused',
    /** The plan's message died twice (DLQ) and the watchdog rolled it back (ADR 0009). */
    'execution_abandoned',
  ]),
  /** 001 RollbackReport.triggered_by_step: the step that failed or could not be completed. */
  step_number: z.number().int().min(1),
  error_type: ErrorType.optional(),
  /** User-facing text, stored as the plan's failure_reason. */
  message: z.string().min(1),
  /** No response arrived (timeout, dropped connection): the change may or may not have been applied. */
  in_doubt: z.boolean().optional(),
  /** In doubt because an attempt timed out and may still land upstream (ADR 0007): a read-back cannot clear it. */
  in_flight: z.boolean().optional(),
});
export type ExecutionFailure = z.infer<typeof ExecutionFailure>;

/**
 * What an execution has decided besides its conversation: the last turn's mapping, the loop's counters, the
 * decided failure and rollback progress. Declared once, here: the stored record below, the executor's
 * ExecutionState (lib/executor/execution-state.ts) and the graph's state channels
 * (lib/executor/graph/graph-state.ts, whose defaults are these defaults) are all derived from it.
 * Defaults are functions so that each parse gets its own array or object.
 */
export const ExecutionProgress = z.object({
  /** Mapping of the last model turn's tool calls that still lack a tool message. */
  pending: z.array(PlannedCall).default(() => []),
  model_calls: z.number().int().min(0).default(0),
  /** Model invocations that threw (provider outage); bounded before the plan fails. */
  model_errors: z.number().int().min(0).default(0),
  /** Self-corrections used per step number (000: bounded by MAX_SELF_CORRECTIONS). */
  corrections: z.record(z.string(), z.number().int().min(0)).default(() => ({})),
  /** Times the model stopped talking with steps left and was reminded once. */
  nudges: z.number().int().min(0).default(0),
  /** True between the user's answer and the model's next turn: a refused call then means a scope change. */
  after_answer: z.boolean().default(false),
  /** The failure decided before rollback (it survives a crash). */
  failure: ExecutionFailure.optional(),
  /** Reasons of failed compensations by step number, for the RollbackReport. */
  compensation_failures: z.record(z.string(), z.string()).default(() => ({})),
  /**
   * The booking version each applied compensation returned, by step number (recorded before the step is marked
   * compensated). The next compensation on that booking sends it as If-Match (000 Decision Records: conflicts
   * are detected at execution time), so a rollback never overwrites someone else's later change.
   */
  compensation_versions: z.record(z.string(), z.number()).default(() => ({})),
});
export type ExecutionProgress = z.infer<typeof ExecutionProgress>;

/**
 * The executor's checkpoint for one plan (executions table, keyed by plan_id, TTL expires_at): the message log
 * of the ReAct loop plus the progress that bounds it. The plan item holds the step write-ahead log; this item
 * holds only what a resumed invocation needs to continue the conversation.
 */
export const ExecutionRecord = z.object({
  plan_id: z.string().min(1),
  /** Optimistic-concurrency sequence; every put is conditional on it and bumps it. */
  seq: z.number().int().min(1),
  messages: z.array(LoggedMessage),
  ...ExecutionProgress.shape,
  updated_at: z.string(),
  /** DynamoDB TTL, epoch seconds. */
  expires_at: z.number().int(),
});
export type ExecutionRecord = z.infer<typeof ExecutionRecord>;

/**
 * Port: the executor's checkpoint store. One item per plan; writes are conditional on `seq` so two consumers
 * racing on a redelivered message cannot interleave. Contract: test/executor/execution-log.contract.ts.
 * It lives in lib/ports so that its adapters (lib/adapters/execution-log) depend on the port, not the executor.
 */
export interface ExecutionLog {
  get(planId: string): Promise<ExecutionRecord | undefined>;
  /**
   * Writes the record. expectedSeq undefined: the item must not exist; otherwise the stored seq must equal it.
   * The record's own seq is what gets stored (callers pass expectedSeq + 1). Throws StaleExecutionRecordError.
   */
  put(record: ExecutionRecord, expectedSeq: number | undefined): Promise<void>;
  /** Deletes the record (privacy: the log holds guest data and is dropped once the plan is terminal). */
  delete(planId: string): Promise<void>;
}

/** Error family of the execution log. */
export class ExecutionLogError extends Error {
  override readonly name: string = 'ExecutionLogError';
}

/** A conditional put lost a race: another invocation advanced the log. The message is retried. */
export class StaleExecutionRecordError extends ExecutionLogError {
  override readonly name = 'StaleExecutionRecordError';
  constructor(
    readonly planId: string,
    readonly expectedSeq: number | undefined,
    options?: { cause?: unknown },
  ) {
    super(`execution log of plan ${planId} changed since seq ${expectedSeq ?? 'none'}`, options);
  }
}
