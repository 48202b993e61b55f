import { DateTime } from 'luxon';
import { ISO_INSTANT, toWireDateTime, type WhenType, wireDateTime } from '../contracts/primitives.ts';
import { resolveWhen } from './resolve-when.ts';

/** The venue a value is read in: VENUE_TIMEZONE and VENUE_LOCALE. */
export interface VenueSettings {
  timeZone: string;
  locale: string;
}

/**
 * The wire form of a date, time or datetime value (YYYY-MM-DD, HH:MM, ISO 8601 UTC) when its words say one
 * absolute value ("3pm", "15:00", "Sat 28 Nov 2026", "28/11/2026"), read as of `now`; undefined when they do
 * not, or when the value depends on now or a booking ("Saturday", "an hour later"): such words cannot be
 * compared after the fact.
 */
export function canonicalWhen(
  type: WhenType,
  value: unknown,
  venue: VenueSettings,
  now: Date,
): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  // An ISO instant that names no real moment is not read as words either: it is simply not a datetime.
  if (type === 'datetime' && ISO_INSTANT.test(text)) return toWireDateTime(text);
  const outcome = resolveWhen(text, { now, timeZone: venue.timeZone, locale: venue.locale });
  if (outcome.kind !== 'value' || outcome.relative) return undefined;
  const { date, time, part_of_day } = outcome.value;
  if (part_of_day !== undefined) return undefined;
  if (type === 'date') return time === undefined ? date : undefined;
  if (type === 'time') return date === undefined ? time : undefined;
  if (date === undefined || time === undefined) return undefined;
  const local = DateTime.fromISO(`${date}T${time}`, { zone: venue.timeZone });
  return wireDateTime(local);
}

/**
 * True when `actual` says the same date, time or datetime as `expected` in another format ("3pm" and "15:00",
 * "Sat 28 Nov 2026" and "2026-11-28"): a format fix, not a changed value (000 post-confirmation immutability).
 * Both are read as of the start of the expected day, so a value later today is never "in the past" and a date
 * without a year takes the year nearest the expected one. Anything relative or unreadable is not the same.
 */
export function sameWhen(type: WhenType, expected: unknown, actual: unknown, venue: VenueSettings): boolean {
  const anchor = anchorOf(type, expected, venue);
  const a = canonicalWhen(type, expected, venue, anchor);
  return a !== undefined && a === canonicalWhen(type, actual, venue, anchor);
}

/** Start of the expected value's venue-local day (or of 1 January 2000 for a time, which has no day). */
function anchorOf(type: WhenType, expected: unknown, venue: VenueSettings): Date {
  const fallback = new Date(Date.UTC(2000, 0, 1));
  if (typeof expected !== 'string' || type === 'time') return fallback;
  const parsed = DateTime.fromISO(
    expected.trim(),
    type === 'date' ? { zone: venue.timeZone } : { setZone: true },
  );
  return parsed.isValid ? parsed.setZone(venue.timeZone).startOf('day').toJSDate() : fallback;
}
