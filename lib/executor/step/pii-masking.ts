import { isPiiKey, maskByKey } from '../../observability/redact.ts';
import type { CompiledAction } from '../../registry/compiled-action.ts';

/** Names of the action's parameters that carry guest PII (overlay pii_parameters, or inferred by the registry). */
function piiNames(action: CompiledAction | undefined): Set<string> {
  return new Set((action?.parameters ?? []).filter((p) => p.pii).map((p) => p.name));
}

/** Masks PII values of a flat parameter map: declared PII parameters and well-known PII keys (email, phone…). */
export function maskParameters(
  action: CompiledAction | undefined,
  values: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  if (values === undefined) return undefined;
  const pii = piiNames(action);
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, pii.has(k) || isPiiKey(k) ? maskByKey(k, v) : maskDeep(v)]),
  );
}

/** Masks PII keys anywhere inside a JSON-like value (booking responses nest guests and notes). */
export function maskDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskDeep);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, isPiiKey(k) ? maskByKey(k, v) : maskDeep(v)]),
  );
}
