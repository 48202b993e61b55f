import type { ActionMetadataOverlay } from '../../contracts/overlay.ts';
import { parsePath } from '../../contracts/template-grammar.ts';
import type { CompiledAction, CompiledVerify } from '../compiled-action.ts';
import { type CompensationContext, checkCoverage, target } from './compensation.ts';
import { followPath } from './schema-path.ts';
import { compileTemplates } from './template-checks.ts';

export type VerifyResult = { ok: true; verify?: CompiledVerify } | { ok: false; reason: string };

/** A response path of the verify read: in the grammar, and in its response schema (lists passed through). */
function responsePathProblem(path: string, schema: unknown, role: string): string | undefined {
  const segments = parsePath(path);
  if (segments === undefined) return `${role} '${path}' is not a path (dotted keys, optional [n] indices)`;
  const check = followPath(schema, segments, { listsTransparent: true });
  return check.ok
    ? undefined
    : `${role} '${path}' is not in the verify read's response schema (no '${check.missing}')`;
}

/**
 * The overlay's `verify` block checked against the registry being built (ADR 0011): a registered, non-blocked
 * read whose parameters are covered by templates over the forward request (the read happens after the write, but
 * its answer is what was lost), each compared field a path of the read's response, each intended value a literal
 * or a `{{request.x}}` template, and the version a response path. Every error names the field at fault.
 */
export function resolveVerify(
  action: CompiledAction,
  overlay: ActionMetadataOverlay,
  ctx: CompensationContext,
): VerifyResult {
  const spec = overlay.verify;
  if (spec === undefined) return { ok: true };
  if (action.read_only)
    return { ok: false, reason: 'verify is for actions that change something; this one is a read' };
  const read = target(spec.operation_id, 'verify.operation_id', ctx);
  if (typeof read === 'string') return { ok: false, reason: read };
  if (!read.read_only) return { ok: false, reason: `verify.operation_id '${read.action_id}' is not a read` };
  const coverage = checkCoverage(spec.parameters, read, 'verify.parameters');
  if (coverage !== undefined) return { ok: false, reason: coverage };
  const scope = { request: action.parameters };
  const parameters = compileTemplates(spec.parameters, scope, 'verify.parameters', ['request']);
  if (!parameters.ok) return parameters;
  const schema = ctx.responseSchemas.get(read.action_id);
  for (const path of Object.keys(spec.fields)) {
    const problem = responsePathProblem(path, schema, 'verify.fields');
    if (problem !== undefined) return { ok: false, reason: problem };
  }
  const fields = compileTemplates(spec.fields, scope, 'verify.fields', ['request']);
  if (!fields.ok) return fields;
  if (spec.version !== undefined) {
    const problem = responsePathProblem(spec.version, schema, 'verify.version');
    if (problem !== undefined) return { ok: false, reason: problem };
  }
  return {
    ok: true,
    verify: {
      action_id: read.action_id,
      parameters: parameters.values,
      fields: fields.values,
      ...(spec.version === undefined ? {} : { version: spec.version }),
    },
  };
}
