/**
 * Template resolution shared by plan placeholders (000 "Data Placeholders": `{{step_N.field}}`) and compensation
 * templates (overlays/README.md: `{{request.x}}`, `{{response.y}}`, `{{before.z}}`). A value that is exactly one
 * template keeps the referenced value's type (a party size stays a number); a template inside longer text is
 * interpolated as text.
 */
const TEMPLATE = /\{\{\s*([a-zA-Z0-9_]+)\.([a-zA-Z0-9_.]+)\s*\}\}/g;
const WHOLE = /^\{\{\s*([a-zA-Z0-9_]+)\.([a-zA-Z0-9_.]+)\s*\}\}$/;

/** Looks a scope name ('step_1', 'request', 'before'…) and a dotted field path up; undefined when absent. */
export type TemplateLookup = (scope: string, path: string) => unknown;

export type Resolution = { ok: true; value: unknown } | { ok: false; missing: string[] };

/** True when the value is, or contains, a `{{scope.field}}` template. */
export function hasTemplate(value: unknown): boolean {
  return typeof value === 'string' && new RegExp(TEMPLATE.source).test(value);
}

/** Reads a dotted path ("a.b.0.c") out of a JSON-like value. */
export function readPath(source: unknown, path: string): unknown {
  let current: unknown = source;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = Object.hasOwn(current, key) ? Reflect.get(current, key) : undefined;
  }
  return current;
}

/** Resolves every template in one value; lists the templates that could not be resolved. */
export function resolveValue(value: unknown, lookup: TemplateLookup): Resolution {
  if (typeof value !== 'string') return { ok: true, value };
  const whole = WHOLE.exec(value);
  if (whole) {
    const [, scope = '', path = ''] = whole;
    const found = lookup(scope, path);
    return found === undefined || found === null
      ? { ok: false, missing: [value] }
      : { ok: true, value: found };
  }
  const missing: string[] = [];
  const text = value.replace(TEMPLATE, (match, scope: string, path: string) => {
    const found = lookup(scope, path);
    if (found === undefined || found === null || typeof found === 'object') {
      missing.push(match);
      return match;
    }
    return String(found);
  });
  return missing.length > 0 ? { ok: false, missing } : { ok: true, value: text };
}

/** Resolves every value of a parameter map; `missing` maps each unresolved parameter to its templates. */
export function resolveParameters(
  parameters: Record<string, unknown>,
  lookup: TemplateLookup,
): { values: Record<string, unknown>; missing: Record<string, string[]> } {
  const values: Record<string, unknown> = {};
  const missing: Record<string, string[]> = {};
  for (const [name, raw] of Object.entries(parameters)) {
    const resolved = resolveValue(raw, lookup);
    if (resolved.ok) values[name] = resolved.value;
    else missing[name] = resolved.missing;
  }
  return { values, missing };
}

/** Lookup over recorded step outputs: `{{step_N.field}}` reads step N's result.response_data. */
export function stepOutputLookup(outputs: ReadonlyMap<number, Record<string, unknown>>): TemplateLookup {
  return function lookupStepOutput(scope, path) {
    const match = /^step_(\d+)$/.exec(scope);
    if (!match) return undefined;
    return readPath(outputs.get(Number(match[1])), path);
  };
}
