/**
 * The one template grammar of the service: plan placeholders (000 "Data Placeholders", `{{step_N.field}}`) and
 * compensation templates (overlays/README.md, `{{request.x}}`, `{{response.y}}`, `{{before.z}}`).
 *
 *   template := "{{" ws scope "." path ws "}}"
 *   scope    := [A-Za-z0-9_]+                      step_2, request, response, before…
 *   path     := key ( "." key | "[" digits "]" )*
 *   key      := [A-Za-z0-9_]+                      a digit key reads an array item too: a.0.b = a[0].b
 *
 * The planner (lib/planner/placeholders.ts: its step-scoped view), the registry (compensation templates) and the
 * executor (arguments, pre-images, compensations) all read templates through this module only. A value that is
 * exactly one template keeps the referenced value's type; templates inside longer text are interpolated as text.
 */

/** One step of a path: an object key, or an array index written `[n]`. */
export type PathSegment = string | number;

/** A parsed template. */
export interface TemplateRef {
  scope: string;
  path: PathSegment[];
  /** The exact text, e.g. "{{ step_1.booking_id }}". */
  text: string;
}

/** How formatPath writes array indices: `a[0].b` (default) or `a.0.b`. */
export type IndexStyle = 'brackets' | 'dots';

const KEY = '[A-Za-z0-9_]+';
const PATH = `${KEY}(?:\\.${KEY}|\\[\\d+\\])*`;
const TEMPLATE_SOURCE = `\\{\\{\\s*(${KEY})\\.(${PATH})\\s*\\}\\}`;
const WHOLE = new RegExp(`^${TEMPLATE_SOURCE}$`);
const SEGMENT = /\.?([A-Za-z0-9_]+)|\[(\d+)\]/gy;
const PATH_ONLY = new RegExp(`^${PATH}$`);
/** Anything that looks like a template attempt, well-formed or not. */
const BRACES = /\{\{[^}]*\}\}/g;
/** Shaped like `{{scope.path}}` but with a path no value can have (`a..b`, `a.`, `a[x]`): never resolvable. */
const BROKEN_PATH = /\{\{\s*[A-Za-z0-9_]+\.[A-Za-z0-9_.[\]]+\s*\}\}/g;
const STEP_SCOPE = /^step_(\d+)$/;

/** `a.b[0].c` → ['a', 'b', 0, 'c']; undefined when the text is not a path. */
export function parsePath(text: string): PathSegment[] | undefined {
  if (!PATH_ONLY.test(text)) return undefined;
  const segments: PathSegment[] = [];
  SEGMENT.lastIndex = 0;
  for (let m = SEGMENT.exec(text); m !== null; m = SEGMENT.exec(text)) {
    segments.push(m[2] === undefined ? (m[1] ?? '') : Number(m[2]));
  }
  return segments;
}

/** ['a', 'b', 0, 'c'] → `a.b[0].c` (or `a.b.0.c` with style 'dots', which every older reader understands). */
export function formatPath(path: readonly PathSegment[], style: IndexStyle = 'brackets'): string {
  return path
    .map((s, i) => {
      if (typeof s === 'number') return style === 'brackets' ? `[${s}]` : `.${s}`;
      return i === 0 ? s : `.${s}`;
    })
    .join('');
}

function toRef(scope: string, pathText: string, text: string): TemplateRef | undefined {
  const path = parsePath(pathText);
  return path === undefined ? undefined : { scope, path, text };
}

/** The template a value consists of exactly (no text around the braces), or undefined. */
export function parseTemplate(value: string): TemplateRef | undefined {
  const m = WHOLE.exec(value);
  return m === null ? undefined : toRef(m[1] ?? '', m[2] ?? '', value);
}

/** `{{scope.path}}` in canonical form. */
export function formatTemplate(ref: Pick<TemplateRef, 'scope' | 'path'>, style?: IndexStyle): string {
  return `{{${ref.scope}.${formatPath(ref.path, style)}}}`;
}

/** Every well-formed template inside a value (strings only; other values hold none). */
export function templatesIn(value: unknown): TemplateRef[] {
  if (typeof value !== 'string') return [];
  const refs: TemplateRef[] = [];
  for (const m of value.matchAll(new RegExp(TEMPLATE_SOURCE, 'g'))) {
    const ref = toRef(m[1] ?? '', m[2] ?? '', m[0]);
    if (ref !== undefined) refs.push(ref);
  }
  return refs;
}

/**
 * The value with each well-formed template's scope renamed by `rename` (undefined keeps it), in one pass, so that
 * renaming step_3 → step_2 and step_2 → step_1 never touches a template twice. Other values come back unchanged.
 */
