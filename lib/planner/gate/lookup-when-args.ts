import { isWhenType } from '../../contracts/primitives.ts';
import type { VenueClock } from '../../dates/when-outcome.ts';
import { missingWhenQuestion, type WhenQuestion } from '../../dates/when-question.ts';
import type { CompiledAction } from '../../registry/compiled-action.ts';
import type { BookingRecord } from '../booking-record.ts';
import { whenReader } from './when-parameters.ts';

/**
 * A lookup's date, time and datetime arguments (getAvailability's date, searchBookings' date range) read by the
 * same resolver as plan steps, so "Saturday" works there too. An argument that needs a question returns it, with
 * the same wording the plan would use; the lookup then does not run. Words relative to a booking ("same day")
 * read against `booking`, the one booking this turn is about, as plan steps are; without one they ask.
 */
export function resolveLookupWhenArgs(
  action: CompiledAction,
  args: Record<string, unknown>,
  venue: VenueClock,
  booking?: BookingRecord,
): { args: Record<string, unknown> } | { question: WhenQuestion } {
  const reader = whenReader(venue, booking);
  const out: Record<string, unknown> = { ...args };
  for (const param of action.parameters) {
    const value = args[param.name];
    if (typeof value !== 'string' || !isWhenType(param.type)) continue;
    const read = reader.read(param.type, value.trim());
    if (read.kind === 'ask') return { question: read.question };
    if (read.kind === 'part_of_day') return { question: missingWhenQuestion(read.phrase, 'time') };
    out[param.name] = read.value;
  }
  return { args: out };
}
