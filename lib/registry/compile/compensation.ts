import type { ActionMetadataOverlay } from '../../contracts/overlay.ts';
import type { CompiledAction, CompiledCompensation } from '../compiled-action.ts';
import { compileTemplates, type TemplateScope } from './template-checks.ts';

/** What compensation checks need to know about the registry being built. */
export interface CompensationContext {
  /** Actions still registered (model-visible, blocked, or candidates for execution-only), by action_id. */
  actions: ReadonlyMap<string, CompiledAction>;
  /** Why an operation is not registered, by operation_id. */
  skipped: ReadonlyMap<string, string>;
  /** The success response schema of each operation (undefined when the spec declares none). */
  responseSchemas: ReadonlyMap<string, unknown>;
}

export type CompensationResult =
  | { ok: true; compensation?: CompiledCompensation }
  | { ok: false; reason: string };

type CompensationSpec = NonNullable<ActionMetadataOverlay['compensation']>;

/**
 * A registered, non-blocked action, or why the reference is an error (issue 2: blocked or missing → error).
 * The target need not be iq_enabled: 001 iq_enabled is exposure to the planner, and the executor may still run
 * it as a compensation (it is then registered execution-only).
 */
export function target(id: string, role: string, ctx: CompensationContext): CompiledAction | string {
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

export function checkCoverage(
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

type PreImage =
  | { ok: true; value: NonNullable<CompiledCompensation['pre_image']>; before: TemplateScope['before'] }
  | { ok: false; reason: string };

/** The pre-image read: a registered read whose parameters come from the forward request only. */
function preImage(
  action: CompiledAction,
  spec: NonNullable<CompensationSpec['pre_image']>,
  ctx: CompensationContext,
): PreImage {
  const read = target(spec.operation_id, 'pre_image operation', ctx);
  if (typeof read === 'string') return { ok: false, reason: read };
  if (!read.read_only) return { ok: false, reason: `pre_image operation '${read.action_id}' is not a read` };
  const coverage = checkCoverage(spec.parameters, read, 'pre_image');
  if (coverage !== undefined) return { ok: false, reason: coverage };
  // The pre-image is read before anything else happens: only the forward request exists yet.
  const compiled = compileTemplates(spec.parameters, { request: action.parameters }, 'pre_image', [
    'request',
  ]);
  if (!compiled.ok) return compiled;
  return {
    ok: true,
    value: { action_id: read.action_id, parameters: compiled.values },
    before: { schema: ctx.responseSchemas.get(read.action_id), outputFields: read.output_fields },
  };
}

/**
 * 000 Transformation Rule 5: a reversible action references a registered, non-blocked compensation action and
 * declares deterministic templates covering its required parameters. Every template path (dotted, with list
 * indices) is checked against the forward parameters, the success response schema and the pre-image's response
 * schema. Self- and mutual compensation are fine.
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
  const coverage = checkCoverage(spec.parameters, callee, 'compensation');
  if (coverage !== undefined) return { ok: false, reason: coverage };
  const scope: TemplateScope = {
    request: action.parameters,
    response: ctx.responseSchemas.get(action.action_id),
    before: before?.before,
  };
  const compiled = compileTemplates(spec.parameters, scope, 'compensation');
  if (!compiled.ok) return compiled;
  return {
    ok: true,
    compensation: {
      action_id: callee.action_id,
      parameters: compiled.values,
      ...(before === undefined ? {} : { pre_image: before.value }),
    },
  };
}
