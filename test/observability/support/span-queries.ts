import { type CapturedSpan, LF, type OtlpCapture, type TreeShape } from '../../support/otlp-capture.ts';

/** Every captured span of one trace, in arrival order. */
export function spansOf(langfuse: OtlpCapture, traceId: string): CapturedSpan[] {
  return langfuse.spans().filter((s) => s.traceId === traceId);
}

/** A JSON attribute (input, output, usage…) parsed; undefined when absent. */
export function json(span: CapturedSpan | undefined, key: string): unknown {
  const value = span?.attributes[key];
  return typeof value === 'string' ? JSON.parse(value) : undefined;
}

/** The spans of a trace with this name, in start order. */
export function named(spans: readonly CapturedSpan[], name: string): CapturedSpan[] {
  return spans
    .filter((s) => s.name === name)
    .sort((a, b) => (BigInt(a.startTimeUnixNano) < BigInt(b.startTimeUnixNano) ? -1 : 1));
}

/** The direct children of `parent`, in start order. */
export function childrenOf(spans: readonly CapturedSpan[], parent: CapturedSpan): CapturedSpan[] {
  return spans
    .filter((s) => s.parentSpanId === parent.spanId)
    .sort((a, b) => (BigInt(a.startTimeUnixNano) < BigInt(b.startTimeUnixNano) ? -1 : 1));
}

/** Shorthand for tree assertions: a leaf, or a node with children. */
export function node(name: string, ...children: TreeShape[]): TreeShape {
  return { name, children };
}

/**
 * The seed-000 planning part of a trace, as the offline planner produces it for a request naming one guest and one
 * date, in the default configuration: code runs the search and that day's availability first (issue 32
 * PLANNER_PREFETCH, its own `prefetch_lookups` span with one tool span per lookup), so the model answers in one call.
 */
export function planningTree(): TreeShape[] {
  return [
    node('prefetch_lookups', node('tool:searchBookings'), node('tool:getAvailability')),
    node('intent_understanding', node('planner_model')),
    node('plan_generation'),
  ];
}

/** Generations (LLM calls) of a trace. */
export function generations(spans: readonly CapturedSpan[]): CapturedSpan[] {
  return spans.filter((s) => s.attributes[LF.type] === 'generation');
}
