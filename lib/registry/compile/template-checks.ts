import {
  formatPath,
  formatTemplate,
  type PathSegment,
  parseTemplate,
} from '../../contracts/template-grammar.ts';
import type { CompiledField, CompiledParameter, CompiledValue } from '../compiled-action.ts';
import { followPath } from './schema-path.ts';

/** The sources a compensation template may read (overlays/README.md). */
export const TEMPLATE_SOURCES = ['request', 'response', 'before'] as const;
export type TemplateSource = (typeof TEMPLATE_SOURCES)[number];

/** What each source holds, to check a template's path at build time. */
export interface TemplateScope {
  /** The forward action's parameters: `request` paths follow their names and nested fields. */
  request: readonly CompiledParameter[];
  /** The success response schema (undefined: the spec declares none, so paths can't be checked). */
  response?: unknown;
  /** The pre-image read's response schema and output_fields; undefined when no pre-image is taken. */
  before?: { schema: unknown; outputFields: readonly string[] } | undefined;
}

const EXPECTED = 'expected a literal or one {{request.x}}, {{response.y.z}} or {{before.items[0].id}}';

function stepInto(value: CompiledValue, segment: PathSegment): CompiledValue | undefined {
  if (value.type === 'array')
    return typeof segment === 'number' || /^\d+$/.test(segment) ? value.items : undefined;
  if (value.type === 'object') return value.fields?.find((f: CompiledField) => f.name === segment);
  return undefined;
}

function requestHas(parameters: readonly CompiledParameter[], path: readonly PathSegment[]): boolean {
  const [head, ...rest] = path;
  let current: CompiledValue | undefined = parameters.find((p) => p.name === head);
  for (const segment of rest) current = current === undefined ? undefined : stepInto(current, segment);
  return current !== undefined;
}

function pathProblem(
  source: TemplateSource,
  path: readonly PathSegment[],
  scope: TemplateScope,
): string | undefined {
  const text = `{{${source}.${formatPath(path)}}}`;
  if (source === 'request') {
    return requestHas(scope.request, path) ? undefined : `${text} is not a parameter of the forward call`;
  }
  if (source === 'response') {
    const check = followPath(scope.response, path, { listsTransparent: false });
    return check.ok ? undefined : `${text} is not in the success response schema (no '${check.missing}')`;
  }
  if (scope.before === undefined) return `${text} needs compensation.pre_image`;
  if (path.length === 1 && scope.before.outputFields.includes(String(path[0]))) return undefined;
  const check = followPath(scope.before.schema, path, { listsTransparent: false });
  return check.ok ? undefined : `${text} is not in the pre-image response schema (no '${check.missing}')`;
}

/**
 * Checks one template value against the grammar (lib/contracts/template-grammar.ts) and the shapes of its
 * sources, and returns it in the compiled form: whitespace dropped and list indices written with dots
 * (`items.0.id`), which every template reader in the service understands.
 */
export function compileTemplate(
  value: string,
  scope: TemplateScope,
  allowed: readonly TemplateSource[] = TEMPLATE_SOURCES,
): { ok: true; value: string } | { ok: false; reason: string } {
  if (!value.includes('{{') && !value.includes('}}')) return { ok: true, value };
  const ref = parseTemplate(value.trim());
  if (ref === undefined) return { ok: false, reason: `malformed template '${value}': ${EXPECTED}` };
  const source = TEMPLATE_SOURCES.find((s) => s === ref.scope);
  if (source === undefined || !allowed.includes(source)) {
    return {
      ok: false,
      reason: `'${value}' reads '${ref.scope}'; only ${allowed.join(', ')} may be used here`,
    };
  }
  const problem = pathProblem(source, ref.path, scope);
  return problem === undefined
    ? { ok: true, value: formatTemplate(ref, 'dots') }
    : { ok: false, reason: problem };
}

/** compileTemplate over a parameter map; the first problem names the parameter. */
export function compileTemplates(
  templates: Record<string, string>,
  scope: TemplateScope,
  role: string,
  allowed?: readonly TemplateSource[],
): { ok: true; values: Record<string, string> } | { ok: false; reason: string } {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(templates)) {
    const compiled = compileTemplate(value, scope, allowed);
    if (!compiled.ok) return { ok: false, reason: `${role} ${name}: ${compiled.reason}` };
    values[name] = compiled.value;
  }
  return { ok: true, values };
}