export function renameScopes(value: unknown, rename: (scope: string) => string | undefined): unknown {
  if (typeof value !== 'string') return value;
  return value.replace(new RegExp(TEMPLATE_SOURCE, 'g'), (text, scope: string, pathText: string) => {
    const to = rename(scope);
    const ref = to === undefined ? undefined : toRef(to, pathText, text);
    return ref === undefined ? text : formatTemplate(ref);
  });
}

/** `{{…}}` fragments of a value that are not well-formed templates. */
export function malformedTemplatesIn(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return [...value.matchAll(BRACES)].map((m) => m[0]).filter((t) => parseTemplate(t) === undefined);
}

/** True when the whole value (surrounding whitespace aside) is one template: its type is known only when resolved. */
export function isWholeTemplate(value: unknown): boolean {
  return typeof value === 'string' && parseTemplate(value.trim()) !== undefined;
}

/** True when the value is, or contains, a template (well-formed, or shaped like one with an impossible path). */
export function hasTemplate(value: unknown): boolean {
  return templatesIn(value).length > 0 || (typeof value === 'string' && new RegExp(BROKEN_PATH).test(value));
}

/** `step_3` → 3; undefined for any other scope. */
export function stepNumberOf(scope: string): number | undefined {
  const m = STEP_SCOPE.exec(scope);
  return m === null ? undefined : Number(m[1]);
}

/**
 * Reads a path out of a JSON-like value; undefined when any step is absent. A key reads an own property (so
 * `items.0` reads an array item, as `items[0]` does); an index reads only an array item.
 */
export function readPath(source: unknown, path: string | readonly PathSegment[]): unknown {
  const segments = typeof path === 'string' ? parsePath(path) : path;
  if (segments === undefined) return undefined;
  let current: unknown = source;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object') return undefined;
    if (typeof segment === 'number') {
      current = Array.isArray(current) ? current[segment] : undefined;
    } else {
      current = Object.hasOwn(current, segment) ? Reflect.get(current, segment) : undefined;
    }
  }
  return current;
}

/**
 * Every value at a path, passing through lists: a key that meets a list reads it from each item (`notes.text`
 * is the text of every note), an index reads one item. The overlay `verify.fields` read (ADR 0011).
 */
export function readAll(source: unknown, path: string | readonly PathSegment[]): unknown[] {
  const segments = typeof path === 'string' ? parsePath(path) : path;
  if (segments === undefined) return [];
  let current: unknown[] = [source];
  for (const segment of segments) {
    const next: unknown[] = [];
    for (const value of current) {
      const index = typeof segment === 'number' || /^\d+$/.test(segment);
      const items = Array.isArray(value) && !index ? value : [value];
      for (const item of items) {
        const read = readPath(item, [segment]);
        if (read !== undefined) next.push(read);
      }
    }
    current = next;
  }
  return current;
}

/** Looks a scope ('step_1', 'request', 'before'…) and a path (as formatPath writes it) up; undefined when absent. */
export type TemplateLookup = (scope: string, path: string, segments: readonly PathSegment[]) => unknown;

export type Resolution = { ok: true; value: unknown } | { ok: false; missing: string[] };

function lookUp(ref: TemplateRef, lookup: TemplateLookup): unknown {
  return lookup(ref.scope, formatPath(ref.path), ref.path);
}

/**
 * Resolves every template in one value. A whole-value template takes the referenced value as it is (a number
 * stays a number); in longer text each template is replaced by its primitive value. Missing (undefined or
 * null) values, objects inside text and template-shaped fragments with an impossible path are listed as missing.
 */
export function resolveValue(value: unknown, lookup: TemplateLookup): Resolution {
  if (typeof value !== 'string') return { ok: true, value };
  const whole = parseTemplate(value);
  if (whole !== undefined) {
    const found = lookUp(whole, lookup);
    return found === undefined || found === null
      ? { ok: false, missing: [value] }
      : { ok: true, value: found };
  }
  const missing = [...value.matchAll(BROKEN_PATH)]
    .map((m) => m[0])
    .filter((t) => parseTemplate(t) === undefined);
  const text = value.replace(
    new RegExp(TEMPLATE_SOURCE, 'g'),
    (match: string, scope: string, path: string) => {
      const ref = toRef(scope, path, match);
      const found = ref === undefined ? undefined : lookUp(ref, lookup);
      if (found === undefined || found === null || typeof found === 'object') {
        missing.push(match);
        return match;
      }
      return String(found);
    },
  );
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
