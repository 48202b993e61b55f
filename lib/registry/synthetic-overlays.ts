import { candidateParameters } from './candidate-parameters.ts';
import type { LoadedOverlays } from './load-overlays.ts';
import type { SpecOperation } from './spec-operations.ts';

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
