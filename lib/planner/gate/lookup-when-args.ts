import { isWhenType, type WhenType } from '../../contracts/primitives.ts';
import { resolveWhen } from '../../dates/resolve-when.ts';
import type { VenueClock } from '../../dates/when-outcome.ts';
import { missingWhenQuestion, type WhenQuestion } from '../../dates/when-question.ts';
import type { CompiledAction } from '../../registry/compiled-action.ts';
import type { BookingRecord } from '../booking-record.ts';
import { LOOKUP_BOOKING_PARAM } from '../prompt/when-policy.ts';
import { addsLookupBooking } from '../tools/lookup-booking.ts';
import { whenReader } from './when-parameters.ts';

/** The lookup's arguments for the API, a question for the user, or a correction for the model. */
export type LookupWhenArgs =
  | { args: Record<string, unknown> }
  | { question: WhenQuestion }
  | { needs_booking: { parameter: string; phrase: string } };

/**
 * A lookup's date, time and datetime arguments (getAvailability's date, searchBookings' date range) read by the
 * same resolver as plan steps, so "Saturday" works there too. An argument that needs a question returns it, with
 * the same wording the plan would use; the lookup then does not run.
 *
 * Issue 33, the rule of when-policy.ts: words relative to a booking ("same day", "the day after", "4pm" with no
 * date) are read against `booking`, the booking the lookup's `booking_id` names, as a plan step's are against its
 * booking_id. Without one they are the model's mistake, not the user's: `needs_booking` says which parameter to
 * give, and the user is never asked "the same day as what?". The planner-level booking_id never reaches the API.
 */
export function resolveLookupWhenArgs(
  action: CompiledAction,
  args: Record<string, unknown>,
  venue: VenueClock,
  booking?: BookingRecord,
): LookupWhenArgs {
  const reader = whenReader(venue, booking);
  const out: Record<string, unknown> = { ...args };
  if (addsLookupBooking(action)) delete out[LOOKUP_BOOKING_PARAM];
  for (const param of action.parameters) {
    const value = args[param.name];
    if (typeof value !== 'string' || !isWhenType(param.type)) continue;
    const text = value.trim();
    const type = param.type;
    if (!booking && needsBooking(type, text, venue))
      return { needs_booking: { parameter: param.name, phrase: text } };
    const read = reader.read(type, text);
    if (read.kind === 'ask') return { question: read.question };
    if (read.kind === 'part_of_day') return { question: missingWhenQuestion(read.phrase, 'time') };
    out[param.name] = read.value;
  }
  return { args: out };
}

/** The words only mean something against a booking: relative to one, or a time where a date is needed. */
function needsBooking(type: WhenType, text: string, venue: VenueClock): boolean {
  const outcome = resolveWhen(text, venue);
  if (outcome.kind === 'unreadable') return outcome.reason === 'needs_booking';
  if (outcome.kind !== 'value') return false;
  if (type === 'time') return outcome.value.time === undefined && outcome.value.part_of_day === undefined;
  return outcome.value.date === undefined;
}

/** What the model reads when it left out the booking: the parameter to give, in the policy's words. */
export function needsBookingMessage(
  action: CompiledAction,
  missing: { parameter: string; phrase: string },
): string {
  return `"${missing.phrase}" in ${missing.parameter} is read against a booking: call ${action.action_id} again with the ${LOOKUP_BOOKING_PARAM} of the booking the user means.`;
}
