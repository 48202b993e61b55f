import { randomBytes } from 'node:crypto';
import type { TraceRef } from '../ports/tracer.ts';

/**
 * A fresh W3C-shaped reference (32 hex trace id, 16 hex span id). The no-op tracer hands these out so plans always
 * carry a trace id, and a later Lambda with Langfuse keys can still attach to it. Free of OpenTelemetry, so a
 * Lambda with tracing off never loads it.
 */
export function randomTraceRef(): TraceRef {
  return { traceId: randomBytes(16).toString('hex'), rootSpanId: randomBytes(8).toString('hex') };
}
