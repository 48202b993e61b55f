import type { BaseCallbackHandler } from '@langchain/core/callbacks/base';

/** Identifies a trace across Lambdas: stored on the plan (trace_id, trace_root_span_id). */
export interface TraceRef {
  traceId: string;
  /** Span under which later Lambdas attach their spans (the request's root span). */
  rootSpanId: string;
}

/** Attributes on every span of a request (issue 7: user_id and session_id on every span). */
export interface TraceScope {
  userId: string;
  sessionId: string;
  planId?: string;
}

export type ObservationType = 'span' | 'generation' | 'tool' | 'event' | 'agent' | 'guardrail';

export interface SpanOptions {
  asType?: ObservationType;
  /** Masked before export (PII); the user's token must never be passed here. */
  input?: unknown;
  metadata?: Record<string, unknown>;
}

export interface SpanHandle {
  update(attrs: {
    output?: unknown;
    metadata?: Record<string, unknown>;
    level?: 'DEFAULT' | 'WARNING' | 'ERROR';
    statusMessage?: string;
  }): void;
  /** Records a point event under this span (clarification, guardrail refusal…). */
  event(
    name: string,
    attrs?: { input?: unknown; output?: unknown; metadata?: Record<string, unknown> },
  ): void;
}

/**
 * Port: tracing (Langfuse in production, a no-op when no keys are set).
 * Span names are the seed-000 tree: user_request, intent_understanding, plan_generation, user_confirmation,
 * execution, tool:<action_id>, rollback.
 */
export interface Tracer {
  /** Starts a new trace for a user request; fn runs inside its root span. */
  startTrace<T>(
    name: string,
    scope: TraceScope,
    fn: (span: SpanHandle, ref: TraceRef) => Promise<T>,
  ): Promise<T>;
  /** Runs fn in a span: nested under the active span, or under `parent` when continuing a stored trace. */
  span<T>(
    name: string,
    scope: TraceScope,
    options: SpanOptions & { parent?: TraceRef },
    fn: (span: SpanHandle) => Promise<T>,
  ): Promise<T>;
  /** LangChain callbacks that record LLM generations (model, prompt, response, latency, tokens) under the active span. */
  langchainCallbacks(scope: TraceScope): BaseCallbackHandler[];
  /** Exports buffered spans, bounded by LANGFUSE_FLUSH_TIMEOUT_MS; never throws. */
  flush(): Promise<void>;
}
