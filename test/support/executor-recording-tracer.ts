import type { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import type { SpanHandle, SpanOptions, TraceRef, Tracer, TraceScope } from '../../lib/ports/tracer.ts';

/** One recorded span: what the executor put on it, and under which span it ran. */
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

/** A Tracer that records the span tree in memory (the executor runs one flow at a time in these tests). */
export class RecordingTracer implements Tracer {
  readonly spans: RecordedSpan[] = [];
  private readonly stack: string[] = [];

  async startTrace<T>(
    name: string,
    scope: TraceScope,
    fn: (span: SpanHandle, ref: TraceRef) => Promise<T>,
  ): Promise<T> {
    return this.span(name, scope, {}, (span) => fn(span, { traceId: 'trace-test', rootSpanId: 'root-test' }));
  }

  async span<T>(
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
        update: (attrs) => recorded.updates.push(structuredClone(attrs)),
        event: (eventName, attrs) => recorded.events.push({ name: eventName, attrs: structuredClone(attrs) }),
      });
    } finally {
      this.stack.pop();
    }
  }

  langchainCallbacks(_scope: TraceScope): BaseCallbackHandler[] {
    return [];
  }

  async flush(): Promise<void> {}

  named(prefix: string): RecordedSpan[] {
    return this.spans.filter((s) => s.name.startsWith(prefix));
  }

  events(name: string): NonNullable<RecordedSpan['events']> {
    return this.spans.flatMap((s) => s.events.filter((e) => e.name === name));
  }
}

/** A logger that keeps its lines, for assertions (and proves nothing logs the token). */
export class RecordingLogger {
  readonly lines: { level: string; message: string; attributes: Record<string, unknown>[] }[] = [];
  info(message: string, ...attributes: Record<string, unknown>[]): void {
    this.lines.push({ level: 'info', message, attributes });
  }
  warn(message: string, ...attributes: Record<string, unknown>[]): void {
    this.lines.push({ level: 'warn', message, attributes });
  }
  error(message: string, ...attributes: Record<string, unknown>[]): void {
    this.lines.push({ level: 'error', message, attributes });
  }
}
