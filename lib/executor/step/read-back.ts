import { parseTemplate, readAll, readPath, resolveParameters } from '../../contracts/template-grammar.ts';
import type { VenueSettings } from '../../dates/same-when.ts';
import type { StoredStep } from '../../plans/stored-plan.ts';
import type { CompiledAction } from '../../registry/compiled-action.ts';
import { contextVenue } from '../plan-venue.ts';
import type { StepContext } from '../run-context.ts';
import { callAction } from './call-action.ts';
import { type Reading, readingOf, sameValue } from './canonical-value.ts';
import { pick, preImageRead } from './pre-image.ts';

/**
 * What reading the resource back says about a write whose answer was lost (ADR 0007):
 * `applied` (the intended values and a version past the pre-image's), `not_applied` (still the pre-image's
 * version, or the pre-image's values where there is no version), or `unknown` (the read failed, or the
 * resource shows something else: someone else's change) — the only case that leaves the step in doubt.
 */
export type ReadBack =
  | { kind: 'applied'; data: Record<string, unknown> }
  | { kind: 'not_applied' }
  | { kind: 'unknown'; reason: string };

/** Fields that name the resource rather than the change: equal by construction, so they prove nothing. */
const IDENTITY = new Set(['booking_id', 'version']);

/** True when every request field the read-back resource also has shows the sent value. */
function showsValues(
  action: CompiledAction,
  request: Record<string, unknown>,
  data: Record<string, unknown>,
  compare: (name: string) => unknown,
  venue: VenueSettings | undefined,
): boolean {
  const checked = action.parameters.filter((p) => !IDENTITY.has(p.name) && p.name in request);
  const present = checked.filter((p) => readPath(data, p.name) !== undefined);
  return (
    present.length > 0 &&
    present.every((p) => sameValue(p.type, readPath(data, p.name), compare(p.name), readingOf(p, venue)))
  );
}

/** Decides from the resource as read now, the sent request and the pre-image recorded with the intent. */
export function judgeReadBack(
  action: CompiledAction,
  step: Pick<StoredStep, 'resolved_parameters' | 'before'>,
  data: Record<string, unknown>,
  /** The venue dates and times are read in (the plan's, issue 27); default: the config defaults. */
  venue?: VenueSettings,
): ReadBack {
  const request = step.resolved_parameters ?? {};
  const before = step.before ?? {};
  const intended = showsValues(action, request, data, (name) => request[name], venue);
  const was = typeof before.version === 'number' ? before.version : undefined;
  const now = typeof data.version === 'number' ? data.version : undefined;
  if (was !== undefined && now !== undefined) {
    if (now === was) return { kind: 'not_applied' };
    // Stryker disable next-line EqualityOperator: equal versions returned just above, so >= and > agree here
    if (now > was && intended) return { kind: 'applied', data };
    return { kind: 'unknown', reason: 'the booking shows a change that is not this one' };
  }
  const previous = showsValues(action, request, data, (name) => readPath(before, name), venue);
  if (intended && !previous) return { kind: 'applied', data };
  if (previous && !intended) return { kind: 'not_applied' };
  return { kind: 'unknown', reason: 'the booking does not tell whether the change was made' };
}

/** True when the value the template names (a `{{request.x}}`, or a literal) is among `seen`. */
function shows(
  action: CompiledAction,
  template: string,
  request: Record<string, unknown>,
  seen: unknown[],
  reading: Reading,
): boolean {
  const ref = parseTemplate(template);
  const intended = ref === undefined ? template : readPath(request, ref.path);
  const parameter = ref === undefined ? undefined : action.parameters.find((p) => p.name === ref.path[0]);
  if (intended === undefined) return false;
  return seen.some((value) =>
    parameter && ref?.path.length === 1
      ? sameValue(parameter.type, value, intended, { ...reading, ...readingOf(parameter) })
      : String(value) === String(intended),
  );
}

/**
 * Judges a read-back through the overlay's `verify` block (ADR 0011): every field shows its intended value
 * (a list passed through: any item) and, with a `version`, the version moved past the one read before the write
 * → applied; the version unmoved → not applied; without a version, no field showing → not applied; anything
 * else (moved without our values, or some fields only) → unknown.
 */
