import { LangfuseOtelSpanAttributes } from '@langfuse/tracing';
import type { Context } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-node';
import { isPiiKey, isSecretKey, maskByKey, maskFreeText, redact, redactSerialized } from './redact.ts';

/**
 * The attributes LangfuseSpanProcessor hands to its `mask` function. Everything else (flattened metadata such as
 * `langfuse.observation.metadata.email`, status messages, event attributes) never reaches `mask`, so the
 * sanitizer below covers it.
 */
export const MASKED_BY_LANGFUSE: ReadonlySet<string> = new Set([
  LangfuseOtelSpanAttributes.OBSERVATION_INPUT,
  LangfuseOtelSpanAttributes.OBSERVATION_OUTPUT,
  LangfuseOtelSpanAttributes.OBSERVATION_METADATA,
  LangfuseOtelSpanAttributes.TRACE_INPUT,
  LangfuseOtelSpanAttributes.TRACE_OUTPUT,
  LangfuseOtelSpanAttributes.TRACE_METADATA,
]);

/**
 * Identifiers and structure, never content: left alone so a numeric user id is not mistaken for a phone number.
 * Everything else (metadata, status messages, gen_ai attributes of other instrumentations) is sanitized.
 */
const STRUCTURAL: ReadonlySet<string> = new Set([
  LangfuseOtelSpanAttributes.TRACE_USER_ID,
  LangfuseOtelSpanAttributes.TRACE_SESSION_ID,
  LangfuseOtelSpanAttributes.TRACE_NAME,
  LangfuseOtelSpanAttributes.OBSERVATION_TYPE,
  LangfuseOtelSpanAttributes.OBSERVATION_LEVEL,
  LangfuseOtelSpanAttributes.OBSERVATION_MODEL,
  LangfuseOtelSpanAttributes.OBSERVATION_USAGE_DETAILS,
  LangfuseOtelSpanAttributes.OBSERVATION_COST_DETAILS,
  LangfuseOtelSpanAttributes.OBSERVATION_COMPLETION_START_TIME,
  LangfuseOtelSpanAttributes.ENVIRONMENT,
  LangfuseOtelSpanAttributes.RELEASE,
  LangfuseOtelSpanAttributes.VERSION,
]);

/** The `mask` of LangfuseSpanProcessor: values arrive as JSON strings (issue 7: PII masked in input/output/metadata). */
export function maskSpanData({ data }: { data: unknown }): unknown {
  return typeof data === 'string' ? redactSerialized(data) : redact(data);
}

type AttributeValue = NonNullable<ReadableSpan['attributes'][string]>;

/** One attribute: secret keys dropped, PII keys masked by kind, any other text masked as free text. */
export function sanitizeAttribute(key: string, value: AttributeValue): AttributeValue | undefined {
  const leaf = key.slice(key.lastIndexOf('.') + 1);
  if (isSecretKey(leaf)) return undefined;
  if (typeof value === 'string')
    return isPiiKey(leaf) ? String(maskByKey(leaf, value)) : redactSerialized(value);
  if (Array.isArray(value)) {
    return value.map((v: unknown) => (typeof v === 'string' ? maskFreeText(v) : v)) as AttributeValue;
  }
  return value;
}

function sanitizeAttributes(
  attributes: Record<string, AttributeValue | undefined>,
  skip: ReadonlySet<string>,
): void {
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || skip.has(key) || STRUCTURAL.has(key) || key.startsWith('langfuse.internal.'))
      continue;
    const clean = sanitizeAttribute(key, value);
    if (clean === undefined) delete attributes[key];
    else attributes[key] = clean;
  }
}

/**
 * Wraps the Langfuse processor: before a span is handed on, every attribute Langfuse's `mask` does not see is
 * sanitized, and so are the status message (an error's message) and event attributes. Defence in depth: callers
 * already pass masked data; this makes a careless caller harmless.
 */
export class SanitizingSpanProcessor implements SpanProcessor {
  constructor(
    private readonly inner: SpanProcessor,
    private readonly skip: ReadonlySet<string> = MASKED_BY_LANGFUSE,
  ) {}

  onStart(span: Span, parentContext: Context): void {
    this.inner.onStart(span, parentContext);
  }

  onEnd(span: ReadableSpan): void {
    sanitizeAttributes(span.attributes, this.skip);
    if (span.status.message) span.status.message = maskFreeText(span.status.message);
    for (const event of span.events) if (event.attributes) sanitizeAttributes(event.attributes, new Set());
    this.inner.onEnd(span);
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush();
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }
}
