import type { ActionMetadataOverlay } from '../contracts/overlay.ts';
import { SnakeCase } from '../contracts/primitives.ts';
import { candidateParameters } from './candidate-parameters.ts';
import { type CompensationContext, resolveCompensation } from './compensation.ts';
import { CompiledAction } from './compiled-action.ts';
import { describeAction, nameAction } from './describe-action.ts';
import { filterParameters } from './filter-parameters.ts';
import type { LoadedOverlay } from './load-overlays.ts';
import type { SpecOperation } from './spec-operations.ts';
import type { HiddenParameter, SkippedOperation } from './transform-types.ts';

/** The Action Transformer's output (000 "Transform Action"): registered actions and everything left out. */
export interface TransformResult {
  /** Sorted by action_id, so the compiled artefact is reproducible. */
  actions: CompiledAction[];
  skipped: SkippedOperation[];
  hidden: HiddenParameter[];
}

/** Code-point order: unlike localeCompare it is the same on every machine, so the artefact is reproducible. */
function byId(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

type Draft =
  | { ok: true; action: CompiledAction; hidden: HiddenParameter[] }
  | { ok: false; skip: SkippedOperation };

function checkOutputFields(overlay: ActionMetadataOverlay, operation: SpecOperation): string | undefined {
  for (const field of overlay.output_fields ?? []) {
    if (!SnakeCase.safeParse(field).success) return `output_fields entry '${field}' is not snake_case`;
    if (operation.response_fields !== undefined && !operation.response_fields.includes(field)) {
      return `output_fields entry '${field}' is not a response field (${operation.response_fields.join(', ')})`;
    }
  }
  return undefined;
}

/** Rules 2-4 for one operation; rule 5 (compensation) needs the whole registry and runs afterwards. */
function draftAction(operation: SpecOperation, loaded: LoadedOverlay): Draft {
  const { overlay, source } = loaded;
  const id = operation.operation_id;
  const skip = (kind: SkippedOperation['kind'], reason: string): Draft => ({
    ok: false,
    skip: { operation_id: id, kind, reason, source },
  });
  const candidates = candidateParameters(operation);
  if (!candidates.ok) return skip('unsupported', candidates.reason);
  const filtered = filterParameters(id, candidates.candidates, overlay);
  if (!filtered.ok) return skip(filtered.kind, filtered.reason);
  const outputProblem = checkOutputFields(overlay, operation);
  if (outputProblem !== undefined) return skip('invalid_overlay', outputProblem);
  const readOnly = operation.method === 'GET';
  const parsed = CompiledAction.safeParse({
    action_id: id,
    name: nameAction(operation, overlay),
    description: describeAction(operation, overlay, readOnly),
    parameters: filtered.parameters,
    safety_tier: overlay.safety_tier,
    reversible: overlay.reversible,
    ...(overlay.reversible ? { compensation_action_id: overlay.compensation_operation_id } : {}),
    ...(overlay.examples === undefined ? {} : { examples: overlay.examples }),
    method: operation.method,
    path: operation.path,
    read_only: readOnly,
    output_fields: overlay.output_fields ?? [],
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return skip('invalid_operation', `${issue?.path.join('.')}: ${issue?.message}`);
  }
  return { ok: true, action: parsed.data, hidden: filtered.hidden };
}

/** Rule 5 to a fixpoint: dropping one action can invalidate another that compensates with it. */
function settleCompensations(
  drafts: Map<string, CompiledAction>,
  overlays: ReadonlyMap<string, LoadedOverlay>,
  skipped: SkippedOperation[],
  responseFields: CompensationContext['responseFields'],
): void {
  for (let changed = true; changed; ) {
    changed = false;
    const ctx: CompensationContext = {
      actions: drafts,
      skipped: new Map(skipped.map((s) => [s.operation_id, `${s.kind}: ${s.reason}`])),
      responseFields,
    };
    for (const [id, action] of drafts) {
      const loaded = overlays.get(id) as LoadedOverlay;
      const result = resolveCompensation(action, loaded.overlay, ctx);
      if (result.ok) {
        drafts.set(id, result.compensation ? { ...action, compensation: result.compensation } : action);
        continue;
      }
      drafts.delete(id);
      skipped.push({
        operation_id: id,
        kind: 'invalid_overlay',
        reason: result.reason,
        source: loaded.source,
      });
      changed = true;
      break;
    }
  }
}

/**
 * The Action Transformer (000 "Transformation Rules"): operations plus overlays → compiled actions.
 * Rule 1: only iq_enabled operations, except that blocked ones are always kept for audit (never model-visible).
 * Invalid overlays and operations are reported in `skipped`; valid ones still register (000 Cross-Module).
 */
export function transform(
  operations: readonly SpecOperation[],
  overlays: readonly LoadedOverlay[],
  alreadySkipped: readonly SkippedOperation[] = [],
): TransformResult {
  const skipped: SkippedOperation[] = [...alreadySkipped];
  const hidden: HiddenParameter[] = [];
  const byOperation = new Map(overlays.map((o) => [o.overlay.operation_id, o]));
  // Operations the spec has, including the ones already rejected as invalid or unsupported.
  const known = new Set([
    ...operations.map((o) => o.operation_id),
    ...alreadySkipped.filter((s) => s.kind !== 'invalid_overlay').map((s) => s.operation_id),
  ]);
  const reported = new Set(alreadySkipped.map((s) => s.operation_id));
  for (const { overlay, source } of overlays) {
    if (!known.has(overlay.operation_id)) {
      const reason = `overlay for unknown operationId '${overlay.operation_id}'`;
      skipped.push({ operation_id: overlay.operation_id, kind: 'invalid_overlay', reason, source });
    }
  }
  const drafts = new Map<string, CompiledAction>();
  const draftHidden = new Map<string, HiddenParameter[]>();
  for (const operation of operations) {
    const id = operation.operation_id;
    const loaded = byOperation.get(id);
    if (loaded === undefined) {
      // An operation whose overlay was rejected is already reported with the overlay's reason.
      if (!reported.has(id))
        skipped.push({ operation_id: id, kind: 'no_overlay', reason: 'no overlay: not iq_enabled' });
      continue;
    }
    if (!loaded.overlay.iq_enabled && loaded.overlay.safety_tier !== 'blocked') {
      skipped.push({
        operation_id: id,
        kind: 'not_enabled',
        reason: 'iq_enabled is false',
        source: loaded.source,
      });
      continue;
    }
    const draft = draftAction(operation, loaded);
    if (!draft.ok) skipped.push(draft.skip);
    else {
      drafts.set(id, draft.action);
      draftHidden.set(id, draft.hidden);
    }
  }
  const responseFields = new Map(operations.map((o) => [o.operation_id, o.response_fields]));
  settleCompensations(drafts, byOperation, skipped, responseFields);
  for (const id of [...drafts.keys()].sort(byId)) hidden.push(...(draftHidden.get(id) ?? []));
  return {
    actions: [...drafts.values()].sort((a, b) => byId(a.action_id, b.action_id)),
    skipped: skipped.sort((a, b) => byId(a.operation_id, b.operation_id)),
    hidden,
  };
}
