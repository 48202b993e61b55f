import * as chrono from 'chrono-node';
import { DateTime } from 'luxon';

/** "Now" as the venue sees it: the injected clock's instant and the venue's IANA timezone (VENUE_TIMEZONE). */
export interface VenueTime {
  now: Date;
  timeZone: string;
}

/** The outcome of resolving a phrase: an ISO value, or why it could not be read (fed back to the model). */
export type Resolution = { ok: true; value: string } | { ok: false; reason: string };

/** Today's date in the venue's timezone. */
export function venueToday(at: VenueTime): DateTime {
  return DateTime.fromJSDate(at.now, { zone: at.timeZone }).startOf('day');
}

/**
 * chrono's reference: the venue's wall-clock time as a process-local Date. chrono does its day arithmetic
 * ("tomorrow", "the day after tomorrow") in the process's timezone even when given an offset, so on a UTC Lambda a
 * Sydney morning would still be "yesterday" to it. Handing it venue-local components makes every implied and
 * computed component venue-local, whatever TZ the process runs in.
 */
export function chronoReference(at: VenueTime): chrono.ParsingReference {
  const local = DateTime.fromJSDate(at.now, { zone: at.timeZone });
  return {
    instant: new Date(local.year, local.month - 1, local.day, local.hour, local.minute, local.second),
  };
}

/**
 * Parses with the day-first (en-GB) parser, falling back to the month-first one when the first did not find a
 * certain day: "12/12" and "12 Dec" read day-first, "December 12" still works (en-GB misreads it as a year).
 */
export function parseFirst(phrase: string, at: VenueTime): chrono.ParsedResult | undefined {
  const ref = chronoReference(at);
  const options = { forwardDate: true };
  const gb = chrono.en.GB.parse(phrase, ref, options)[0];
  if (gb?.start.isCertain('day') || gb?.start.isCertain('weekday')) return gb;
  return chrono.en.parse(phrase, ref, options)[0] ?? gb;
}
