import type { VenueClock } from '../../dates/when-outcome.ts';
import type { BookingRecord } from '../booking-record.ts';
import { fineSubjects, refusesOutright, rejectsPending, withoutRefusals } from '../licence/rejection-cues.ts';
import type { PlannerRegistry } from '../planner-deps.ts';
import {
  fingerprint,
  literalBookingId,
  type RetiredStep,
  type StepValues,
  stepValues,
  valueFingerprints,
} from '../session/retired-steps.ts';
import type { PlanStepDraft } from './gate-types.ts';
import { unlicensedSteps } from './licence-checks.ts';
import { type DroppedStep, droppedValues, restated } from './retired-step-guard.ts';

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
  /** The venue's clock: a pending date or time is restated only by words that read as it. */
  venue?: VenueClock;
  /** The session's retired steps: values no request since has asked for, so no new value of a step either. */
  retired?: readonly RetiredStep[];
}

/**
 * Issue 30: a plan shown and not confirmed is superseded by the next request unless that request amends it. A
 * message that turns the pending plan down ("no, …", "keep the date", "X is fine": lib/planner/licence/
 * rejection-cues.ts) keeps none of its values that it does not state again, even inside a step it also changes.
 * A message that neither adds to the pending plan nor asks again for one of its steps is a new request: the
 * pending steps the model carried into it unchanged are dropped (and, on recording, retired as superseded). The
 * user who wants both says so ("also …"), and a needless re-ask is better than a change they did not take.
 */
export function unaskedCarriedSteps(input: CarriedGuardInput): DroppedStep[] {
  if (input.pending.length === 0) return [];
  if (rejectsPending(input.message)) return refusedValues(input);
  if (ADDS_TO_PENDING.test(input.message)) return [];
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
  const mutating = mutatingSteps(input);
  // A message that asks again for a step of the pending plan (same action, same booking) is about that plan.
  if (mutating.some((s) => pendingKeys.has(stepKey(s)) && licensedNow(s))) return [];
  // A step that sets nothing new (only pending values, or pending and retired ones: a model that merges every
  // change it saw) loses its pending values; the retired ones are the retired-step guard's. A step with a new value
  // is the model's reading of this request ("actually make it 8 people" on a pending new booking).
  const old = new Set([...pendingPrints, ...(input.retired ?? []).flatMap((r) => r.fingerprints)]);
  return mutating.flatMap((step): DroppedStep[] => {
    const gone = pendingParameters(step, pendingPrints);
    if (gone.length === 0 || !valueFingerprints(step).every((p) => old.has(p)) || licensedNow(step))
      return [];
    return [droppedValues(step, gone, 'superseded', input.bookings)];
  });
}

/** The parameters of `step` whose value the pending plan held (same action, same booking, same value). */
function pendingParameters(step: PlanStepDraft, pendingPrints: ReadonlySet<string>): string[] {
  const booking = literalBookingId(step);
  return stepValues(step)
    .filter(([name, value]) => pendingPrints.has(fingerprint(step.action_id, booking, name, value)))
    .map(([name]) => name);
}

/**
 * The pending values a refusing message carries on without stating them again, per step: a value the words do
 * not read as ("keep the date" is the booking's date, not the pending one) goes, and so does every pending value
 * on a booking the message says is fine as it is ("Dana's is fine").
 */
function refusedValues(input: CarriedGuardInput): DroppedStep[] {
  const pendingPrints = new Set(input.pending.flatMap(valueFingerprints));
  const asIs = bookingsSaidFine(input.message, input.bookings);
  const corrected = refusesOutright(input.message) ? new Set<string>() : correctedSteps(input, pendingPrints);
  // A value is restated only outside the words that refuse it ("forget the note" asks for no note).
  const asked = withoutRefusals(input.message);
  return mutatingSteps(input).flatMap((step): DroppedStep[] => {
    if (corrected.has(stepKey(step))) return [];
    const booking = literalBookingId(step);
    const saidFine = booking !== undefined && asIs.has(booking);
    const gone = pendingParameters(step, pendingPrints).filter(
      (name) => saidFine || !restated(step, name, input, asked),
    );
    return gone.length === 0 ? [] : [droppedValues(step, gone, 'superseded', input.bookings)];
  });
}

/**
 * The pending steps a bare "no, …" corrects: the proposal's step of the same action on the same booking states a new
 * value, in this message's words, for a parameter the pending step set ("no, make it 4pm" on a pending move to
 * Saturday at 3pm). That is an amendment (rule 7): the step keeps its other pending values. A new value for a
 * parameter the pending step did not set ("no … her phone is …" beside a pending email) corrects nothing.
 */
function correctedSteps(input: CarriedGuardInput, pendingPrints: ReadonlySet<string>): Set<string> {
  const pendingByKey = new Map(input.pending.map((p) => [stepKey(p), p]));
  const keys = mutatingSteps(input).flatMap((step) => {
    const pending = pendingByKey.get(stepKey(step));
    if (!pending) return [];
    const booking = literalBookingId(step);
    const corrects = Object.entries(step.parameters).some(
      ([name, value]) =>
        name !== 'booking_id' &&
        value !== undefined &&
        pending.parameters[name] !== undefined &&
        !pendingPrints.has(fingerprint(step.action_id, booking, name, value)) &&
        restated(step, name, input, input.message),
    );
    return corrects ? [stepKey(step)] : [];
  });
  return new Set(keys);
}

/** Words a subject may hold besides a name ("her booking's fine", "the Smith one is ok"). */
const NOT_NAMES = new Set([
  'the',
  'her',
  'his',
  'their',
  'my',
  'our',
  'your',
  'booking',
  'one',
  'party',
  'date',
  'time',
]);

/** The bookings whose guest the message names as fine as it is ("Dana's is fine", "the Smiths are ok"). */
function bookingsSaidFine(message: string, bookings: ReadonlyMap<string, BookingRecord>): Set<string> {
  const names = fineSubjects(message)
    .flat()
    .map((w) => w.replace(/s$/, ''))
    .filter((w) => w.length > 1 && !NOT_NAMES.has(w));
  if (names.length === 0) return new Set();
  return new Set(
    [...bookings.values()]
      .filter((b) =>
        (b.guest_name ?? '')
          .toLowerCase()
          .split(/[^\p{L}]+/u)
          .some((part) => part !== '' && names.includes(part.replace(/s$/, ''))),
      )
      .map((b) => b.booking_id),
  );
}

function mutatingSteps(input: Pick<CarriedGuardInput, 'steps' | 'registry'>): PlanStepDraft[] {
  return input.steps.filter((s) => {
    const action = input.registry.get(s.action_id);
    return action !== undefined && !action.read_only;
  });
}

function stepKey(step: StepValues): string {
  return `${step.action_id}|${literalBookingId(step) ?? ''}`;
}
