import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { Config } from '../config/config.ts';
import type { BookingApi } from '../ports/booking-api.ts';
import type { Clock } from '../ports/clock.ts';
import type { ExecutionLog } from '../ports/execution-log.ts';
import type { PlanMessage } from '../ports/plan-queue.ts';
import type { PlanStore } from '../ports/plan-store.ts';
import type { SessionStore } from '../ports/session-store.ts';
import type { TokenSealer } from '../ports/token-sealer.ts';
import type { Tracer } from '../ports/tracer.ts';
import type { VenueDirectory } from '../ports/venue-directory.ts';
import type { ActionRegistry } from '../registry/action-registry.ts';

/**
 * Named points where the crash tests kill the consumer (issue 6 "Exactly once"): after the model call, after the
 * HTTP call but before its record, after the record, the same two around a compensation, and before the SQS
 * delete (the use case returned; the queue would delete the message next).
 */
export type CrashPoint =
  | 'after_model_call'
  | 'after_http_call'
  | 'after_record'
  | 'after_compensation_http_call'
  | 'after_compensation_record'
  | 'before_sqs_delete';

/** The slice of a structured logger the executor uses (the Powertools Logger satisfies it). */
export interface ExecutorLogger {
  info(message: string, ...attributes: Record<string, unknown>[]): void;
  warn(message: string, ...attributes: Record<string, unknown>[]): void;
  error(message: string, ...attributes: Record<string, unknown>[]): void;
  /** Correlation keys for the rest of the invocation (lib/plans/ops-log.ts correlate). */
  appendKeys?(keys: Record<string, unknown>): void;
}

/** The configuration the executor reads (all parsed once by loadConfig). */
export type ExecutorConfig = Pick<
  Config,
  | 'MAX_SELF_CORRECTIONS'
  | 'BOOKING_API_TIMEOUT_MS'
  | 'MAX_EXECUTOR_MODEL_CALLS'
  | 'EXECUTOR_DIRECT_STEPS'
  | 'VENUE_TIMEZONE'
  | 'VENUE_LOCALE'
  | 'IN_DOUBT_MAX_RESENDS'
>;

/** Everything the executor needs, injected by the composition root. */
export interface ExecutorDeps {
  registry: ActionRegistry;
  bookingApi: BookingApi;
  planStore: PlanStore;
  sessionStore: SessionStore;
  executionLog: ExecutionLog;
  /** Unseals the message's token (issue 28): only the executor and the watchdog's rollback hold one. */
  tokenSealer: TokenSealer;
  /** A tool-calling chat model (Gemini, the offline model, or a scripted fake in tests). */
  model: BaseChatModel;
  clock: Clock;
  tracer: Tracer;
  logger: ExecutorLogger;
  config: ExecutorConfig;
  /**
   * ADR 0010: the token's venue read, checked against the plan's venue_id before the first write. Absent when the
   * booking API declares no venue read.
   */
  venues?: VenueDirectory;
  /** Waits before a transient retry (step/transient-retry.ts); default: a timer. Tests inject one that records. */
  sleep?: (ms: number) => Promise<void>;
  /** Crash-test hook; absent (a no-op) in production. */
  crash?: (point: CrashPoint) => void;
}

/** The SQS consumer's use case: resolve = acknowledge the message; throw = let SQS redeliver it. */
export type ExecutePlanMessage = (msg: PlanMessage) => Promise<void>;
