import { renameScopes, stepNumberOf } from '../../contracts/template-grammar.ts';
import type { VenueClock } from '../../dates/when-outcome.ts';
import type { BookingRecord } from '../booking-record.ts';
import { firstCue, readWords } from '../licence/intent-cues.ts';
import { cuesOf } from '../licence/step-licence.ts';
import { stepDependencies } from '../placeholders.ts';
import type { PlannerRegistry } from '../planner-deps.ts';
import {
  type RetiredStep,
  returningValues,
  type StepValues,
  valueFingerprints,
} from '../session/retired-steps.ts';
import type { PlanStepDraft } from './gate-types.ts';
import { bookingOf, isContact, isCount } from './grounding-checks.ts';
import { type LicenceInput, statesValue } from './licence-checks.ts';

export interface RetiredGuardInput {
  steps: readonly PlanStepDraft[];
  retired: readonly RetiredStep[];
  /**
   * The user's words after each retirement: `laterText(v)` joins the user messages sent after session version
   * `v`, this turn's message included. Only those can restate a retired step.
   */
  laterText: (atVersion: number) => string;
  /**
   * Steps of the plan pending now: their values were asked for again after any retirement (they passed this guard
   * when proposed), and a pending contact detail is carried by value since the stored history masks it.
   */
  pending?: readonly StepValues[];
  registry: PlannerRegistry;
  bookings: ReadonlyMap<string, BookingRecord>;
  bookingFields: ReadonlySet<string>;
  locale: string;
  /** The venue's clock: a date or time counts as restated only when the words read as it (licence-checks). */
  venue?: VenueClock;
}

/** A step taken out of the proposal because it brought back a change the user did not take. */
export interface DroppedStep {
  step: PlanStepDraft;
  reason: RetiredStep['reason'] | 'depends_on_dropped';
  /**
   * Only these parameters go: the step keeps the values the user asked for (a merged step that carried a refused
   * email beside a new phone keeps the phone). Absent: the whole step goes.
   */
  parameters?: readonly string[];
}

/**
 * Issue 30: a declined or superseded plan's steps never reappear unless the user restates them. Runs in code,
 * before the gate, whatever the model proposed: a mutating step that sets a value a retired step held (same
 * action, same booking, same value) stays only when the user's words after the retirement state that value
 * again (a contact typed, a count licensed, a date or time named; for any other value, words that ask for the
 * action). Returns what to drop: a whole step, or only its returning values when it also sets others the user
 * asked for; `withDependents` adds the steps that read the outputs of a step dropped whole.
 */
export function returningSteps(input: RetiredGuardInput): DroppedStep[] {
  if (input.retired.length === 0) return [];
  const live = new Set((input.pending ?? []).flatMap(valueFingerprints));
  return input.steps.flatMap((step): DroppedStep[] => {
    const action = input.registry.get(step.action_id);
    if (!action || action.read_only) return [];
    const unrestated = returningValues(step, input.retired).filter(
      ({ parameter, retired, print }) =>
        !live.has(print) && !restated(step, parameter, input, input.laterText(retired.at_version)),
    );
    const first = unrestated[0];
    if (!first) return [];
    return [
      droppedValues(
        step,
        unrestated.map((u) => u.parameter),
        first.retired.reason,
        input.bookings,
      ),
    ];
  });
}

/**
 * `step` without the values of `gone`: the whole step when nothing it changes would be left (every other value
 * already what the booking holds), else only those parameters.
 */
export function droppedValues(
  step: PlanStepDraft,
  gone: readonly string[],
  reason: DroppedStep['reason'],
  bookings: ReadonlyMap<string, BookingRecord>,
): DroppedStep {
  const booking = bookingOf(step, bookings);
  const changes = Object.entries(step.parameters).some(
    ([name, value]) =>
      name !== 'booking_id' &&
      value !== undefined &&
      !gone.includes(name) &&
      !(booking && name in booking && booking[name] === value),
  );
  return changes ? { step, reason, parameters: [...gone] } : { step, reason };
}

/** True when `later` (the user's words) states again the value `step` holds for `parameter`. */
export function restated(
  step: PlanStepDraft,
  parameter: string,
  input: Omit<RetiredGuardInput, 'steps' | 'retired' | 'laterText'>,
  later: string,
): boolean {
  const action = input.registry.get(step.action_id);
  if (!action || later.trim() === '') return false;
  const param = action.parameters.find((p) => p.name === parameter);
  const booking = bookingOf(step, input.bookings);
  const licence: LicenceInput = {
    steps: [step],
    registry: input.registry,
    bookings: input.bookings,
    userText: later,
    bookingFields: input.bookingFields,
    locale: input.locale,
    ...(input.venue ? { venue: input.venue } : {}),
  };
  const value = step.parameters[parameter];
  const checkable =
    param !== undefined &&
    (isContact(param) ||
      isCount(param, value, booking, { bookingFields: input.bookingFields }) ||
      param.type === 'date' ||
      param.type === 'time');
  if (checkable) return statesValue(action, parameter, step, booking, licence);
  // A note text, a channel, a reason: no reader can tell its value from the words, so the user asking for the
  // action again is the restatement.
  return firstCue(readWords(later), cuesOf(action)) !== undefined;
}

