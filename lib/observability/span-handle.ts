import type { LangfuseObservation } from '@langfuse/tracing';
import { type Context, context } from '@opentelemetry/api';
import type { SpanHandle } from '../ports/tracer.ts';
import { maskFreeText, redact } from './redact.ts';

type Attrs = Parameters<SpanHandle['update']>[0];
type EventAttrs = NonNullable<Parameters<SpanHandle['event']>[1]>;

function redactRecord(record: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (record === undefined) return undefined;
  const clean = redact(record);
  return typeof clean === 'object' && clean !== null && !Array.isArray(clean)
    ? Object.fromEntries(Object.entries(clean))
    : undefined;
}

/** Secrets dropped and PII masked before anything reaches the OTel span (first layer; see span-sanitizer.ts). */
export function cleanAttributes(attrs: Attrs & EventAttrs): Attrs & EventAttrs {
  return {
    ...('input' in attrs ? { input: redact(attrs.input) } : {}),
    ...('output' in attrs ? { output: redact(attrs.output) } : {}),
    ...(attrs.metadata ? { metadata: redactRecord(attrs.metadata) } : {}),
    ...(attrs.level ? { level: attrs.level } : {}),
    ...(attrs.statusMessage ? { statusMessage: maskFreeText(attrs.statusMessage) } : {}),
  };
}

/**
 * The port's SpanHandle over a Langfuse observation. `ownerContext` is the context the span was started in, so an
 * event recorded after an await still goes to this tracer's provider (tracer-routing.ts).
 */
export function spanHandle(observation: LangfuseObservation, ownerContext: Context): SpanHandle {
  return {
    update(attrs) {
      observation.updateOtelSpanAttributes(cleanAttributes(attrs));
    },
    event(name, attrs = {}) {
      context.with(ownerContext, function recordEvent() {
        observation.startObservation(name, cleanAttributes(attrs), { asType: 'event' });
      });
    },
  };
}
