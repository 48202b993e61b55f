import { findWhenPhrases } from '../../dates/find-when-phrases.ts';
import { resolveWhen } from '../../dates/resolve-when.ts';
import type { VenueClock } from '../../dates/when-outcome.ts';
import type { CompiledAction } from '../../registry/compiled-action.ts';
import type { BookingRecord } from '../booking-record.ts';
import { compileCue, firstCue, matchesCue, readWords } from '../licence/intent-cues.ts';
import { cuesOf, needsExplicitCue, type StepLicence, stepLicence } from '../licence/step-licence.ts';
import { isWholePlaceholder, placeholdersIn } from '../placeholders.ts';
import type { PlannerRegistry } from '../planner-deps.ts';
import { fingerprint, literalBookingId } from '../session/retired-steps.ts';
import type { GateError, PlanStepDraft } from './gate-types.ts';
import { bookingOf, isContact, isCount, statedContact, statedCount } from './grounding-checks.ts';

export interface LicenceInput {
  steps: readonly PlanStepDraft[];
  registry: PlannerRegistry;
  bookings: ReadonlyMap<string, BookingRecord>;
  /** What the user asked: their turns of the open request, this one included; never booking data or model text. */
  userText: string;
  bookingFields: ReadonlySet<string>;
  locale: string;
  /**
   * The venue's clock. With it, a date or time is stated only by a phrase that reads as that value against the
   * booking ("keep the date" reads as the booking's own date, never as a pending change); without it, by any
   * date or time phrase.
   */
  venue?: VenueClock;
  /**
   * Fingerprints (lib/planner/session/retired-steps.ts) of the values of the plan pending when this message came.
   * Each was licensed when that plan was proposed and survived this turn's refusal and supersede guards, so a step
   * that carries it on ("also …") needs no new licence for it: the stored history masks a contact detail, so the
   * words that asked for it can no longer be read (a pending phone beside "also move it to Saturday" was asked
   * about again). The guards leave this unset: restating a value is what they check.
   */
  carried?: ReadonlySet<string>;
}

/**
 * Issue 14: every mutating step must be licensed by the user's request (lib/planner/licence, ADR 0012). Read-only
 * steps are plumbing and need no licence; a mutating step never counts as plumbing for another one.
 */
export function unlicensedSteps(input: LicenceInput): GateError[] {
  const words = readWords(input.userText);
  // A request of bare numbers ("9", "10 11") says no change: its values license nothing (the chaos model's
  // planner role found "9" licensing a guest count on a booking the user never named). Cues still count. Per turn
  // (the turns are joined by newlines; a line is the unit): "60?" does not license a time because another turn
  // said "Hi, what can you help me with?" (chaos model, seed 22, once a session outlived a model that gave up).
  const valueText = input.userText
    .split('\n')
    .filter((line) => SAYS_SOMETHING.test(line))
    .join('\n');
  const valueInput = { ...input, userText: valueText };
  const hasWhen = findWhenPhrases(valueText, input.locale).length > 0;
  const creating = creatingCues(input.registry, words);
  /** Licensed mutating steps so far, by step number: what a flow's closing step may follow. */
  const licensed = new Map<number, string>();
  return input.steps.flatMap((step) => {
    const action = input.registry.get(step.action_id);
    if (!action || action.read_only || action.safety_tier === 'blocked') return [];
    const booking = bookingOf(step, input.bookings);
    const stated = (name: string) => statedValue(action, name, step, booking, valueInput, hasWhen);
    const licence =
      creating.length > 0 && typeof step.parameters.booking_id === 'string'
        ? licenceBesideNewBooking(action, words, creating)
        : stepLicence(action, step.parameters, words, stated);
    if (
      licence.kind !== 'none' ||
      closesLicensedFlow(action, step, licensed) ||
      createsWithStatedValues(action, step, stated, input, words)
    ) {
      licensed.set(step.step_number, action.action_id);
      return [];
    }
    return [unlicensedError(step, action, licence)];
  });
}

