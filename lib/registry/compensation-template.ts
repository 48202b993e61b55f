/**
 * The compensation template grammar (overlays/README.md). A value is either a literal (no `{{`) or exactly one
 * template `{{source.field}}`, where source is:
 * - `request`: the forward call's arguments;
 * - `response`: the forward call's snake_case response;
 * - `before`: the pre-image, the response of a read taken just before the forward call.
 * A whole-value template keeps the referenced value's type (a party_size stays a number).
 */
export type TemplateSource = 'request' | 'response' | 'before';

/** One parsed template reference. */
export interface TemplateRef {
  source: TemplateSource;
  field: string;
}

const TEMPLATE = /^\{\{\s*(request|response|before)\.([a-z][a-z0-9_]*)\s*\}\}$/;

/** The reference in a template value, `undefined` for a literal, or an Error for a malformed template. */
export function parseTemplate(value: string): TemplateRef | undefined | Error {
  const match = TEMPLATE.exec(value);
  if (match !== null) return { source: match[1] as TemplateSource, field: match[2] as string };
  if (value.includes('{{') || value.includes('}}')) {
    return new Error(`malformed template '${value}': expected {{request.x}}, {{response.y}} or {{before.z}}`);
  }
  return undefined;
}

/** The values a compensation's templates are resolved against. */
export interface TemplateContext {
  request: Record<string, unknown>;
  response?: Record<string, unknown>;
  before?: Record<string, unknown>;
}

/** Thrown when a template refers to a value the forward call did not produce. */
export class TemplateResolutionError extends Error {
  override readonly name = 'TemplateResolutionError';
}

/** Options for {@link resolveTemplates}. */
export interface ResolveOptions {
  /**
   * Parameters the callee does not require: when their template has no value (for example a booking without a
   * phone number in the pre-image), they are left out instead of failing the whole compensation.
   */
  optional?: ReadonlySet<string>;
}

/**
 * Resolves compensation (or pre-image) parameters deterministically: no model chooses rollback parameters
 * (DESIGN-NOTES "Rollback is deterministic"). Literals pass through as strings. A missing (undefined or null)
 * value throws TemplateResolutionError, unless the parameter is in `options.optional`.
 */
export function resolveTemplates(
  templates: Record<string, string>,
  context: TemplateContext,
  options: ResolveOptions = {},
): Record<string, unknown> {
  const resolved: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(templates)) {
    const ref = parseTemplate(value);
    if (ref instanceof Error) throw new TemplateResolutionError(ref.message, { cause: ref });
    if (ref === undefined) {
      resolved[name] = value;
      continue;
    }
    const field = context[ref.source]?.[ref.field];
    if (field !== undefined && field !== null) resolved[name] = field;
    else if (!options.optional?.has(name)) {
      throw new TemplateResolutionError(`${name}: {{${ref.source}.${ref.field}}} has no value`);
    }
  }
  return resolved;
}
