import { fc, test } from '@fast-check/vitest';
import { DateTime } from 'luxon';
import { describe, expect } from 'vitest';
import { whenReader } from '../../lib/planner/gate/when-parameters.ts';
import { readPlanVenue } from '../../lib/planner/plan-venue.ts';
import type { VenueDirectory } from '../../lib/ports/venue-directory.ts';

/** Every IANA zone this runtime knows. */
const ZONES = Intl.supportedValuesOf('timeZone');
/** Locales with the day/month order their staff write (CLDR short dates), stated here independently of the code. */
const DAY_ORDER = {
  'en-AU': 'dmy',
  'en-NZ': 'dmy',
  'en-GB': 'dmy',
  'en-IE': 'dmy',
  'en-IN': 'dmy',
  'en-SG': 'dmy',
  'fr-FR': 'dmy',
  'fr-BE': 'dmy',
  'en-US': 'mdy',
  'en-PH': 'mdy',
} as const;
type Locale = keyof typeof DAY_ORDER;

/** The deployment's fallback: a clock and an order that no generated venue should silently fall back to. */
const FALLBACK = { timeZone: 'Pacific/Kiritimati', locale: 'en-US' };

/** A booking API whose venue read answers this venue for the token (as GET /venue does). */
function directoryOf(timezone: string, locale: string): VenueDirectory {
  return {
    async venueOf() {
      return { ok: true, venue: { venue_id: 'venue_any', name: 'Any Venue', timezone, locale } };
    },
  };
}

const venue = fc.record({
  timezone: fc.constantFrom(...ZONES),
  locale: fc.constantFrom(...(Object.keys(DAY_ORDER) as Locale[])),
});
const instant = fc.date({
  min: new Date('2025-01-01T00:00:00Z'),
  max: new Date('2029-12-31T00:00:00Z'),
  noInvalidDate: true,
});

/** Issue 27: the request's venue (its token's venue read), not the deployment's, decides what the words mean. */
describe('the request venue decides "today", "tomorrow" and numeric dates', () => {
  test.prop([venue, instant, fc.integer({ min: 2, max: 300 })])(
    "reads them on the venue's calendar and in its day/month order, for any timezone, locale and instant",
    async ({ timezone, locale }, now, offset) => {
      // Prepare
      const planned = await readPlanVenue(directoryOf(timezone, locale), 'token', FALLBACK);
      const reader = whenReader({ now, timeZone: planned.timeZone, locale: planned.locale }, undefined);
      const today = DateTime.fromJSDate(now, { zone: timezone }).startOf('day');
      const later = today.plus({ days: offset });
      const numeric =
        DAY_ORDER[locale] === 'dmy' ? `${later.day}/${later.month}` : `${later.month}/${later.day}`;

      // Act
      const readToday = reader.read('date', 'today');
      const readTomorrow = reader.read('date', 'tomorrow');
      const readNumeric = reader.read('date', numeric);
      const readWithYear = reader.read('date', `${numeric}/${later.year}`);

      // Assess
      expect(planned).toEqual({ venue_id: 'venue_any', timeZone: timezone, locale });
      expect(readToday).toEqual({ kind: 'value', value: today.toISODate() });
      expect(readTomorrow).toEqual({ kind: 'value', value: today.plus({ days: 1 }).toISODate() });
      expect(readNumeric).toEqual({ kind: 'value', value: later.toISODate() });
      expect(readWithYear).toEqual({ kind: 'value', value: later.toISODate() });
    },
  );
});
