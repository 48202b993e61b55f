import type { ActionMetadataOverlay } from '../../contracts/overlay.ts';
import { SnakeCase } from '../../contracts/primitives.ts';
import type { CompiledParameter, DangerHeader } from '../compiled-action.ts';
import { isDangerHeaderName, isTransportHeader } from '../sensitive.ts';
import type { CandidateParameter } from './candidate-parameters.ts';
import { canonicalPath, type InputPolicy, inputPolicy } from './input-policy.ts';
import { isRecord } from './openapi-shapes.ts';
import { mapSchema, normaliseSchema } from './schema-mapping.ts';
import { followPath } from './schema-path.ts';
import type { HiddenParameter, SkipKind } from './transform-types.ts';
import { fieldDescription, mapValue, type WalkReport } from './value-mapping.ts';

export type FilterResult =
  | {
      ok: true;
      parameters: CompiledParameter[];
      hidden: HiddenParameter[];
      notes: string[];
      danger_headers: DangerHeader[];
    }
  | { ok: false; kind: Extract<SkipKind, 'invalid_overlay' | 'unsupported'>; reason: string };

type Decision =
  | { include: CompiledParameter }
  | { hide: Omit<HiddenParameter, 'action_id'> }
  | { danger: DangerHeader }
  | { skip: string };

const LISTS = [
  'parameter_allowlist',
  'pii_parameters',
  'sensitive_parameters',
  'non_sensitive_parameters',
  'danger_headers',
] as const;

function isDanger(c: CandidateParameter, overlay: ActionMetadataOverlay): boolean {
  const declared = (overlay.danger_headers ?? []).some((h) => h.toLowerCase() === c.wire_name.toLowerCase());
  return c.location === 'header' && (declared || isDangerHeaderName(c.location, c.wire_name));
}

/** Overlay lists must name real inputs (nested ones by dotted path), so a typo can't expose or hide anything. */
function checkOverlayNames(
  overlay: ActionMetadataOverlay,
  candidates: CandidateParameter[],
): string | undefined {
  for (const list of LISTS) {
    for (const entry of overlay[list] ?? []) {
      const [head = '', ...rest] = canonicalPath(entry).split('.');
      const found = candidates.find((c) => c.name === head || c.wire_name === entry);
      const known = () => candidates.map((c) => c.name).join(', ') || 'none';
      if (found === undefined) return `${list} names unknown parameter '${entry}' (known: ${known()})`;
      if (rest.length > 0 && !followPath(found.schema, rest, { listsTransparent: true }).ok) {
        return `${list} names unknown field '${entry}' (${found.name} has no ${rest.join('.')})`;
      }
      if (list === 'danger_headers' && found.location !== 'header') {
        return `danger_headers names '${entry}', which is not a header`;
      }
      if (list === 'parameter_allowlist' && isTransportHeader(found.location, found.wire_name)) {
        return `parameter_allowlist names '${entry}', a transport header set by the HTTP client`;
      }
      if (list === 'parameter_allowlist' && isDanger(found, overlay)) {
        return `parameter_allowlist names '${entry}', a danger acknowledgement the HTTP client sets on confirmed high-risk steps`;
      }
    }
  }
  return undefined;
}

/** The value a danger acknowledgement carries: its single enum value, const, default or example; else "true". */
function dangerValue(schema: unknown): string {
  if (!isRecord(schema)) return 'true';
  if (Array.isArray(schema.enum) && schema.enum.length === 1) return String(schema.enum[0]);
  for (const key of ['const', 'default', 'example'] as const) {
    if (['string', 'number', 'boolean'].includes(typeof schema[key])) return String(schema[key]);
  }
  return 'true';
}

function primitiveDefault(schema: unknown, type: CompiledParameter['type']): unknown {
  const mapped = mapSchema(schema);
  if (!mapped.ok || mapped.default === undefined || mapped.type !== type) return undefined;
  const value = mapped.default;
  if (type === 'number') return typeof value === 'number' ? value : undefined;
  if (type === 'boolean') return typeof value === 'boolean' ? value : undefined;
  if (type === 'enum')
    return typeof value === 'string' && mapped.enum_values?.includes(value) ? value : undefined;
  return typeof value === 'string' ? value : undefined;
}

function schemaDescription(schema: unknown): string | undefined {
  if (!isRecord(schema)) return undefined;
  const normalised = normaliseSchema(schema);
  const description = normalised.ok ? normalised.schema.description : schema.description;
  return typeof description === 'string' ? description : undefined;
}

/** Query, path and header values are flat on the wire: primitives, or lists of primitives. */
function flatOnTheWire(c: CandidateParameter, type: string, itemType: string | undefined): boolean {
  if (c.location === 'body' || c.location === 'whole_body') return true;
  return type !== 'object' && itemType !== 'object' && itemType !== 'array';
}

