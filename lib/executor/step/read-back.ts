import { readPath } from '../../contracts/template-grammar.ts';
import type { VenueSettings } from '../../dates/same-when.ts';
import type { StoredStep } from '../../plans/stored-plan.ts';
import type { CompiledAction } from '../../registry/compiled-action.ts';
import type { StepContext } from '../run-context.ts';
import { callAction } from './call-action.ts';
import { type Reading, sameValue } from './canonical-value.ts';
import { preImageRead } from './pre-image.ts';

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
    present.every((p) => {
      const reading: Reading = {
        ...(p.enum_values ? { enumValues: p.enum_values } : {}),
        ...(venue ? { venue } : {}),
      };
      return sameValue(p.type, readPath(data, p.name), compare(p.name), reading);
    })
  );
}

/** Decides from the resource as read now, the sent request and the pre-image recorded with the intent. */
export function judgeReadBack(
  action: CompiledAction,
  step: Pick<StoredStep, 'resolved_parameters' | 'before'>,
  data: Record<string, unknown>,
  /** The venue dates and times are read in (VENUE_TIMEZONE, VENUE_LOCALE); default: the config defaults. */
  venue?: VenueSettings,
): ReadBack {
  const request = step.resolved_parameters ?? {};
  const before = step.before ?? {};
  const intended = showsValues(action, request, data, (name) => request[name], venue);
  const was = typeof before.version === 'number' ? before.version : undefined;
  const now = typeof data.version === 'number' ? data.version : undefined;
  if (was !== undefined && now !== undefined) {
    if (now === was) return { kind: 'not_applied' };
    if (now > was && intended) return { kind: 'applied', data };
    return { kind: 'unknown', reason: 'the booking shows a change that is not this one' };
  }
  const previous = showsValues(action, request, data, (name) => readPath(before, name), venue);
  if (intended && !previous) return { kind: 'applied', data };
  if (previous && !intended) return { kind: 'not_applied' };
  return { kind: 'unknown', reason: 'the booking does not tell whether the change was made' };
}

/**
 * Reads the resource a write acted on with the user's token: the overlay's pre-image read (compensation.pre_image,
 * its arguments templates over the request), so it reads exactly what the pre-image read. An action without one
 * (a create: there is no id yet) cannot be read back: `unknown`, and the caller relies on the same-key replay.
 */
export async function readBack(
  ctx: StepContext,
  action: CompiledAction,
  step: StoredStep,
): Promise<ReadBack> {
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
  const { VENUE_TIMEZONE, VENUE_LOCALE } = ctx.deps.config;
  return judgeReadBack(action, step, outcome.data, { timeZone: VENUE_TIMEZONE, locale: VENUE_LOCALE });
}
