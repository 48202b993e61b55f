import { e164Of, phonesIn } from '../../contacts/phone.ts';
import { licensedCounts } from '../../counts/licensed-counts.ts';
import type { CompiledParameter } from '../../registry/compiled-action.ts';
import { isPiiParameter } from '../../registry/pii-parameter.ts';
import type { BookingRecord } from '../booking-record.ts';
import { isWholePlaceholder } from '../placeholders.ts';
import type { PlannerRegistry } from '../planner-deps.ts';
import type { GateError, PlanStepDraft } from './gate-types.ts';

export interface GroundingInput {
  steps: readonly PlanStepDraft[];
  registry: PlannerRegistry;
  /** Current bookings by booking_id (before-images). */
  bookings: ReadonlyMap<string, BookingRecord>;
  /** Everything the user wrote in this conversation, this message included. */
  userText: string;
  /** Values of the pending plan being amended: already confirmed by the user's earlier words. */
  carriedValues: readonly unknown[];
  /** Fields a booking holds (the get-booking lookup's outputs): a number parameter named like one is a count. */
  bookingFields: ReadonlySet<string>;
  /** The venue's locale, for telling dates and times from counts in the user's words. */
  locale: string;
}

/**
 * 000 Planning Rules 2, made checkable: a mutation's contact details (PII parameters) and counts (numeric
 * parameters a booking holds, like party_size) must come from the user. A contact value must appear in the
 * user's words. A count must be one the words license (lib/counts): a total the user said ("make it 14"), or the
 * booking's current value (from the latest lookup) moved by the change the user said ("another two" → current + 2).
 * A number said only as a change never licenses itself ("3 dropped out" never means 3).
 * Booking ids are not checked here: they come from lookups and are verified against the booking API.
 */
export function groundingErrors(input: GroundingInput): GateError[] {
  const errors: GateError[] = [];
  for (const step of input.steps) {
    const action = input.registry.get(step.action_id);
    if (!action || action.read_only) continue;
    const booking = bookingOf(step, input.bookings);
    for (const param of action.parameters) {
      const value = step.parameters[param.name];
      if (value === undefined || isWholePlaceholder(value) || input.carriedValues.includes(value)) continue;
      if (!isGrounded(param, value, booking, input)) {
        errors.push({
          step_number: step.step_number,
          code: 'ungrounded_value',
          message: `${param.name} "${String(value)}" is not something the user said: ask the user instead of assuming`,
        });
      }
    }
  }
  return errors;
}

function isGrounded(
  param: CompiledParameter,
  value: unknown,
  booking: BookingRecord | undefined,
  input: GroundingInput,
) {
  if (isContact(param) && typeof value === 'string')
    return statedContact(value, input.userText, input.locale, booking?.[param.name]);
  if (isCount(param, value, booking, input)) return statedCount(param.name, value, booking, input);
  return true;
}

/**
 * A contact detail the user typed; the stored history is masked (j***@…, ***78): a copy of it is not theirs.
 * A phone number is compared as a number read in the venue's country (issue 30), never as text: "+61412345678"
 * was stated by "0412.345.678" or "(04) 1234 5678".
 */
export function statedContact(value: string, userText: string, locale: string, held?: unknown): boolean {
  if (value.includes('***')) return false;
  const phone = e164Of(value, locale);
  if (phone !== undefined) return phonesIn(userText, locale).has(phone);
  return mentionsText(userText, value) || (typeof held === 'string' && correctsWords(value, held, userText));
}

/** Words that speak of a name or its spelling: without them, no word of the text corrects a name. */
const NAME_CUE = /\b(?:name|surname|spelt|spelled|spelling|misspel\w*|mis-spel\w*|typo)\b/i;

/**
 * A name corrected word by word ("it's Mara, not Maria" on Maria Kent's booking → "Mara Kent"): the words
 * speak of a name, every word of the value is one the user typed or one the booking already holds, and at least
 * one is a word the user typed that the booking does not hold. An email never is (its words are not a name's).
 */
function correctsWords(value: string, held: string, userText: string): boolean {
  if (value.includes('@') || !NAME_CUE.test(userText)) return false;
  const wordsOf = (text: string) =>
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}'-]+/u)
      .filter((w) => w !== '');
  const typed = new Set(wordsOf(userText));
  const had = new Set(wordsOf(held));
  const words = wordsOf(value);
  return (
    words.length > 0 &&
    words.every((w) => typed.has(w) || had.has(w)) &&
    words.some((w) => typed.has(w) && !had.has(w))
  );
}

/** A number parameter the booking holds (party_size): a count, read with lib/counts. */
export function isCount(
  param: CompiledParameter,
  value: unknown,
  booking: BookingRecord | undefined,
  input: Pick<GroundingInput, 'bookingFields'>,
): value is number {
  const before = booking?.[param.name];
  return (
    param.type === 'number' &&
    typeof value === 'number' &&
    (typeof before === 'number' || input.bookingFields.has(param.name))
  );
}

/** A count the user's words license for this booking (lib/counts). */
export function statedCount(
  paramName: string,
  value: number,
  booking: BookingRecord | undefined,
  input: Pick<GroundingInput, 'steps' | 'userText' | 'locale'>,
): boolean {
  const before = booking?.[paramName];
  const references = typeof booking?.booking_reference === 'string' ? [booking.booking_reference] : [];
  const current = typeof before === 'number' ? before : undefined;
  const severalBookings = new Set(input.steps.map((s) => s.parameters.booking_id)).size > 1;
  return licensedCounts(input.userText, current, { locale: input.locale, references, severalBookings }).has(
    value,
  );
}

export function isContact(param: CompiledParameter): boolean {
  return isPiiParameter({ parameters: [param] }, param.name);
}

export function bookingOf(step: PlanStepDraft, bookings: ReadonlyMap<string, BookingRecord>) {
  const id = step.parameters.booking_id;
  return typeof id === 'string' ? bookings.get(id) : undefined;
}

function mentionsText(text: string, value: string): boolean {
  const digits = value.replace(/\D/g, '');
  if (digits.length >= 6 && /^[\d\s()+-]+$/.test(value)) return text.replace(/\D/g, '').includes(digits);
  const squash = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
  return squash(text).includes(squash(value));
}
