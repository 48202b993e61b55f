import type { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import type { TracerProvider } from '@opentelemetry/api';
import type { TraceScope } from '../ports/tracer.ts';

/**
 * An optional extension of the Langfuse tracer. The core (langfuse-tracer.ts) knows nothing of LangChain, so the
 * confirm/get/answer handlers bundle none of it (issue 4 cold start, test/api/cold-start.test.ts); the planner and
 * executor compositions add langchainTracing (langchain-tracing.ts). The BaseCallbackHandler import is type-only.
 */
export interface TracerPlugin {
  /** Name for logs and tests, e.g. "langchain". */
  readonly name: string;
  /** Callback handlers that record LLM generations under the active span, bound to the tracer's provider. */
  callbacks?(scope: TraceScope, provider: TracerProvider): BaseCallbackHandler[];
  /** Runs inside the bounded flush, before the provider's forceFlush (e.g. LangChain's queued callbacks). */
  beforeFlush?(): Promise<void>;
}