function decide(
  c: CandidateParameter,
  overlay: ActionMetadataOverlay,
  policy: InputPolicy,
  report: WalkReport,
): Decision {
  const base = { wire_name: c.wire_name, location: c.location };
  if (isTransportHeader(c.location, c.wire_name)) return { hide: { ...base, reason: 'transport_header' } };
  if (isDanger(c, overlay)) return { danger: { wire_name: c.wire_name, value: dangerValue(c.schema) } };
  // Server-set fields are never inputs.
  if (c.location === 'body' && isRecord(c.schema) && c.schema.readOnly === true) {
    return { hide: { ...base, reason: 'read_only' } };
  }
  const refuse = (reason: HiddenParameter['reason'], detail: string): Decision =>
    c.required
      ? { skip: `required input '${c.wire_name}' ${detail}` }
      : { hide: { ...base, reason, detail } };
  const listed = policy.listed(c.name);
  // Rule 3 beats rule 2: a sensitive input is never exposed, even when required or allowlisted.
  if (c.x_sensitive || policy.sensitive(c.name, c.wire_name, c.schema)) {
    if (c.required) return { skip: `required input '${c.wire_name}' is sensitive and can never be exposed` };
    return {
      hide: { ...base, reason: 'sensitive', ...(listed ? { detail: 'allowlisted, but sensitive' } : {}) },
    };
  }
  if (c.location === 'cookie') return refuse('unsupported', 'is a cookie parameter');
  if (!SnakeCase.safeParse(c.name).success)
    return refuse('unsupported', `has no snake_case name ('${c.name}')`);
  // Rule 2: required parameters always; optional ones only when allowlisted (or a field under them is).
  if (!c.required && !listed && !policy.leadsToListed(c.name))
    return { hide: { ...base, reason: 'not_allowlisted' } };
  const at = {
    wirePath: c.wire_name,
    path: c.name,
    depth: 0,
    ancestors: isRecord(c.schema) ? [c.schema] : [],
    exposeAll: listed,
    location: c.location,
  };
  const mapped = mapValue(c.schema, at, report);
  if (!mapped.ok) return refuse('unsupported', mapped.reason);
  const value = mapped.value;
  if (!flatOnTheWire(c, value.type, value.items?.type)) {
    return refuse('unsupported', `is a ${c.location} parameter holding structured values`);
  }
  const fallback = primitiveDefault(c.schema, value.type);
  const pii = mapped.pii || policy.pii(c.name);
  return {
    include: {
      name: c.name,
      required: c.required,
      description: fieldDescription(c.description ?? schemaDescription(c.schema), c.wire_name),
      ...value,
      ...(fallback === undefined ? {} : { default: fallback }),
      location: c.location as CompiledParameter['location'],
      wire_name: c.wire_name,
      ...(pii ? { pii: true } : {}),
    },
  };
}

/**
 * 000 Transformation Rules 2 and 3 for one operation: required inputs always, optional ones only when
 * allowlisted, sensitive ones never, transport headers and danger acknowledgements never. Nested body fields
 * follow the same rules. An operation whose required input can't be exposed is skipped with that reason;
 * everything else left out is reported with its reason.
 */
export function filterParameters(
  actionId: string,
  candidates: CandidateParameter[],
  overlay: ActionMetadataOverlay,
): FilterResult {
  const overlayProblem = checkOverlayNames(overlay, candidates);
  if (overlayProblem !== undefined) return { ok: false, kind: 'invalid_overlay', reason: overlayProblem };
  const policy = inputPolicy(overlay);
  const report: WalkReport = { actionId, policy, hidden: [], notes: [], fields: 0 };
  const parameters: CompiledParameter[] = [];
  const danger_headers: DangerHeader[] = [];
  for (const candidate of candidates) {
    const decision = decide(candidate, overlay, policy, report);
    if ('skip' in decision) return { ok: false, kind: 'unsupported', reason: decision.skip };
    if ('hide' in decision) report.hidden.push({ action_id: actionId, ...decision.hide });
    else if ('danger' in decision) {
      danger_headers.push(decision.danger);
      report.hidden.push({
        action_id: actionId,
        wire_name: candidate.wire_name,
        location: 'header',
        reason: 'danger_acknowledgement',
      });
    } else parameters.push(decision.include);
  }
  if (danger_headers.length > 0 && overlay.safety_tier === 'normal') {
    const names = danger_headers.map((h) => h.wire_name).join(', ');
    return {
      ok: false,
      kind: 'invalid_overlay',
      reason: `${names} acknowledges a destructive call: safety_tier must be high_risk (or blocked), not normal`,
    };
  }
  const names = parameters.map((p) => p.name);
  const clash = names.find((n, i) => names.indexOf(n) !== i);
  if (clash !== undefined)
    return { ok: false, kind: 'unsupported', reason: `two inputs map to parameter '${clash}'` };
  return { ok: true, parameters, hidden: report.hidden, notes: report.notes, danger_headers };
}