/** The cues the words hold of actions that create a booking (no booking_id): "another booking", "new reservation". */
function creatingCues(registry: PlannerRegistry, words: ReturnType<typeof readWords>): string[] {
  return registry
    .modelVisible()
    .filter((a) => !a.read_only && !a.parameters.some((p) => p.name === 'booking_id'))
    .flatMap((a) => cuesOf(a).filter((cue) => matchesCue(words, compileCue(cue))));
}

/**
 * Issue 30: words that ask for a new booking ("another booking for Maria Garcia, laser tag on the 19th at 1pm for
 * 10") state the new booking's values, so they license no change to an existing booking by value; and a cue that
 * is only a word of the new-booking cue ("another" in "another booking") is no cue. Any other cue still counts
 * ("add 2 more guests to BK-1042 and make a new booking for …").
 */
function licenceBesideNewBooking(
  action: CompiledAction,
  words: ReturnType<typeof readWords>,
  creating: readonly string[],
): StepLicence {
  const inside = (cue: string) => creating.some((c) => cueWords(cue).every((w) => cueWords(c).includes(w)));
  const cue = cuesOf(action).find((c) => !inside(c) && matchesCue(words, compileCue(c)));
  return cue !== undefined ? { kind: 'cue', cue } : { kind: 'none', explicitOnly: needsExplicitCue(action) };
}

const cueWords = (cue: string) => cue.replace(/=/g, '').toLowerCase().split(/\s+/);

/** An id parameter: checked against the lookups (id-checks), never something the user types. */
const ID_PARAMETER = /(^|_)id$/;
/** A booking reference ("BK-1042"): the words are about a booking that exists. */
const BOOKING_REFERENCE = /\b[a-z]{1,5}-\d+\b/i;
/** Words that say an existing booking changes ("change John Smith's booking to Saturday 3pm for 12 people"). */
const CHANGE_WORDS = /\b(chang(e|es|ing)|update|modify|amend|edit|existing)\b/i;

/**
 * A new booking the user describes by its values ("Party Room for the Lees, Saturday 2pm, 12 people") without a
 * word such as "book": stepLicence licenses by value only a change of an existing booking, so an action that takes
 * no booking_id is licensed here when the user stated every value it requires (ids aside: they come from lookups).
 * Never from words about an existing booking: a booking reference, or a cue of an action that changes when an
 * existing booking is ("move BK-1042 to Saturday 2pm, 12 people" states the same values).
 */
function createsWithStatedValues(
  action: CompiledAction,
  step: PlanStepDraft,
  stated: (name: string) => boolean,
  input: LicenceInput,
  words: ReturnType<typeof readWords>,
): boolean {
  if (needsExplicitCue(action) || action.parameters.some((p) => p.name === 'booking_id')) return false;
  const required = action.parameters.filter((p) => p.required && !ID_PARAMETER.test(p.name));
  if (
    required.length === 0 ||
    !required.every((p) => step.parameters[p.name] !== undefined && stated(p.name))
  )
    return false;
  if (BOOKING_REFERENCE.test(input.userText) || CHANGE_WORDS.test(input.userText)) return false;
  const changesWhen = input.registry
    .modelVisible()
    .filter(
      (a) =>
        !a.read_only &&
        a.parameters.some((p) => p.name === 'booking_id') &&
        a.parameters.some((p) => p.type === 'date' || p.type === 'time'),
    );
  return !changesWhen.some((a) => firstCue(words, cuesOf(a)) !== undefined);
}

/** Words, not only numbers and punctuation: a line that can say a change. */
const SAYS_SOMETHING = /\p{L}{2,}/u;

/**
 * Overlay `licensed_after` (seed 002: a new reservation ends with its payment link): the step takes the output of
 * an earlier licensed step of one of the named actions, so the user's request for that step asked for this one.
 */
