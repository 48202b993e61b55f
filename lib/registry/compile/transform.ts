import type { ActionMetadataOverlay } from '../../contracts/overlay.ts';
import { SnakeCase } from '../../contracts/primitives.ts';
import { CompiledAction } from '../compiled-action.ts';
import { candidateParameters } from './candidate-parameters.ts';
import { type CompensationContext, resolveCompensation } from './compensation.ts';
import { describeAction, nameAction } from './describe-action.ts';
import { filterParameters } from './filter-parameters.ts';
import type { LoadedOverlay } from './load-overlays.ts';
import type { SpecOperation } from './spec-operations.ts';
import type { HiddenParameter, SkippedOperation } from './transform-types.ts';
import { resolveVerify } from './verify.ts';

/** The Action Transformer's output (000 "Transform Action"): registered actions and everything left out. */
export interface TransformResult {
  /** Sorted by action_id, so the compiled artefact is reproducible. */
  actions: CompiledAction[];
  skipped: SkippedOperation[];
  hidden: HiddenParameter[];
  /** What the build did that a reader should know: renamed inputs, self-referencing schemas cut at the bound. */
  notes: string[];
}

/** Code-point order: unlike localeCompare it is the same on every machine, so the artefact is reproducible. */
function byId(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

type Draft =
  | { ok: true; action: CompiledAction; hidden: HiddenParameter[]; notes: string[] }
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
function draftAction(operation: SpecOperation, loaded: LoadedOverlay, executionOnly: boolean): Draft {
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
  if (overlay.service_role !== undefined && !readOnly) {
    return skip('invalid_overlay', `service_role '${overlay.service_role}' needs a GET operation`);
  }
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
    ...(executionOnly ? { execution_only: true } : {}),
    ...(overlay.service_role === undefined ? {} : { service_role: overlay.service_role }),
    ...(filtered.danger_headers.length > 0 ? { danger_headers: filtered.danger_headers } : {}),
    ...(overlay.intent_cues?.length ? { intent_cues: uniqueCues(overlay.intent_cues) } : {}),
    ...(overlay.refusal_cues?.length ? { refusal_cues: uniqueCues(overlay.refusal_cues) } : {}),
    ...(overlay.licensed_after ? { licensed_after: overlay.licensed_after } : {}),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return skip('invalid_operation', `${issue?.path.join('.')}: ${issue?.message}`);
  }
  const dropped = candidates.dropped.map((d) => ({ action_id: id, ...d }));
  return {
    ok: true,
    action: parsed.data,
    hidden: [...dropped, ...filtered.hidden],
    notes: [...candidates.notes, ...filtered.notes],
  };
}

/**
 * The reason given when compiling one operation throws: a fault of the compiler, not of the overlay, but it costs
 * only that operation (seed 000: invalid actions logged and skipped). `npm run registry:sweep` counts every skip
 * with this reason as a crash, so none goes unnoticed.
 */
export const COMPILER_FAULT = 'compiler fault' as const;

function faultReason(error: unknown): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return `${COMPILER_FAULT}: ${message.split('\n')[0]}`;
}

function guardedDraft(operation: SpecOperation, loaded: LoadedOverlay, executionOnly: boolean): Draft {
  try {
    return draftAction(operation, loaded, executionOnly);
  } catch (error) {
    const skip = {
      operation_id: operation.operation_id,
      kind: 'unsupported' as const,
      reason: faultReason(error),
    };
    return { ok: false, skip: { ...skip, source: loaded.source } };
  }
}

function guarded<T>(check: () => T): T | { ok: false; reason: string } {
  try {
    return check();
  } catch (error) {
    return { ok: false, reason: faultReason(error) };
  }
}

/** The build in progress: drafts, why others are out, and which drafts are only candidates for execution. */
interface Build {
  drafts: Map<string, CompiledAction>;
  skipped: SkippedOperation[];
  /** iq_enabled: false, not blocked: registered only if a registered action runs it as compensation or pre-image. */
  dormant: Map<string, LoadedOverlay>;
  /** Why a dormant operation could not be drafted (named when something depends on it). */
  dormantFailures: Map<string, string>;
}

/** Rule 5 to a fixpoint: dropping one action can invalidate another that compensates with it. */
function settleCompensations(
  build: Build,
  overlays: ReadonlyMap<string, LoadedOverlay>,
  responseSchemas: CompensationContext['responseSchemas'],
): void {
  for (let changed = true; changed; ) {
    changed = false;
    const ctx: CompensationContext = {
      actions: build.drafts,
      skipped: new Map([
        ...build.dormantFailures,
        ...build.skipped.map((s): [string, string] => [s.operation_id, `${s.kind}: ${s.reason}`]),
      ]),
      responseSchemas,
    };
    for (const [id, action] of build.drafts) {
      const loaded = overlays.get(id) as LoadedOverlay;
      // Rule 5 (compensation), then the verify read (ADR 0011): the first problem rejects the overlay.
      const compensation = guarded(() => resolveCompensation(action, loaded.overlay, ctx));
      const verify = compensation.ok
        ? guarded(() => resolveVerify(action, loaded.overlay, ctx))
        : compensation;
      if (compensation.ok && verify.ok) {
        build.drafts.set(id, {
          ...action,
          ...(compensation.compensation ? { compensation: compensation.compensation } : {}),
          ...(verify.verify ? { verify: verify.verify } : {}),
        });
        continue;
      }
      const reason = verify.ok ? 'unreachable' : verify.reason;
      build.drafts.delete(id);
      if (build.dormant.has(id)) build.dormantFailures.set(id, `invalid_overlay: ${reason}`);
      else
        build.skipped.push({
          operation_id: id,
          kind: 'invalid_overlay',
          reason,
          source: loaded.source,
        });
      changed = true;
      break;
    }
  }
}

