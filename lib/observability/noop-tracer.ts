import type { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import type { SpanHandle, SpanOptions, TraceRef, Tracer, TraceScope } from '../ports/tracer.ts';
import { randomTraceRef } from './random-trace-ref.ts';

/** A SpanHandle that records nothing (no-op tracer, or a tracer already shut down). */
export const noopSpanHandle: SpanHandle = {
  update() {},
  event() {},
};

/**
 * Tracing off (no Langfuse keys): costs nothing beyond calling fn, and loads nothing of OpenTelemetry or Langfuse
 * (issue 12 cold start). startTrace still hands out a valid, random
 * TraceRef so every plan carries a trace id, and Lambdas that do have keys can attach to it later.
 */
export class NoopTracer implements Tracer {
  startTrace<T>(
    _name: string,
    _scope: TraceScope,
    fn: (span: SpanHandle, ref: TraceRef) => Promise<T>,
  ): Promise<T> {
    return fn(noopSpanHandle, randomTraceRef());
  }

  span<T>(
    _name: string,
    _scope: TraceScope,
    _options: SpanOptions & { parent?: TraceRef },
    fn: (span: SpanHandle) => Promise<T>,
  ): Promise<T> {
    return fn(noopSpanHandle);
  }

  langchainCallbacks(_scope: TraceScope): BaseCallbackHandler[] {
    return [];
  }

  async flush(): Promise<void> {}
}
