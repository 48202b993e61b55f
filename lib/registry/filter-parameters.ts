import type { ActionMetadataOverlay } from '../contracts/overlay.ts';
import { SnakeCase } from '../contracts/primitives.ts';
import { isPiiKey } from '../observability/redact.ts';
import type { CandidateParameter } from './candidate-parameters.ts';
import type { CompiledParameter } from './compiled-action.ts';
import { humanize, oneLine, truncate } from './naming.ts';
import type { PrimitiveMapping } from './schema-mapping.ts';
import { isSensitiveName, isTransportHeader } from './sensitive.ts';
import type { HiddenParameter, SkipKind } from './transform-types.ts';

export type FilterResult =
  | { ok: true; parameters: CompiledParameter[]; hidden: HiddenParameter[] }
  | { ok: false; kind: Extract<SkipKind, 'invalid_overlay' | 'unsupported'>; reason: string };

type Decision =
  | { include: CompiledParameter }
  | { hide: Omit<HiddenParameter, 'action_id'> }
  | { skip: string };

const matches = (list: readonly string[] | undefined, c: CandidateParameter) =>
  list?.some((entry) => entry === c.name || entry === c.wire_name) ?? false;

/** Overlay lists must name real inputs, so a typo can't silently expose or hide something. */
function checkOverlayNames(
  overlay: ActionMetadataOverlay,
  candidates: CandidateParameter[],
): string | undefined {
  const lists = ['parameter_allowlist', 'pii_parameters', 'sensitive_parameters'] as const;
  for (const list of lists) {
    for (const entry of overlay[list] ?? []) {
      const found = candidates.find((c) => c.name === entry || c.wire_name === entry);
      if (found === undefined) {
        const known = candidates.map((c) => c.name).join(', ');
        return `${list} names unknown parameter '${entry}' (known: ${known || 'none'})`;
      }
      if (list === 'parameter_allowlist' && isTransportHeader(found.location, found.wire_name)) {
        return `parameter_allowlist names '${entry}', a transport header set by the HTTP client`;
      }
    }
  }
  return undefined;
}

function matchesType(mapping: PrimitiveMapping, value: unknown): boolean {
  if (mapping.type === 'number') return typeof value === 'number';
  if (mapping.type === 'boolean') return typeof value === 'boolean';
  if (mapping.type === 'enum')
    return typeof value === 'string' && (mapping.enum_values ?? []).includes(value);
  return typeof value === 'string';
}

function toCompiled(
  c: CandidateParameter,
  mapping: PrimitiveMapping,
  overlay: ActionMetadataOverlay,
): CompiledParameter {
  const description = truncate(
    oneLine(c.description ?? mapping.description ?? `${humanize(c.wire_name)}.`),
    200,
  );
  const constraints = Object.keys(mapping.constraints).length > 0 ? mapping.constraints : undefined;
  const pii = matches(overlay.pii_parameters, c) || isPiiKey(c.name);
  return {
    name: c.name,
    type: mapping.type,
    required: c.required,
    description,
    ...(mapping.enum_values === undefined ? {} : { enum_values: mapping.enum_values }),
    ...(mapping.default !== undefined && matchesType(mapping, mapping.default)
      ? { default: mapping.default }
      : {}),
    location: c.location as CompiledParameter['location'],
    wire_name: c.wire_name,
    ...(constraints === undefined ? {} : { constraints }),
    ...(pii ? { pii: true } : {}),
  };
}

function decide(c: CandidateParameter, overlay: ActionMetadataOverlay): Decision {
  const base = { wire_name: c.wire_name, location: c.location };
  if (isTransportHeader(c.location, c.wire_name)) return { hide: { ...base, reason: 'transport_header' } };
  const allowlisted = matches(overlay.parameter_allowlist, c);
  const sensitive =
    isSensitiveName(c.wire_name) ||
    c.x_sensitive ||
    (c.mapping.ok && c.mapping.sensitive) ||
    matches(overlay.sensitive_parameters, c);
  // Rule 3 beats rule 2: a sensitive input is never exposed, even when required or allowlisted.
  if (sensitive) {
    if (c.required) return { skip: `required input '${c.wire_name}' is sensitive and can never be exposed` };
    return {
      hide: {
        ...base,
        reason: 'sensitive',
        ...(allowlisted ? { detail: 'allowlisted, but sensitive' } : {}),
      },
    };
  }
  const problem = !c.mapping.ok
    ? c.mapping.reason
    : c.location === 'cookie'
      ? 'is a cookie parameter'
      : !SnakeCase.safeParse(c.name).success
        ? `has no snake_case name ('${c.name}')`
        : undefined;
  if (problem !== undefined || !c.mapping.ok) {
    const detail = problem ?? 'unsupported';
    if (c.required) return { skip: `required input '${c.wire_name}' ${detail}` };
    return { hide: { ...base, reason: 'unsupported', detail } };
  }
  // Rule 2: required parameters always; optional ones only when allowlisted.
  if (c.required || allowlisted) return { include: toCompiled(c, c.mapping, overlay) };
  return { hide: { ...base, reason: 'not_allowlisted' } };
}

/**
 * 000 Transformation Rules 2 and 3 for one operation: required inputs always, optional ones only when
 * allowlisted, sensitive ones never, transport headers never. An operation whose required input can't be
 * exposed (sensitive, or not a 001 primitive) is skipped with that reason.
 */
export function filterParameters(
  actionId: string,
  candidates: CandidateParameter[],
  overlay: ActionMetadataOverlay,
): FilterResult {
  const overlayProblem = checkOverlayNames(overlay, candidates);
  if (overlayProblem !== undefined) return { ok: false, kind: 'invalid_overlay', reason: overlayProblem };
  const parameters: CompiledParameter[] = [];
  const hidden: HiddenParameter[] = [];
  for (const candidate of candidates) {
    const decision = decide(candidate, overlay);
    if ('skip' in decision) return { ok: false, kind: 'unsupported', reason: decision.skip };
    if ('hide' in decision) hidden.push({ action_id: actionId, ...decision.hide });
    else parameters.push(decision.include);
  }
  const names = parameters.map((p) => p.name);
  const clash = names.find((n, i) => names.indexOf(n) !== i);
  if (clash !== undefined)
    return { ok: false, kind: 'unsupported', reason: `two inputs map to parameter '${clash}'` };
  return { ok: true, parameters, hidden };
}