/**
 * `dropped` plus every step that reads an output of a step dropped whole: it cannot run without it. A step that
 * only loses some values still runs; when it is dropped both ways, it goes whole.
 */
export function withDependents(
  steps: readonly PlanStepDraft[],
  dropped: readonly DroppedStep[],
): DroppedStep[] {
  const all = new Map<number, DroppedStep>();
  for (const d of dropped) {
    const before = all.get(d.step.step_number);
    if (!before) all.set(d.step.step_number, d);
    else if (!before.parameters) continue;
    else if (!d.parameters) all.set(d.step.step_number, d);
    else
      all.set(d.step.step_number, {
        ...before,
        parameters: [...new Set([...before.parameters, ...d.parameters])],
      });
  }
  const whole = (n: number) => all.has(n) && all.get(n)?.parameters === undefined;
  const deps = stepDependencies(steps);
  let grew = true;
  while (grew) {
    grew = false;
    for (const step of steps) {
      if (whole(step.step_number)) continue;
      if ([...(deps.get(step.step_number) ?? [])].some(whole)) {
        all.set(step.step_number, { step, reason: 'depends_on_dropped' });
        grew = true;
      }
    }
  }
  return [...all.values()];
}

/** Renames `{{step_N.…}}` to the new numbers of the kept steps (kept[i] becomes step i + 1). */
function renumbering(kept: readonly number[]): (value: unknown) => unknown {
  const next = new Map(kept.map((n, i) => [n, i + 1]));
  return (value) =>
    renameScopes(value, (scope) => {
      const to = next.get(stepNumberOf(scope) ?? Number.NaN);
      return to === undefined ? undefined : `step_${to}`;
    });
}

/** The model's proposed steps (1-based positions) without `gone`, renumbered 1..n, placeholders rewritten to match. */
export function keepProposedSteps<S extends { parameters: ReadonlyArray<{ name: string; value: string }> }>(
  proposed: readonly S[],
  gone: ReadonlySet<number>,
): S[] {
  const keptNumbers = proposed.map((_, i) => i + 1).filter((n) => !gone.has(n));
  const next = renumbering(keptNumbers);
  return proposed
    .filter((_, i) => !gone.has(i + 1))
    .map((s) => ({ ...s, parameters: s.parameters.map((p) => ({ ...p, value: next(p.value) as string })) }));
}

/**
 * The proposed steps (1-based positions) without the values `dropped` names for them. A value the action needs
 * falls back to what the booking holds under that name (a refused new date leaves the booking's own date); one
 * the booking cannot give takes the whole step with it, and so does having nothing left to change: those steps'
 * numbers are returned in `gone`.
 */
export function withoutValues<
  S extends { action_id: string; parameters: ReadonlyArray<{ name: string; value: string }> },
>(
  proposed: readonly S[],
  dropped: readonly DroppedStep[],
  registry: PlannerRegistry,
  bookings: ReadonlyMap<string, BookingRecord>,
): { steps: S[]; gone: Set<number> } {
  const gone = new Set<number>();
  const values = new Map(dropped.flatMap((d) => (d.parameters ? [[d.step.step_number, d] as const] : [])));
  const steps = proposed.map((s, i) => {
    const d = values.get(i + 1);
    if (!d?.parameters) return s;
    const action = registry.get(s.action_id);
    const booking =
      typeof d.step.parameters.booking_id === 'string'
        ? bookings.get(d.step.parameters.booking_id)
        : undefined;
    const parameters = s.parameters.flatMap((p) => {
      if (!d.parameters?.includes(p.name)) return [p];
      if (!action?.parameters.find((a) => a.name === p.name)?.required) return [];
      const held = booking?.[p.name];
      if (typeof held === 'string' || typeof held === 'number') return [{ ...p, value: String(held) }];
      gone.add(i + 1);
      return [p];
    });
    // Nothing left to change (every value left is the booking's own): the step goes whole.
    const changes = parameters.some(
      (p) => p.name !== 'booking_id' && String(booking?.[p.name] ?? '') !== p.value.trim(),
    );
    if (!changes) gone.add(i + 1);
    return { ...s, parameters };
  });
  return { steps, gone };
}
