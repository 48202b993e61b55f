import { DateTime } from 'luxon';
import { isIsoDate, isLocalTime, toWireDateTime, type WhenType } from '../../contracts/primitives.ts';
import { venueDateTime } from '../../dates/format-when.ts';
import { resolveWhen } from '../../dates/resolve-when.ts';
import type { PartOfDay, VenueClock, WhenOutcome } from '../../dates/when-outcome.ts';
import {
  clockChangeQuestion,
  missingWhenQuestion,
  type Needed,
  type WhenQuestion,
  whenQuestion,
} from '../../dates/when-question.ts';
import type { BookingRecord } from '../booking-record.ts';

/** How one date, time or datetime parameter came out: a wire value, a question, or a part of the day. */
export type WhenParameter =
  | { kind: 'value'; value: string }
  | {
      kind: 'ask';
      question: WhenQuestion;
      /** Readings of an unclear time ("at 9": 09:00 or 21:00), "HH:MM" or "YYYY-MM-DDTHH:MM". */
      times?: string[];
    }
  | { kind: 'part_of_day'; part: PartOfDay; phrase: string };

/** Reads the phrases of one step; the same words in two parameters are resolved once. */
export interface WhenReader {
  read(type: WhenType, text: string): WhenParameter;
}

/** A value already in the 001 wire format (lib/contracts/primitives.ts), as it is sent; undefined for words. */
function exact(type: WhenType, text: string): string | undefined {
  if (type === 'datetime') return toWireDateTime(text);
  return (type === 'date' ? isIsoDate(text) : isLocalTime(text)) ? text : undefined;
}
const NEEDED: Record<WhenType, Needed> = { date: 'date', time: 'time', datetime: 'date and time' };

/**
 * The reader for one step, against the booking it changes (for "same day", "an hour later"). The rules of
 * docs/planner.md "Dates and times": a value already in wire format passes; a phrase that asks becomes the
 * fixed question; a phrase without the needed part keeps the booking's (the user gave no date: the booking's
 * date stays), and without a booking asks; a time given as a part of the day waits for the product's sessions.
 */
export function whenReader(venue: VenueClock, booking: BookingRecord | undefined): WhenReader {
  const cache = new Map<string, WhenOutcome>();
  const thisYear = DateTime.fromJSDate(venue.now, { zone: venue.timeZone }).year;
  const context = {
    ...venue,
    ...(booking
      ? {
          booking: {
            ...(booking.date ? { date: booking.date } : {}),
            ...(booking.start_time ? { time: booking.start_time } : {}),
          },
        }
      : {}),
  };
  return {
    read(type, text) {
      const wire = exact(type, text);
      if (wire !== undefined) return { kind: 'value', value: wire };
      const outcome = cache.get(text) ?? resolveWhen(text, context);
      cache.set(text, outcome);
      // "next Saturday at 2pm" for a time: the time is settled even though the day is not.
      const settled = outcome.kind === 'ambiguous' ? outcome.settled : undefined;
      if (type === 'time' && settled?.time) return { kind: 'value', value: settled.time };
      if (type === 'date' && settled?.date) return { kind: 'value', value: settled.date };
      if (outcome.kind !== 'value') {
        const question = whenQuestion(outcome, NEEDED[type], thisYear);
        const times =
          outcome.kind === 'ambiguous' && outcome.about === 'time' ? outcome.candidates : undefined;
        return { kind: 'ask', question, ...(times ? { times } : {}) };
      }
      const { date, time, part_of_day } = outcome.value;
      const ask = (): WhenParameter => ({
        kind: 'ask',
        question: missingWhenQuestion(outcome.phrase, NEEDED[type]),
      });
      if (type === 'date') {
        const day = date ?? booking?.date;
        return day ? { kind: 'value', value: day } : ask();
      }
      if (type === 'time') {
        if (time) return { kind: 'value', value: time };
        if (part_of_day) return { kind: 'part_of_day', part: part_of_day, phrase: outcome.phrase };
        return booking?.start_time ? { kind: 'value', value: booking.start_time } : ask();
      }
      const day = date ?? booking?.date;
      if (!day || !time) return ask();
      const value = venueDateTime(day, time, venue.timeZone);
      return value
        ? { kind: 'value', value }
        : { kind: 'ask', question: clockChangeQuestion(time, outcome.phrase) };
    },
  };
}
