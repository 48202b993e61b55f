import { type LangfuseObservation, startActiveObservation } from '@langfuse/tracing';
import type { SpanContext } from '@opentelemetry/api';
import type { ObservationType } from '../ports/tracer.ts';

/**
 * startActiveObservation with the observation type as a runtime value: the SDK's overloads only accept a literal
 * `asType`, so each type gets its own call. The observation ends when fn's promise settles (ERROR status on reject).
 * 'event' has no active form in the SDK (an event is a point in time, it cannot hold children): it runs as a span;
 * record point events with SpanHandle.event instead.
 */
export function startActive<T>(
  name: string,
  asType: ObservationType,
  parentSpanContext: SpanContext | undefined,
  fn: (observation: LangfuseObservation) => Promise<T>,
): Promise<T> {
  const options = parentSpanContext ? { parentSpanContext } : {};
  switch (asType) {
    case 'generation':
      return startActiveObservation(name, fn, { ...options, asType });
    case 'tool':
      return startActiveObservation(name, fn, { ...options, asType });
    case 'agent':
      return startActiveObservation(name, fn, { ...options, asType });
    case 'guardrail':
      return startActiveObservation(name, fn, { ...options, asType });
    default:
      return startActiveObservation(name, fn, { ...options, asType: 'span' });
  }
}
