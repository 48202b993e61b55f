import { SnakeCase } from '../../lib/contracts/primitives.ts';
import { candidateParameters } from '../../lib/registry/compile/candidate-parameters.ts';
import type { LoadedOverlays } from '../../lib/registry/compile/load-overlays.ts';
import type { SpecOperation } from '../../lib/registry/compile/spec-operations.ts';

/** Which optional inputs a synthetic overlay allowlists. */
export type SyntheticAllowlist = 'none' | 'all';

/**
 * One overlay per operation that enables it, as an operator who knows nothing of the spec would write it: GET
 * normal, DELETE high risk, nothing reversible, and (with `all`) every optional input that is not a header
 * allowlisted. Used by the corpus sweep (bench/registry-sweep.ts) and the whole-spec tests to prove that any
 * overlay on any valid operation compiles or is skipped with a reason: a held-out overlay can't do worse.
 */
export function enableEveryOperation(
  operations: readonly SpecOperation[],
  allowlist: SyntheticAllowlist = 'all',
): LoadedOverlays {
  const overlays = operations.map((operation) => {
    const candidates = candidateParameters(operation);
    const optional =
      allowlist === 'all' && candidates.ok
        ? candidates.candidates.filter((c) => !c.required && c.location !== 'header').map((c) => c.name)
        : [];
    return {
      source: `synthetic:${operation.operation_id}`,
      overlay: {
        operation_id: operation.operation_id,
        iq_enabled: true,
        safety_tier: operation.method === 'DELETE' ? ('high_risk' as const) : ('normal' as const),
        reversible: false,
        ...(optional.length > 0 ? { parameter_allowlist: [...new Set(optional)] } : {}),
      },
    };
  });
  return { overlays, invalid: [], texts: {} };
}

/**
 * `enableEveryOperation` plus the overlay fields that reach the rest of the compiler: every response field as
 * `output_fields`, and every PUT or PATCH reversible by calling itself again with its required inputs taken
 * from the request (`{{request.<name>}}`), after a pre-image read of the GET on the same path when there is one.
 * The whole-spec tests compile every operation this way too.
 */
export function exerciseEveryOperation(operations: readonly SpecOperation[]): LoadedOverlays {
  const reads = new Map(operations.filter((o) => o.method === 'GET').map((o) => [o.path, o]));
  const enabled = enableEveryOperation(operations, 'all');
  enabled.overlays.forEach((loaded, i) => {
    const operation = operations[i] as SpecOperation;
    const candidates = candidateParameters(operation);
    const required = candidates.ok ? candidates.candidates.filter((c) => c.required) : [];
    const fromRequest = (names: readonly string[]) =>
      Object.fromEntries(names.map((name) => [name, `{{request.${name}}}`]));
    const read = reads.get(operation.path);
    const readInputs = read === undefined ? undefined : candidateParameters(read);
    const pathNames = required.filter((c) => c.location === 'path').map((c) => c.name);
    // A response field whose name is not snake_case even after conversion (`1h`) can't be an output field.
    const outputs = (operation.response_fields ?? []).filter((f) => SnakeCase.safeParse(f).success);
    const reversible = (operation.method === 'PUT' || operation.method === 'PATCH') && candidates.ok;
    loaded.overlay = {
      ...loaded.overlay,
      ...(outputs.length > 0 ? { output_fields: outputs } : {}),
      ...(reversible
        ? {
            reversible: true,
            compensation_operation_id: operation.operation_id,
            compensation: {
              parameters: fromRequest(required.map((c) => c.name)),
              ...(read !== undefined && readInputs?.ok
                ? { pre_image: { operation_id: read.operation_id, parameters: fromRequest(pathNames) } }
                : {}),
            },
          }
        : {}),
    };
  });
  return enabled;
}
