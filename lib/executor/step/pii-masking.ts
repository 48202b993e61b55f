import { isPiiKey, maskByKey } from '../../observability/redact.ts';
import type { CompiledAction } from '../../registry/compiled-action.ts';
import { isPiiParameter } from '../../registry/pii-parameter.ts';

/**
 * Masks PII values of a flat parameter map: the parameters the compiled action classifies as PII
 * (lib/registry/pii-parameter.ts), and PII keys inside any other value (a PII object is masked field by field).
 */
export function maskParameters(
  action: CompiledAction | undefined,
  values: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  if (values === undefined) return undefined;
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [
      k,
      isPiiParameter(action, k) && typeof v === 'string' ? maskByKey(k, v) : maskDeep(v),
    ]),
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
