import { DateTime } from 'luxon';
import { isIsoDate, isLocalTime } from '../contracts/primitives.ts';
import { localeConventions } from './locale-conventions.ts';

/** How a venue's dates and times are shown: its locale and the year that goes without saying. */
export interface VenueDisplay {
  /** BCP-47: a month-first locale (en-US) shows "Sat, Dec 5, 7:00 PM"; a day-first one "Sat 5 Dec 19:00". */
  locale: string;
  /** The venue's current year: a date in another year shows it. */
  thisYear?: number;
}

/**
 * Issue 27: a day as the venue's staff write it: "Sat 5 Dec" (en-AU, en-GB) or "Sat, Dec 5" (en-US), with the
 * year when it is not this year. Anything that is not a real YYYY-MM-DD date (a placeholder) is returned as is.
 */
export function formatVenueDay(isoDate: string, venue: VenueDisplay): string {
  if (!isIsoDate(isoDate)) return isoDate;
  const day = DateTime.fromISO(isoDate, { zone: 'utc', locale: 'en' });
  const withYear = venue.thisYear !== undefined && day.year !== venue.thisYear;
  if (monthFirst(venue.locale)) return day.toFormat(withYear ? 'ccc, LLL d, yyyy' : 'ccc, LLL d');
  return day.toFormat(withYear ? 'ccc d LLL yyyy' : 'ccc d LLL');
}

/** A venue-local HH:MM as the venue's staff read it: "19:00" (day-first locales) or "7:00 PM" (en-US). */
export function formatVenueTime(time: string, venue: Pick<VenueDisplay, 'locale'>): string {
  if (!isLocalTime(time) || !monthFirst(venue.locale)) return time;
  return DateTime.fromFormat(time, 'HH:mm', { zone: 'utc', locale: 'en' }).toFormat('h:mm a');
}

/** A day and a time together: "Sat 5 Dec 19:00" (en-AU) or "Sat, Dec 5, 7:00 PM" (en-US); either may be absent. */
export function formatVenueWhen(
  date: string | undefined,
  time: string | undefined,
  venue: VenueDisplay,
): string {
  const day = date === undefined ? undefined : formatVenueDay(date, venue);
  const clock = time === undefined ? undefined : formatVenueTime(time, venue);
  const separator = monthFirst(venue.locale) && day !== undefined && isIsoDate(date) ? ', ' : ' ';
  return [day, clock].filter(Boolean).join(separator);
}

/** The locale writes the month first (CLDR M/d: en-US), and with it a 12-hour clock. */
function monthFirst(locale: string): boolean {
  return localeConventions(locale).dayOrder === 'mdy';
}
