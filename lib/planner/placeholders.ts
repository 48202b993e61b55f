/** 000 Data Placeholders: `{{step_N.field}}` references the output `field` of step N. */
const PLACEHOLDER = /\{\{\s*step_(\d+)\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;
const WHOLE_PLACEHOLDER = /^\{\{\s*step_(\d+)\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}$/;
/** Anything that looks like a placeholder attempt, well-formed or not. */
const BRACES = /\{\{[^}]*\}\}/g;

export interface PlaceholderRef {
  step: number;
  field: string;
  /** The exact text, e.g. "{{step_1.booking_id}}". */
  text: string;
}

/** Every well-formed placeholder inside a value (strings only; other types hold none). */
export function placeholdersIn(value: unknown): PlaceholderRef[] {
  if (typeof value !== 'string') return [];
  return [...value.matchAll(PLACEHOLDER)].map((m) => ({ step: Number(m[1]), field: m[2] ?? '', text: m[0] }));
}

/** `{{…}}` fragments that are not of the form {{step_N.field}}. */
export function malformedPlaceholdersIn(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return [...value.matchAll(BRACES)].map((m) => m[0]).filter((t) => !WHOLE_PLACEHOLDER.test(t));
}

/** True when the whole value is one placeholder: its type is only known at execution time. */
export function isWholePlaceholder(value: unknown): boolean {
  return typeof value === 'string' && WHOLE_PLACEHOLDER.test(value.trim());
}

/**
 * Seed 003 (adopted): dependencies are derived from placeholders. Maps each step number to the steps it reads.
 */
export function stepDependencies(
  steps: ReadonlyArray<{ step_number: number; parameters: Record<string, unknown> }>,
): Map<number, Set<number>> {
  const deps = new Map<number, Set<number>>();
  for (const step of steps) {
    const refs = Object.values(step.parameters).flatMap(placeholdersIn);
    deps.set(step.step_number, new Set(refs.map((r) => r.step)));
  }
  return deps;
}

/** Steps on a dependency cycle (Kahn's algorithm leaves them unsorted); empty when the graph is acyclic. */
export function stepsOnCycles(deps: ReadonlyMap<number, ReadonlySet<number>>): number[] {
  const remaining = new Map(
    [...deps].map(([step, on]) => [step, new Set([...on].filter((d) => deps.has(d)))]),
  );
  let progressed = true;
  while (progressed) {
    progressed = false;
    for (const [step, on] of remaining) {
      if (on.size === 0) {
        remaining.delete(step);
        for (const other of remaining.values()) other.delete(step);
        progressed = true;
      }
    }
  }
  return [...remaining.keys()].sort((a, b) => a - b);
}

/**
 * The booking a step acts on: its literal booking_id, or for {{step_N.booking_id}} the booking step N acts on
 * (an action that takes a booking_id returns that same booking). For display and date context only; the
 * executor resolves placeholders itself.
 */
export function bookingIdOf(
  step: { parameters: Record<string, unknown> },
  steps: ReadonlyArray<{ step_number: number; parameters: Record<string, unknown> }>,
  depth = 0,
): string | undefined {
  const value = step.parameters.booking_id;
  if (typeof value !== 'string') return undefined;
  const ref = placeholdersIn(value)[0];
  if (!ref) return value;
  const source = steps.find((s) => s.step_number === ref.step);
  if (ref.field !== 'booking_id' || !source || depth >= steps.length) return undefined;
  return bookingIdOf(source, steps, depth + 1);
}