/**
 * Dormant drafts stay, execution-only, when a model-visible action runs them or the service itself does
 * (`service_role`); the others are not_enabled.
 */
function keepExecutionOnly(build: Build): void {
  const needed = new Set<string>();
  for (const action of build.drafts.values()) {
    if (action.service_role !== undefined) needed.add(action.action_id);
    if (action.execution_only || action.safety_tier === 'blocked') continue;
    if (action.verify) needed.add(action.verify.action_id);
    if (!action.compensation) continue;
    needed.add(action.compensation.action_id);
    if (action.compensation.pre_image) needed.add(action.compensation.pre_image.action_id);
  }
  for (const [id, { source }] of build.dormant) {
    if (build.drafts.has(id) && needed.has(id)) continue;
    build.drafts.delete(id);
    build.skipped.push({ operation_id: id, kind: 'not_enabled', reason: 'iq_enabled is false', source });
  }
}

/**
 * The Action Transformer (000 "Transformation Rules"): operations plus overlays → compiled actions.
 * Rule 1: only iq_enabled operations are model-visible. Blocked ones are always kept for audit (never
 * model-visible); an iq_enabled: false operation that a registered action needs as its compensation or
 * pre-image read, or that the service runs itself (`service_role`), is kept execution-only. Invalid overlays and operations are reported in `skipped` with their
 * reason; the others still register (000 Cross-Module: "invalid actions logged and skipped").
 */
export function transform(
  operations: readonly SpecOperation[],
  overlays: readonly LoadedOverlay[],
  alreadySkipped: readonly SkippedOperation[] = [],
): TransformResult {
  const build: Build = {
    drafts: new Map(),
    skipped: [...alreadySkipped],
    dormant: new Map(),
    dormantFailures: new Map(),
  };
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
      build.skipped.push({ operation_id: overlay.operation_id, kind: 'invalid_overlay', reason, source });
    }
  }
  const details = new Map<string, { hidden: HiddenParameter[]; notes: string[] }>();
  for (const operation of operations) {
    const id = operation.operation_id;
    const loaded = byOperation.get(id);
    if (loaded === undefined) {
      // An operation whose overlay was rejected is already reported with the overlay's reason.
      if (!reported.has(id))
        build.skipped.push({ operation_id: id, kind: 'no_overlay', reason: 'no overlay: not iq_enabled' });
      continue;
    }
    const dormant = !loaded.overlay.iq_enabled && loaded.overlay.safety_tier !== 'blocked';
    if (dormant) build.dormant.set(id, loaded);
    const draft = guardedDraft(operation, loaded, dormant);
    if (draft.ok) {
      build.drafts.set(id, draft.action);
      details.set(id, draft);
    } else if (dormant && loaded.overlay.service_role === undefined)
      build.dormantFailures.set(id, `${draft.skip.kind}: ${draft.skip.reason}`);
    else build.skipped.push(draft.skip);
  }
  settleCompensations(
    build,
    byOperation,
    new Map(operations.map((o) => [o.operation_id, o.response_schema])),
  );
  keepExecutionOnly(build);
  checkLicensedAfter(build, byOperation);
  const ids = [...build.drafts.keys()].sort(byId);
  return {
    actions: ids.map((id) => build.drafts.get(id) as CompiledAction),
    skipped: build.skipped.sort((a, b) => byId(a.operation_id, b.operation_id)),
    hidden: ids.flatMap((id) => details.get(id)?.hidden ?? []),
    notes: ids.flatMap((id) => details.get(id)?.notes ?? []),
  };
}

/**
 * `licensed_after` must name registered actions: a typo would otherwise never license the flow's closing step and
 * leave it silently unplannable. The overlay is rejected, naming the field.
 */
function checkLicensedAfter(build: Build, overlays: ReadonlyMap<string, LoadedOverlay>): void {
  for (const [id, action] of [...build.drafts]) {
    const unknown = (action.licensed_after ?? []).filter((other) => !build.drafts.has(other));
    if (unknown.length === 0) continue;
    build.drafts.delete(id);
    build.skipped.push({
      operation_id: id,
      kind: 'invalid_overlay',
      reason: `licensed_after names ${unknown.map((u) => `'${u}'`).join(', ')}, which ${unknown.length === 1 ? 'is' : 'are'} not a registered action`,
      source: (overlays.get(id) as LoadedOverlay).source,
    });
  }
}

/** Cues as the matcher reads them: lower case, one space, each once. */
function uniqueCues(cues: readonly string[]): string[] {
  return [...new Set(cues.map((c) => c.toLowerCase().replace(/\s+/g, ' ').trim()))];
}
