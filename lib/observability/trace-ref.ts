import { isValidSpanId, isValidTraceId, type SpanContext, TraceFlags } from '@opentelemetry/api';
import type { TraceRef } from '../ports/tracer.ts';

/** True when both ids are valid W3C ids (not all zeros, right length, lowercase hex). */
export function isValidTraceRef(ref: TraceRef): boolean {
  return isValidTraceId(ref.traceId) && isValidSpanId(ref.rootSpanId);
}

/**
 * The stored root span as a remote parent: spans started under it join the stored trace (issue 7: confirmation and
 * execution run in other Lambdas and attach to the same trace). Sampled, so the child is recorded and exported.
 */
export function remoteParent(ref: TraceRef): SpanContext {
  return { traceId: ref.traceId, spanId: ref.rootSpanId, traceFlags: TraceFlags.SAMPLED, isRemote: true };
}

/** The trace a stored plan belongs to (trace_id + trace_root_span_id), or undefined when it has none. */
export function storedTraceRef(plan: {
  trace_id?: string | undefined;
  trace_root_span_id?: string | undefined;
}): TraceRef | undefined {
  return plan.trace_id && plan.trace_root_span_id
    ? { traceId: plan.trace_id, rootSpanId: plan.trace_root_span_id }
    : undefined;
}
