import type { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import type { SpanHandle, SpanOptions, TraceRef, Tracer, TraceScope } from '../../../lib/ports/tracer.ts';

/** One recorded span, event or update. */
export interface Recorded {
  kind: 'trace' | 'span' | 'event' | 'update';
  name: string;
  scope?: TraceScope;
  options?: SpanOptions;
  attrs?: unknown;
}

/** A Tracer that records what the planner reports, in order; no export. */
export class RecordingTracer implements Tracer {
  readonly records: Recorded[] = [];
  readonly ref: TraceRef = { traceId: 'trace-0001', rootSpanId: 'span-root-0001' };

  async startTrace<T>(
    name: string,
    scope: TraceScope,
    fn: (span: SpanHandle, ref: TraceRef) => Promise<T>,
  ): Promise<T> {
    this.records.push({ kind: 'trace', name, scope });
    return fn(this.handle(name), this.ref);
  }

  async span<T>(
    name: string,
    scope: TraceScope,
    options: SpanOptions & { parent?: TraceRef },
    fn: (span: SpanHandle) => Promise<T>,
  ): Promise<T> {
    this.records.push({ kind: 'span', name, scope, options });
    return fn(this.handle(name));
  }

  langchainCallbacks(): BaseCallbackHandler[] {
    return [];
  }

  async flush(): Promise<void> {}

  names(kind: Recorded['kind']): string[] {
    return this.records.filter((r) => r.kind === kind).map((r) => r.name);
  }

  private handle(name: string): SpanHandle {
    return {
      update: (attrs) => {
        this.records.push({ kind: 'update', name, attrs });
      },
      event: (eventName, attrs) => {
        this.records.push({ kind: 'event', name: eventName, attrs });
      },
    };
  }
}
