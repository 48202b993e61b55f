import type { Logger } from '@aws-lambda-powertools/logger';
import type { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import { LangfuseSpanProcessor } from '@langfuse/otel';
import { propagateAttributes } from '@langfuse/tracing';
import { context, type SpanContext } from '@opentelemetry/api';
import { NodeTracerProvider, type SpanExporter } from '@opentelemetry/sdk-trace-node';
import type { SpanHandle, SpanOptions, TraceRef, Tracer, TraceScope } from '../ports/tracer.ts';
import { boundedFlush, type FlushOutcome } from './bounded-flush.ts';
import { NoopTracer } from './noop-tracer.ts';
import { ensureContextManager } from './otel-context.ts';
import { maskFreeText } from './redact.ts';
import { cleanAttributes, spanHandle } from './span-handle.ts';
import { MASKED_BY_LANGFUSE, maskSpanData, SanitizingSpanProcessor } from './span-sanitizer.ts';
import { startActive } from './start-active.ts';
import { isValidTraceRef, remoteParent } from './trace-ref.ts';
import type { TracerPlugin } from './tracer-plugin.ts';
import { acquireRouter, releaseRouter, withOwner } from './tracer-routing.ts';

/** Options of the Langfuse tracer; keys and URL come from Config (LANGFUSE_*). */
export interface LangfuseTracerOptions {
  publicKey: string;
  secretKey: string;
  /** Langfuse host; spans go to `{baseUrl}/api/public/otel/v1/traces` (OTLP/JSON, Basic auth). */
  baseUrl: string;
  /** Upper bound of flush() (LANGFUSE_FLUSH_TIMEOUT_MS). */
  flushTimeoutMs: number;
  /** Langfuse environment tag, e.g. the STAGE. Default: none. */
  environment?: string;
  /** Flush problems are reported here (never thrown). Default: silent. */
  logger?: Pick<Logger, 'warn'>;
  /** Replaces the OTLP/HTTP exporter (tests only). */
  exporter?: SpanExporter;
  /**
   * Extensions such as langchainTracing (LLM generations). Default: none, so this module bundles no LangChain
   * (the confirm/get/answer handlers use it as is; issue 4 cold start).
   */
  plugins?: readonly TracerPlugin[];
}

/**
 * Tracer port on Langfuse v5 (OpenTelemetry): one NodeTracerProvider and LangfuseSpanProcessor per instance, spans
 * exported as soon as they end (exportMode 'immediate', suited to Lambda), user_id/session_id on every span via
 * propagateAttributes, PII masked twice (before the span is touched, and by the processor), secrets dropped.
 * LangChain generations come from a plug-in (langchain-tracing.ts); without it langchainCallbacks() is empty.
 */
export class LangfuseTracer implements Tracer {
  private readonly provider: NodeTracerProvider;
  private readonly flushTimeoutMs: number;
  private readonly logger: Pick<Logger, 'warn'> | undefined;
  private readonly fallback = new NoopTracer();
  private readonly plugins: readonly TracerPlugin[];
  private closed = false;

  constructor(options: LangfuseTracerOptions) {
    ensureContextManager();
    const processor = new LangfuseSpanProcessor({
      publicKey: options.publicKey,
      secretKey: options.secretKey,
      baseUrl: options.baseUrl,
      exportMode: 'immediate',
      mask: maskSpanData,
      // The exporter's own request timeout (seconds); flush() is bounded separately and more tightly.
      timeout: Math.max(1, Math.ceil(options.flushTimeoutMs / 1000)),
      mediaUploadEnabled: false,
      ...(options.environment ? { environment: options.environment } : {}),
      ...(options.exporter ? { exporter: options.exporter } : {}),
    });
    this.provider = new NodeTracerProvider({
      spanProcessors: [new SanitizingSpanProcessor(processor, MASKED_BY_LANGFUSE)],
    });
    this.flushTimeoutMs = options.flushTimeoutMs;
    this.logger = options.logger;
    this.plugins = options.plugins ?? [];
    acquireRouter();
  }

  startTrace<T>(
    name: string,
    scope: TraceScope,
    fn: (span: SpanHandle, ref: TraceRef) => Promise<T>,
  ): Promise<T> {
    if (this.closed) return this.fallback.startTrace(name, scope, fn);
    return this.observe(name, scope, { traceName: name }, undefined, fn);
  }

  span<T>(
    name: string,
    scope: TraceScope,
    options: SpanOptions & { parent?: TraceRef },
    fn: (span: SpanHandle) => Promise<T>,
  ): Promise<T> {
    if (this.closed) return this.fallback.span(name, scope, options, fn);
    // A stored trace (another Lambda's) wins over the active span; an unusable reference starts a new trace.
    const parent =
      options.parent && isValidTraceRef(options.parent) ? remoteParent(options.parent) : undefined;
    return this.observe(name, scope, options, parent, (span) => fn(span));
  }

  langchainCallbacks(scope: TraceScope): BaseCallbackHandler[] {
    if (this.closed) return [];
    return this.plugins.flatMap((plugin) => plugin.callbacks?.(scope, this.provider) ?? []);
  }

  /** Plug-ins' beforeFlush (LangChain's queued callbacks), then the provider, all within LANGFUSE_FLUSH_TIMEOUT_MS. */
  async flush(): Promise<void> {
    const plugins = this.plugins;
    await this.bounded('flush', async function flushTraces(provider: NodeTracerProvider) {
      for (const plugin of plugins) await plugin.beforeFlush?.();
      await provider.forceFlush();
    });
  }

  /** Flushes (bounded) and releases the provider; later calls run untraced. For tests and CLIs, not Lambdas. */
  async shutdown(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    releaseRouter();
    await this.bounded('shutdown', (provider) => provider.shutdown());
  }

  private async bounded(
    what: string,
    work: (provider: NodeTracerProvider) => Promise<void>,
  ): Promise<FlushOutcome> {
    const outcome = await boundedFlush(() => work(this.provider), this.flushTimeoutMs);
    if (outcome.kind !== 'flushed') {
      this.logger?.warn(`langfuse ${what} incomplete; telemetry may be lost`, {
        outcome: outcome.kind,
        bound_ms: this.flushTimeoutMs,
        ...(outcome.kind === 'failed' ? { error: maskFreeText(String(outcome.error)) } : {}),
      });
    }
    return outcome;
  }

  /**
   * Runs fn inside an active observation owned by this tracer, with user/session (and plan) on every span. If the
   * tracing machinery itself fails before fn starts, fn runs untraced: tracing never fails a request.
   */
  private async observe<T>(
    name: string,
    scope: TraceScope,
    options: SpanOptions & { traceName?: string },
    parent: SpanContext | undefined,
    fn: (span: SpanHandle, ref: TraceRef) => Promise<T>,
  ): Promise<T> {
    let started = false;
    const owned = withOwner(context.active(), this.provider);
    const run = () =>
      propagateAttributes(
        {
          userId: scope.userId,
          sessionId: scope.sessionId,
          ...(options.traceName ? { traceName: options.traceName } : {}),
          ...(scope.planId ? { metadata: { plan_id: scope.planId } } : {}),
        },
        () =>
          startActive(name, options.asType ?? 'span', parent, async function runInSpan(observation) {
            const handle = spanHandle(observation, context.active());
            const initial = cleanAttributes({ input: options.input, metadata: options.metadata });
            if (options.input !== undefined || options.metadata)
              observation.updateOtelSpanAttributes(initial);
            started = true;
            try {
              return await fn(handle, { traceId: observation.traceId, rootSpanId: observation.id });
            } catch (error) {
              handle.update({
                level: 'ERROR',
                statusMessage: error instanceof Error ? error.message : String(error),
              });
              throw error;
            }
          }),
      );
    try {
      return await context.with(owned, run);
    } catch (error) {
      if (started) throw error;
      this.logger?.warn('tracing failed; running untraced', {
        span: name,
        error: maskFreeText(String(error)),
      });
      return this.fallback.startTrace(name, scope, fn);
    }
  }
}
