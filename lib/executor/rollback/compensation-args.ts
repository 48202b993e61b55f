import { readPath, resolveParameters } from '../../contracts/template-grammar.ts';
import type { StoredStep } from '../../plans/stored-plan.ts';
import type { CompiledAction } from '../../registry/compiled-action.ts';

export type CompensationArgs =
  | { ok: true; action_id: string; args: Record<string, unknown> }
  | { ok: false; reason: string };

/**
 * The compensation call of a completed reversible step, from the overlay templates over the step's recorded
 * request ({{request.x}}), response ({{response.y}}) and pre-image ({{before.z}}) only: no model is involved
 * (docs/design-facts.md: rollback is deterministic). An optional parameter whose value was never recorded is left out;
 * a required one makes the compensation impossible.
 */
export function compensationArgs(
  step: StoredStep,
  action: CompiledAction,
  compensation: CompiledAction,
): CompensationArgs {
  const spec = action.compensation;
  if (!spec) return { ok: false, reason: `${action.action_id} declares no compensation` };
  const sources: Record<string, unknown> = {
    request: step.resolved_parameters ?? {},
    response: step.result?.response_data ?? {},
    before: step.before ?? {},
  };
  const { values, missing } = resolveParameters(spec.parameters, (scope, path) =>
    readPath(sources[scope], path),
  );
  const required = new Set(compensation.parameters.filter((p) => p.required).map((p) => p.name));
  const blocking = Object.keys(missing).filter((name) => required.has(name));
  if (blocking.length > 0) {
    return { ok: false, reason: `the values needed to undo it were not recorded (${blocking.join(', ')})` };
  }
  return { ok: true, action_id: spec.action_id, args: values };
}
