import { createHash } from 'node:crypto';
import { hasTemplate } from '../../contracts/template-grammar.ts';
import { MAX_RETIRED_STEPS, type RetiredReason, type RetiredStep } from '../../ports/session-store.ts';

export type { RetiredReason, RetiredStep };

/** A step as both plan drafts and stored plans carry it. */
export interface StepValues {
  action_id: string;
  parameters: Readonly<Record<string, unknown>>;
}

/**
 * The name under which a step that sets nothing but its booking (a cancellation, a payment link for the booking's
 * balance) holds its one value: the change itself. Without it such a step had no fingerprint, so a declined or
 * superseded cancellation could come back unasked (issue 30: a declined step never comes back).
 */
export const WHOLE_STEP = '@step';

/**
 * The values a step sets, apart from the booking it targets. A step on a named booking that sets nothing else has
 * the one WHOLE_STEP value; one on the booking an earlier step makes ("{{step_1.booking_id}}": a new booking's
 * payment link) has none of its own: it stands and falls with that step (withDependents).
 */
export function stepValues(step: StepValues): [string, unknown][] {
  const set = Object.entries(step.parameters).filter(
    ([name, value]) => name !== 'booking_id' && value !== undefined,
  );
  const named = literalBookingId(step);
  return set.length > 0 || named === undefined || hasTemplate(named) ? set : [[WHOLE_STEP, true]];
}

/**
 * The fingerprints of a step's values: one per parameter the step sets, apart from the booking it targets
 * (naming the booking again is no restatement of the change), or the WHOLE_STEP one. Values are compared in
 * canonical JSON, so 18 and "18" differ only if the normaliser left them so.
 */
export function valueFingerprints(step: StepValues): string[] {
  const booking = literalBookingId(step);
  return stepValues(step).map(([name, value]) => fingerprint(step.action_id, booking, name, value));
}

/** The fingerprint of one parameter value of one action on one booking. */
export function fingerprint(
  actionId: string,
  bookingId: string | undefined,
  name: string,
  value: unknown,
): string {
  return createHash('sha256')
    .update(JSON.stringify([actionId, bookingId ?? '', name, canonical(value)]))
    .digest('base64url')
    .slice(0, 22);
}

/** Retires `steps` at session version `atVersion`, newest last, bounded. */
export function retire(
  previous: readonly RetiredStep[],
  steps: readonly StepValues[],
  atVersion: number,
  reason: RetiredReason,
): RetiredStep[] {
  const added = steps.map((step) => {
    const booking = literalBookingId(step);
    return {
      action_id: step.action_id,
      ...(booking ? { booking_id: booking } : {}),
      fingerprints: valueFingerprints(step).slice(0, 50),
      at_version: atVersion,
      reason,
    };
  });
  return [...previous, ...added].slice(-MAX_RETIRED_STEPS);
}

/**
 * What `after` no longer carries of `before` (a superseding plan dropped it): each step of `before` reduced to the
 * values `after` does not hold for the same action and booking. A value the new plan kept is not retired; a value
 * it changed ("actually make it 11") is.
 */
export function droppedSteps(before: readonly StepValues[], after: readonly StepValues[]): StepValues[] {
  const kept = new Set(after.flatMap(valueFingerprints));
  return before.flatMap((step) => {
    const booking = literalBookingId(step);
    const gone = stepValues(step).filter(
      ([name, value]) => !kept.has(fingerprint(step.action_id, booking, name, value)),
    );
    if (gone.length === 0) return [];
    const target = booking ? { booking_id: booking } : {};
    // A whole step retires as itself: its stored parameters are the booking only, so it fingerprints as WHOLE_STEP.
    const values = gone.filter(([name]) => name !== WHOLE_STEP);
    return [{ action_id: step.action_id, parameters: { ...target, ...Object.fromEntries(values) } }];
  });
}

/** A parameter of a proposed step whose value a retired step held, and the retirement it came from. */
export interface ReturningValue {
  parameter: string;
  /** The value's fingerprint. */
  print: string;
  retired: RetiredStep;
}

/** The parameters of `step` that bring back a value of a retired step (same action, same booking, same value). */
export function returningValues(step: StepValues, retired: readonly RetiredStep[]): ReturningValue[] {
  const booking = literalBookingId(step);
  const candidates = retired.filter((r) => r.action_id === step.action_id && r.booking_id === booking);
  if (candidates.length === 0) return [];
  return stepValues(step).flatMap(([name, value]) => {
    const print = fingerprint(step.action_id, booking, name, value);
    // The latest retirement counts: a value asked for again and then declined again needs a third asking.
    const from = candidates.findLast((r) => r.fingerprints.includes(print));
    return from ? [{ parameter: name, print, retired: from }] : [];
  });
}

/** The booking a step names by its literal booking_id (a placeholder or an empty value names none here). */
export function literalBookingId(step: StepValues): string | undefined {
  const id = step.parameters.booking_id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

function canonical(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}
