import {
  formatPath,
  malformedTemplatesIn,
  parseTemplate,
  stepNumberOf,
  templatesIn,
} from '../contracts/template-grammar.ts';

/**
 * 000 Data Placeholders: `{{step_N.field}}` references the output `field` of step N. This is the planner's view
 * of the one template grammar (lib/contracts/template-grammar.ts): in a plan only step scopes are meaningful.
 */
export interface PlaceholderRef {
  step: number;
  /** The path after `step_N.`, as the grammar writes it: "booking_id", or "items[0].id" for a nested read. */
  field: string;
  /** The exact text, e.g. "{{step_1.booking_id}}". */
  text: string;
}

/** Every well-formed step placeholder inside a value (strings only; other types hold none). */
export function placeholdersIn(value: unknown): PlaceholderRef[] {
  return templatesIn(value).flatMap((ref) => {
    const step = stepNumberOf(ref.scope);
    return step === undefined ? [] : [{ step, field: formatPath(ref.path), text: ref.text }];
  });
}

/**
 * `{{…}}` fragments that are not step placeholders: malformed templates, and well-formed templates of another
 * scope ({{request.x}} belongs to compensations, never to a plan).
 */
export function malformedPlaceholdersIn(value: unknown): string[] {
  const foreign = templatesIn(value)
    .filter((ref) => stepNumberOf(ref.scope) === undefined)
    .map((ref) => ref.text);
  return [...malformedTemplatesIn(value), ...foreign];
}

/** True when the whole value is one placeholder: its type is only known at execution time. */
export function isWholePlaceholder(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const ref = parseTemplate(value.trim());
  return ref !== undefined && stepNumberOf(ref.scope) !== undefined;
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
