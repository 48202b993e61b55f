import { DateTime } from 'luxon';
import type { BookingWhen, WhenContext } from '../../lib/dates/when-outcome.ts';

/** A venue clock at a venue-local wall time ("2026-11-23T10:00"), for resolver tests. */
export function aVenueAt(
  local: string,
  timeZone = 'Australia/Sydney',
  locale = 'en-AU',
  booking?: BookingWhen,
): WhenContext {
  const now = DateTime.fromISO(local, { zone: timeZone });
  if (!now.isValid) throw new TypeError(`not a local date-time: ${local}`);
  return { now: now.toJSDate(), timeZone, locale, ...(booking ? { booking } : {}) };
}

/** Monday 23 November 2026, 10:00 in Sydney (the eval's pinned now). */
export const SYDNEY_MONDAY = aVenueAt('2026-11-23T10:00');
/** Sunday 1 November 2026, 09:30 in New York: daylight saving ended at 02:00 that morning. */
export const NEW_YORK_DST_END = aVenueAt('2026-11-01T09:30', 'America/New_York', 'en-US');
/** Monday 23 November 2026, 10:00 in Paris. */
export const PARIS_MONDAY = aVenueAt('2026-11-23T10:00', 'Europe/Paris', 'fr-FR');
