import { renameScopes, stepNumberOf } from '../../contracts/template-grammar.ts';
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
import { isContact, isCount } from './grounding-checks.ts';
import { type LicenceInput, statesValue, unlicensedSteps } from './licence-checks.ts';

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
}

/** A step taken out of the proposal because it brought back a change the user did not take. */
export interface DroppedStep {
  step: PlanStepDraft;
  reason: RetiredStep['reason'] | 'depends_on_dropped';
}

/**
 * Issue 30: a declined or superseded plan's steps never reappear unless the user restates them. Runs in code,
 * before the gate, whatever the model proposed: a mutating step that sets a value a retired step held (same
 * action, same booking, same value) stays only when the user's words after the retirement state that value
 * again (a contact typed, a count licensed, a date or time named; for any other value, words that ask for the
 * action). Returns the steps to drop; `withDependents` adds the steps that read their outputs.
 */
export function returningSteps(input: RetiredGuardInput): DroppedStep[] {
  if (input.retired.length === 0) return [];
  const live = new Set((input.pending ?? []).flatMap(valueFingerprints));
  return input.steps.flatMap((step): DroppedStep[] => {
    const action = input.registry.get(step.action_id);
    if (!action || action.read_only) return [];
    const unrestated = returningValues(step, input.retired).find(
      ({ parameter, retired, print }) =>
        !live.has(print) && !restated(step, parameter, input, input.laterText(retired.at_version)),
    );
    return unrestated ? [{ step, reason: unrestated.retired.reason }] : [];
  });
}

function restated(step: PlanStepDraft, parameter: string, input: RetiredGuardInput, later: string): boolean {
  const action = input.registry.get(step.action_id);
  if (!action || later.trim() === '') return false;
  const param = action.parameters.find((p) => p.name === parameter);
  const booking =
    typeof step.parameters.booking_id === 'string'
      ? input.bookings.get(step.parameters.booking_id)
      : undefined;
  const licence: LicenceInput = {
    steps: [step],
    registry: input.registry,
    bookings: input.bookings,
    userText: later,
    bookingFields: input.bookingFields,
    locale: input.locale,
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

/** `dropped` plus every step that reads an output of a dropped one: it cannot run without it. */
export function withDependents(
  steps: readonly PlanStepDraft[],
  dropped: readonly DroppedStep[],
): DroppedStep[] {
  const all = new Map(dropped.map((d) => [d.step.step_number, d]));
  const deps = stepDependencies(steps);
  let grew = true;
  while (grew) {
    grew = false;
    for (const step of steps) {
      if (all.has(step.step_number)) continue;
      if ([...(deps.get(step.step_number) ?? [])].some((n) => all.has(n))) {
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
 * Words that add to the plan still pending ("also", "as well", "too", "plus", a message opening with "and"): its
 * other steps stay. A correction ("actually", "instead", "sorry, I meant") keeps them only when it corrects one of
 * them ("actually make it 4pm"); one that asks for something else replaces the plan ("actually, just make it 20
 * guests" drops the pending reschedule), and so does a plain new request.
 */
const ADDS_TO_PENDING =
  /^\W*(and|&|\+)\s|\b(also|as well|too|plus|in addition|additionally|another thing|and then|on top of that)\b/i;

export interface CarriedGuardInput {
  /** The proposal, normalised, before the retired-step guard. */
  steps: readonly PlanStepDraft[];
  /** The steps of the plan pending when this message came. */
  pending: readonly StepValues[];
  /** This turn's message only. */
  message: string;
  registry: PlannerRegistry;
  bookings: ReadonlyMap<string, BookingRecord>;
  bookingFields: ReadonlySet<string>;
  locale: string;
}

/**
 * Issue 30: a plan shown and not confirmed is superseded by the next request unless that request amends it. A
 * message that neither adds to the pending plan nor asks again for one of its steps is a new request:
 * the pending steps the model carried into it unchanged are dropped (and, on recording, retired as superseded).
 * The user who wants both says so ("also …"), and a needless re-ask is better than a change they did not take.
 */
export function unaskedCarriedSteps(input: CarriedGuardInput): DroppedStep[] {
  if (input.pending.length === 0 || ADDS_TO_PENDING.test(input.message)) return [];
  const pendingPrints = new Set(input.pending.flatMap(valueFingerprints));
  const licensedNow = (step: PlanStepDraft) =>
    unlicensedSteps({
      steps: [step],
      registry: input.registry,
      bookings: input.bookings,
      userText: input.message,
      bookingFields: input.bookingFields,
      locale: input.locale,
    }).length === 0;
  const pendingKeys = new Set(input.pending.map((s) => stepKey(s)));
  const mutating = input.steps.filter((s) => {
    const action = input.registry.get(s.action_id);
    return action !== undefined && !action.read_only;
  });
  // A message that asks again for a step of the pending plan (same action, same booking) is about that plan.
  if (mutating.some((s) => pendingKeys.has(stepKey(s)) && licensedNow(s))) return [];
  return mutating
    .filter((s) => {
      const prints = valueFingerprints(s);
      return prints.length > 0 && prints.every((p) => pendingPrints.has(p)) && !licensedNow(s);
    })
    .map((step) => ({ step, reason: 'superseded' as const }));
}

function stepKey(step: StepValues): string {
  const booking = step.parameters.booking_id;
  return `${step.action_id}|${typeof booking === 'string' ? booking : ''}`;
}
