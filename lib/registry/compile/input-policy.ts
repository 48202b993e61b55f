import type { ActionMetadataOverlay } from '../../contracts/overlay.ts';
import { isPiiKey } from '../../observability/redact.ts';
import { snakeCase } from '../naming.ts';
import { isSensitiveName } from '../sensitive.ts';
import { isRecord } from './openapi-shapes.ts';
import { normaliseSchema, schemaType } from './schema-mapping.ts';

/**
 * The overlay's input lists as predicates over input paths. A path names a top-level input (`booking`) or a
 * nested field (`booking.appointment_segments.team_member_id`); list levels are transparent. Overlays may
 * write each segment in snake_case or as on the wire.
 */
export interface InputPolicy {
  /** Allowlisted itself: the input and everything under it are exposed (rule 2). */
  listed(path: string): boolean;
  /** Something under this path is allowlisted, so the path is exposed to carry it. */
  leadsToListed(path: string): boolean;
  /** Never exposed (rule 3): a built-in name rule (unless overridden), x-sensitive, format: password, or listed. */
  sensitive(path: string, wireName: string, schema: unknown): boolean;
  /** Carries guest PII (masked in logs and at rest). */
  pii(path: string): boolean;
}

/** An overlay entry in canonical form: dotted snake_case segments. */
export function canonicalPath(entry: string): string {
  return entry
    .split('.')
    .map((segment) => snakeCase(segment))
    .join('.');
}

function pathSet(entries: readonly string[] | undefined): Set<string> {
  return new Set((entries ?? []).map(canonicalPath));
}

/** True when the schema itself says it holds a secret. */
export function schemaSaysSensitive(schema: unknown): boolean {
  return isRecord(schema) && (schema.format === 'password' || schema['x-sensitive'] === true);
}

/** A flag, a number or an enum can't hold key material, whatever its name (`allow_credentials`, `skip_pin`). */
function cannotHoldSecret(schema: unknown): boolean {
  if (!isRecord(schema)) return false;
  const normalised = normaliseSchema(schema);
  if (!normalised.ok) return false;
  const type = schemaType(normalised.schema);
  return (
    type === 'boolean' || type === 'integer' || type === 'number' || Array.isArray(normalised.schema.enum)
  );
}

/** The policy of one overlay. `aliases` maps a renamed input (`body_booking_id`) to its wire name. */
export function inputPolicy(overlay: ActionMetadataOverlay): InputPolicy {
  const allowlist = pathSet(overlay.parameter_allowlist);
  const sensitiveList = pathSet(overlay.sensitive_parameters);
  const notSensitive = pathSet(overlay.non_sensitive_parameters);
  const piiList = pathSet(overlay.pii_parameters);
  const last = (path: string) => path.slice(path.lastIndexOf('.') + 1);
  return {
    listed: (path) => allowlist.has(path),
    leadsToListed: (path) => [...allowlist].some((entry) => entry.startsWith(`${path}.`)),
    sensitive(path, wireName, schema) {
      if (sensitiveList.has(path) || schemaSaysSensitive(schema)) return true;
      if (notSensitive.has(path) || cannotHoldSecret(schema)) return false;
      return isSensitiveName(wireName) || isSensitiveName(last(path));
    },
    pii: (path) => piiList.has(path) || isPiiKey(last(path)),
  };
}