function closesLicensedFlow(
  action: CompiledAction,
  step: PlanStepDraft,
  licensed: ReadonlyMap<number, string>,
): boolean {
  const after = action.licensed_after;
  if (!after) return false;
  return Object.values(step.parameters)
    .flatMap(placeholdersIn)
    .some((ref) => after.includes(licensed.get(ref.step) ?? ''));
}

/**
 * True when `text` (the user's words) states the value the step's parameter `name` holds: a contact detail typed,
 * a count the words license, or a date/time phrase for a date or time parameter. Only lines that say something
 * count, as for a licence.
 */
export function statesValue(
  action: CompiledAction,
  name: string,
  step: PlanStepDraft,
  booking: BookingRecord | undefined,
  input: LicenceInput,
): boolean {
  const valueText = input.userText
    .split('\n')
    .filter((line) => SAYS_SOMETHING.test(line))
    .join('\n');
  const hasWhen = findWhenPhrases(valueText, input.locale).length > 0;
  return statedValue(action, name, step, booking, { ...input, userText: valueText }, hasWhen);
}

function statedValue(
  action: CompiledAction,
  name: string,
  step: PlanStepDraft,
  booking: BookingRecord | undefined,
  input: LicenceInput,
  hasWhen: boolean,
): boolean {
  const param = action.parameters.find((p) => p.name === name);
  const value = step.parameters[name];
  if (!param || value === undefined || isWholePlaceholder(value)) return false;
  if (input.carried?.has(fingerprint(action.action_id, literalBookingId(step), name, value))) return true;
  if (isContact(param) && typeof value === 'string')
    return statedContact(value, input.userText, input.locale, booking?.[param.name]);
  if (isCount(param, value, booking, input)) return statedCount(name, value, booking, input);
  if (param.type !== 'date' && param.type !== 'time') return false;
  return input.venue && typeof value === 'string'
    ? phraseReadsAs(param.type, value.trim(), booking, input.userText, input.venue)
    : hasWhen;
}

/**
 * True when a date (or time) phrase of `text` reads as `value` against the booking, or leaves it open (an
 * ambiguous phrase may mean it). A phrase that keeps the booking's value ("keep the date", "same time") reads as
 * the booking's own, so it never states a change.
 */
function phraseReadsAs(
  type: 'date' | 'time',
  value: string,
  booking: BookingRecord | undefined,
  text: string,
  venue: VenueClock,
): boolean {
  const held = {
    ...(booking?.date ? { date: booking.date } : {}),
    ...(booking?.start_time ? { time: booking.start_time } : {}),
  };
  return findWhenPhrases(text, venue.locale)
    .filter((found) => (type === 'date' ? found.hasDate : found.hasTime))
    .some((found) => {
      const read = resolveWhen(found.text, { ...venue, booking: held });
      if (read.kind === 'ambiguous') return true;
      if (read.kind !== 'value') return false;
      const said = type === 'date' ? read.value.date : read.value.time;
      return said === undefined || said === value;
    });
}

function unlicensedError(
  step: PlanStepDraft,
  action: CompiledAction,
  licence: Extract<StepLicence, { kind: 'none' }>,
): GateError {
  const examples = cuesOf(action)
    .slice(0, 3)
    .map((c) => `"${c.replace(/=/g, '')}"`)
    .join(', ');
  const why = licence.explicitOnly
    ? `${action.action_id} is ${action.safety_tier === 'high_risk' ? 'high risk' : 'irreversible'}, so the user must ask for it in words (such as ${examples})`
    : `nothing the user wrote asks to ${action.name.toLowerCase()} (words such as ${examples}) or states a value it sets`;
  return {
    step_number: step.step_number,
    code: 'unlicensed_step',
    message: `${action.action_id} is not licensed by the user's request: ${why}. Remove the step unless the user asked for it.`,
  };
}
