import type { ActionMetadataOverlay } from '../contracts/overlay.ts';
import { parseTemplate } from './compensation-template.ts';
import type { CompiledAction, CompiledCompensation } from './compiled-action.ts';

/** What compensation checks need to know about the registry being built. */
export interface CompensationContext {
  /** Actions still registered, by action_id. */
  actions: ReadonlyMap<string, CompiledAction>;
  /** Why an operation is not registered, by operation_id. */
  skipped: ReadonlyMap<string, string>;
  /** snake_case response fields of each operation, when its response schema declares them. */
  responseFields: ReadonlyMap<string, readonly string[] | undefined>;
}

export type CompensationResult =
  | { ok: true; compensation?: CompiledCompensation }
  | { ok: false; reason: string };

/** A registered, non-blocked action, or why the reference is an error (issue 2: blocked or missing → error). */
function target(id: string, role: string, ctx: CompensationContext): CompiledAction | string {
  const action = ctx.actions.get(id);
  if (action === undefined) {
    const why = ctx.skipped.get(id);
    return why === undefined
      ? `${role} '${id}' does not exist in the spec`
      : `${role} '${id}' is not registered (${why})`;
  }
  if (action.safety_tier === 'blocked') return `${role} '${id}' is blocked`;
  return action;
}

function checkCoverage(
  templates: Record<string, string>,
  callee: CompiledAction,
  role: string,
): string | undefined {
  const names = new Set(callee.parameters.map((p) => p.name));
  const unknown = Object.keys(templates).find((k) => !names.has(k));
  if (unknown !== undefined)
    return `${role} parameter '${unknown}' is not a parameter of ${callee.action_id}`;
  const missing = callee.parameters.find((p) => p.required && templates[p.name] === undefined);
  if (missing !== undefined)
    return `${role} misses required parameter '${missing.name}' of ${callee.action_id}`;
  return undefined;
}

/** Known fields per template source; undefined means "not checkable" (no declared response schema). */
interface TemplateScope {
  request: ReadonlySet<string>;
  response?: ReadonlySet<string> | undefined;
  before?: ReadonlySet<string> | undefined;
  /** Whether a pre-image is taken at all. */
  hasBefore: boolean;
}

function checkTemplates(
  templates: Record<string, string>,
  scope: TemplateScope,
  role: string,
): string | undefined {
  for (const [name, value] of Object.entries(templates)) {
    const ref = parseTemplate(value);
    if (ref instanceof Error) return `${role} ${name}: ${ref.message}`;
    if (ref === undefined) continue;
    if (ref.source === 'before' && !scope.hasBefore) {
      return `${role} ${name}: {{before.${ref.field}}} needs compensation.pre_image`;
    }
    const fields = scope[ref.source];
    // An undeclared response schema can't be checked; request fields always can.
    if (fields !== undefined && !fields.has(ref.field)) {
      return `${role} ${name}: {{${ref.source}.${ref.field}}} is not a ${ref.source} field`;
    }
  }
  return undefined;
}

function fieldSet(fields: readonly string[] | undefined): ReadonlySet<string> | undefined {
  return fields === undefined ? undefined : new Set(fields);
}

function preImage(
  action: CompiledAction,
  spec: NonNullable<NonNullable<ActionMetadataOverlay['compensation']>['pre_image']>,
  ctx: CompensationContext,
):
  | { ok: true; value: CompiledCompensation['pre_image']; fields?: ReadonlySet<string> }
  | { ok: false; reason: string } {
  const read = target(spec.operation_id, 'pre_image operation', ctx);
  if (typeof read === 'string') return { ok: false, reason: read };
  if (!read.read_only) return { ok: false, reason: `pre_image operation '${read.action_id}' is not a read` };
  const request = new Set(action.parameters.map((p) => p.name));
  const problem =
    checkCoverage(spec.parameters, read, 'pre_image') ??
    checkTemplates(spec.parameters, { request, hasBefore: false }, 'pre_image');
  if (problem !== undefined) return { ok: false, reason: problem };
  const declared = [...read.output_fields, ...(ctx.responseFields.get(read.action_id) ?? [])];
  const known = read.output_fields.length > 0 || ctx.responseFields.get(read.action_id) !== undefined;
  return {
    ok: true,
    value: { action_id: read.action_id, parameters: spec.parameters },
    ...(known ? { fields: new Set(declared) } : {}),
  };
}

/**
 * 000 Transformation Rule 5: a reversible action references a registered, non-blocked compensation action and
 * declares deterministic templates covering its required parameters. Self- and mutual compensation are fine.
 */
export function resolveCompensation(
  action: CompiledAction,
  overlay: ActionMetadataOverlay,
  ctx: CompensationContext,
): CompensationResult {
  if (!overlay.reversible) {
    if (overlay.compensation_operation_id !== undefined || overlay.compensation !== undefined) {
      return { ok: false, reason: 'declares a compensation but reversible is false' };
    }
    return { ok: true };
  }
  const id = overlay.compensation_operation_id ?? '';
  const callee = target(id, 'compensation operation', ctx);
  if (typeof callee === 'string') return { ok: false, reason: callee };
  const spec = overlay.compensation;
  if (spec === undefined) return { ok: false, reason: 'reversible needs compensation.parameters templates' };
  const before = spec.pre_image === undefined ? undefined : preImage(action, spec.pre_image, ctx);
  if (before !== undefined && !before.ok) return before;
  const scope: TemplateScope = {
    request: new Set(action.parameters.map((p) => p.name)),
    response: fieldSet(ctx.responseFields.get(action.action_id)),
    before: before?.fields,
    hasBefore: before !== undefined,
  };
  const problem =
    checkCoverage(spec.parameters, callee, 'compensation') ??
    checkTemplates(spec.parameters, scope, 'compensation');
  if (problem !== undefined) return { ok: false, reason: problem };
  return {
    ok: true,
    compensation: {
      action_id: callee.action_id,
      parameters: spec.parameters,
      ...(before?.value === undefined ? {} : { pre_image: before.value }),
    },
  };
}