export function judgeVerify(
  action: CompiledAction,
  step: Pick<StoredStep, 'resolved_parameters' | 'before'>,
  data: Record<string, unknown>,
  venue?: VenueSettings,
): ReadBack {
  const verify = action.verify;
  if (!verify) return { kind: 'unknown', reason: 'this change cannot be read back' };
  const request = step.resolved_parameters ?? {};
  const reading: Reading = venue ? { venue } : {};
  const results = Object.entries(verify.fields).map(([path, template]) =>
    shows(action, template, request, readAll(data, path), reading),
  );
  const all = results.every(Boolean);
  const none = !results.some(Boolean);
  if (verify.version !== undefined) {
    const was = readPath(step.before ?? {}, verify.version);
    const now = readPath(data, verify.version);
    if (typeof was === 'number' && typeof now === 'number') {
      if (now === was) return { kind: 'not_applied' };
      // Stryker disable next-line EqualityOperator: equal versions returned just above, so >= and > agree here
      if (now > was && all) return { kind: 'applied', data };
      return { kind: 'unknown', reason: 'the booking shows a change that is not this one' };
    }
  }
  if (all) return { kind: 'applied', data };
  if (none) return { kind: 'not_applied' };
  return { kind: 'unknown', reason: 'the booking does not tell whether the change was made' };
}

/** The verify read's arguments over the request, or undefined when one is missing. */
function verifyArgs(action: CompiledAction, request: Record<string, unknown>) {
  if (!action.verify) return undefined;
  const { values, missing } = resolveParameters(action.verify.parameters, (scope, path) =>
    scope === 'request' ? readPath(request, path) : undefined,
  );
  return Object.keys(missing).length > 0 ? undefined : values;
}

/** True when a lost answer of this action can be read back (a pre-image read or a verify block). */
export function canReadBack(action: CompiledAction): boolean {
  return action.verify !== undefined || action.compensation?.pre_image !== undefined;
}

/**
 * Reads the `verify` read just before the forward call, when the block names a version and no pre-image is taken:
 * its version is the baseline the read-back compares against (stored as the step's `before`, with the booking's
 * reference for the recovery texts). Undefined: nothing to record, or the read failed (the read-back then judges
 * by the fields alone).
 */
export async function verifyBaseline(
  ctx: StepContext,
  action: CompiledAction,
  stepNumber: number,
  request: Record<string, unknown>,
): Promise<Record<string, unknown> | undefined> {
  const version = action.verify?.version;
  const args = verifyArgs(action, request);
  if (!action.verify || version === undefined || action.compensation?.pre_image || !args) return undefined;
  const outcome = await callAction(ctx, {
    action: ctx.deps.registry.require(action.verify.action_id),
    args,
    stepNumber,
    purpose: 'pre_image',
  });
  if (!outcome.ok) return undefined;
  return pick(outcome.data, ['booking_id', 'booking_reference', version]);
}

/**
 * Reads the resource a write acted on with the user's token: the overlay's `verify` read when it declares one
 * (ADR 0011), else the overlay's pre-image read (compensation.pre_image, its arguments templates over the
 * request), so it reads exactly what the pre-image read. An action without one
 * (a create: there is no id yet) cannot be read back: `unknown`, and the caller relies on the same-key replay.
 */
export async function readBack(
  ctx: StepContext,
  action: CompiledAction,
  step: StoredStep,
): Promise<ReadBack> {
  const venue = contextVenue(ctx);
  if (action.verify) {
    const args = verifyArgs(action, step.resolved_parameters ?? {});
    if (!args) return { kind: 'unknown', reason: 'this change cannot be read back' };
    const seen = await callAction(ctx, {
      action: ctx.deps.registry.require(action.verify.action_id),
      args,
      stepNumber: step.step_number,
      purpose: 'read_back',
    });
    if (!seen.ok) return { kind: 'unknown', reason: 'the booking could not be read back' };
    return judgeVerify(action, step, seen.data, venue);
  }
  const read = preImageRead(ctx, action, step.resolved_parameters ?? {});
  if (read.kind !== 'read' || !read.reader.read_only) {
    return { kind: 'unknown', reason: 'this change cannot be read back' };
  }
  const outcome = await callAction(ctx, {
    action: read.reader,
    args: read.args,
    stepNumber: step.step_number,
    purpose: 'read_back',
  });
  if (!outcome.ok) return { kind: 'unknown', reason: 'the booking could not be read back' };
  return judgeReadBack(action, step, outcome.data, venue);
}
