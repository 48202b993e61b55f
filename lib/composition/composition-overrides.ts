import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { ExecutePlanMessage } from '../executor/executor-deps.ts';
import type { ReadSecret } from '../observability/resolve-langfuse-keys.ts';
import type { HandleRequest } from '../planner/request-outcome.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdSource } from '../ports/ids.ts';
import type { PlanQueue } from '../ports/plan-queue.ts';
import type { Tracer } from '../ports/tracer.ts';
import type { ActionRegistry } from '../registry/action-registry.ts';

/** Builds a tool-calling chat model for one purpose (the offline model, or a scripted fake in tests). */
export type ModelProvider = (purpose: 'planner' | 'executor') => BaseChatModel;

/**
 * Replacements the local stack and tests inject into the composition; AWS uses none of them. Each default is
 * what loadConfig's values imply: system clock, random ids, SQS queue from PLAN_QUEUE_URL, the tracer of the
 * LANGFUSE_* keys (Langfuse, or the no-op tracer without keys), Secrets Manager for *_SECRET_ARN, the model of
 * LLM_PROVIDER, the compiled registry.
 */
export interface CompositionOverrides {
  clock?: Clock;
  ids?: IdSource;
  /** E.g. a PlanQueue that fails, to prove 503 behaviour end to end. */
  queue?: PlanQueue;
  /** Replaces the tracer built from LANGFUSE_* (its flush is still bounded by LANGFUSE_FLUSH_TIMEOUT_MS). */
  tracer?: Tracer;
  /** Replaces Secrets Manager for LANGFUSE_SECRET_ARN and GOOGLE_API_KEY_SECRET_ARN (tests). */
  readSecret?: ReadSecret;
  modelProvider?: ModelProvider;
  /** Replaces the compiled registry (tests of another API's spec + overlays, built with registry build()). */
  registry?: ActionRegistry;
  /** Replaces the planner use case entirely (tests of the spine: the HTTP contract, the local stack). */
  handleRequest?: HandleRequest;
  /** Replaces the executor use case entirely (tests of the queue, the poller and batchItemFailures). */
  executePlanMessage?: ExecutePlanMessage;
}
