import type { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import type { SpanHandle, SpanOptions, TraceRef, Tracer, TraceScope } from '../../lib/ports/tracer.ts';

/** One recorded span: what the code under test put on it, and under which span it ran. */
export interface RecordedSpan {
  name: string;
  parent: string | undefined;
  parentRef: TraceRef | undefined;
  scope: TraceScope;
  asType: SpanOptions['asType'];
  input: unknown;
  metadata: Record<string, unknown> | undefined;
  updates: Parameters<SpanHandle['update']>[0][];
  events: { name: string; attrs: Parameters<SpanHandle['event']>[1] }[];
}

/** Everything reported, in order: traces, spans, span updates and events. */
export interface Recorded {
  kind: 'trace' | 'span' | 'event' | 'update';
  name: string;
  scope?: TraceScope;
  options?: SpanOptions;
  attrs?: unknown;
}

/**
 * The one in-memory Tracer of the tests (planner and executor alike): it records the span tree and the flat
 * sequence of what was reported, and exports nothing. Flows run one at a time, so a stack of open spans gives each
 * span its parent. Inputs and updates are copied when recorded, as an exporter would.
 */
export class RecordingTracer implements Tracer {
  /** The trace every startTrace hands out, so a stored plan's trace_id can be asserted. */
  readonly ref: TraceRef = { traceId: 'trace-0001', rootSpanId: 'span-root-0001' };
  readonly spans: RecordedSpan[] = [];
  readonly records: Recorded[] = [];
  private readonly stack: string[] = [];

  async startTrace<T>(
    name: string,
    scope: TraceScope,
    fn: (span: SpanHandle, ref: TraceRef) => Promise<T>,
  ): Promise<T> {
    this.records.push({ kind: 'trace', name, scope });
    return this.open(name, scope, {}, (span) => fn(span, this.ref));
  }

  async span<T>(
    name: string,
    scope: TraceScope,
    options: SpanOptions & { parent?: TraceRef },
    fn: (span: SpanHandle) => Promise<T>,
  ): Promise<T> {
    this.records.push({ kind: 'span', name, scope, options });
    return this.open(name, scope, options, fn);
  }

  langchainCallbacks(_scope: TraceScope): BaseCallbackHandler[] {
    return [];
  }

  async flush(): Promise<void> {}

  /** Names of what was reported, of one kind, in order. */
  names(kind: Recorded['kind']): string[] {
    return this.records.filter((r) => r.kind === kind).map((r) => r.name);
  }

  /** Spans whose name starts with `prefix` (e.g. 'tool:'). */
  named(prefix: string): RecordedSpan[] {
    return this.spans.filter((s) => s.name.startsWith(prefix));
  }

  /** Events of that name, on any span. */
  events(name: string): RecordedSpan['events'] {
    return this.spans.flatMap((s) => s.events.filter((e) => e.name === name));
  }

  private async open<T>(
    name: string,
    scope: TraceScope,
    options: SpanOptions & { parent?: TraceRef },
    fn: (span: SpanHandle) => Promise<T>,
  ): Promise<T> {
    const recorded: RecordedSpan = {
      name,
      parent: this.stack.at(-1),
      parentRef: options.parent,
      scope,
      asType: options.asType,
      input: structuredClone(options.input),
      metadata: options.metadata,
      updates: [],
      events: [],
    };
    this.spans.push(recorded);
    this.stack.push(name);
    try {
      return await fn({
        update: (attrs) => {
          recorded.updates.push(structuredClone(attrs));
          this.records.push({ kind: 'update', name, attrs });
        },
        event: (eventName, attrs) => {
          recorded.events.push({ name: eventName, attrs: structuredClone(attrs) });
          this.records.push({ kind: 'event', name: eventName, attrs });
        },
      });
    } finally {
      this.stack.pop();
    }
  }
}
