import { getLangfuseTracerProvider, setLangfuseTracerProvider } from '@langfuse/tracing';
import {
  type Context,
  context,
  createContextKey,
  type Tracer as OtelTracer,
  type Span,
  type SpanOptions,
  type TracerOptions,
  type TracerProvider,
  trace,
} from '@opentelemetry/api';

/**
 * Why this exists: @langfuse/tracing (and the @langfuse/langchain CallbackHandler built on it) always asks one
 * process-wide provider for its tracer. We want a provider per LangfuseTracer instance (tests run "several
 * Lambdas" in one process; no state may leak between them). So the process-wide slot holds this router, which
 * picks the provider recorded in the OTel context by the LangfuseTracer that started the work.
 */
const OWNER = createContextKey('booking-update-service.tracer-provider');

/** Returns ctx with `provider` as the owner of every Langfuse span started under it. */
export function withOwner(ctx: Context, provider: TracerProvider): Context {
  return ctx.setValue(OWNER, provider);
}

function ownerOf(ctx: Context): TracerProvider | undefined {
  const value = ctx.getValue(OWNER);
  return typeof value === 'object' && value !== null && 'getTracer' in value
    ? (value as TracerProvider)
    : undefined;
}

/** A Tracer that delegates each span to the owner's provider (no owner: the global OTel provider, a no-op by default). */
class RoutingTracer implements OtelTracer {
  constructor(
    private readonly name: string,
    private readonly version?: string,
    private readonly options?: TracerOptions,
  ) {}

  startSpan(name: string, options?: SpanOptions, ctx: Context = context.active()): Span {
    const provider = ownerOf(ctx) ?? trace.getTracerProvider();
    return provider.getTracer(this.name, this.version, this.options).startSpan(name, options, ctx);
  }

  startActiveSpan<F extends (span: Span) => unknown>(name: string, fn: F): ReturnType<F>;
  startActiveSpan<F extends (span: Span) => unknown>(
    name: string,
    options: SpanOptions,
    fn: F,
  ): ReturnType<F>;
  startActiveSpan<F extends (span: Span) => unknown>(
    name: string,
    options: SpanOptions,
    ctx: Context,
    fn: F,
  ): ReturnType<F>;
  startActiveSpan<F extends (span: Span) => unknown>(
    name: string,
    a: F | SpanOptions,
    b?: F | Context,
    c?: F,
  ): ReturnType<F> {
    // Same argument handling as @opentelemetry/sdk-trace-base's Tracer.startActiveSpan.
    const fn = (c ?? (typeof b === 'function' ? b : a)) as F;
    const options = typeof a === 'function' ? {} : a;
    const parent = b !== undefined && typeof b !== 'function' ? b : context.active();
    const span = this.startSpan(name, options, parent);
    return context.with(trace.setSpan(parent, span), () => fn(span)) as ReturnType<F>;
  }
}

const ROUTER: TracerProvider = {
  getTracer: function routeTracer(name: string, version?: string, options?: TracerOptions): OtelTracer {
    return new RoutingTracer(name, version, options);
  },
};

let users = 0;

/** Installs the router in Langfuse's process-wide slot while at least one LangfuseTracer is alive. */
export function acquireRouter(): void {
  users += 1;
  if (getLangfuseTracerProvider() !== ROUTER) setLangfuseTracerProvider(ROUTER);
}

/** Releases the router; the last user clears the slot so nothing leaks past the last tracer's shutdown. */
export function releaseRouter(): void {
  users = Math.max(0, users - 1);
  if (users === 0 && getLangfuseTracerProvider() === ROUTER) setLangfuseTracerProvider(null);
}
