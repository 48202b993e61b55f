import { IANAZone } from 'luxon';
import { describe, expect, it } from 'vitest';
import { isIanaTimeZone, VenueTimeZone } from '../../lib/dates/venue-settings-check.ts';

describe('isIanaTimeZone', () => {
  // Issue 32: the check no longer loads luxon, but must accept exactly what the date code reads in luxon.
  const zones = [
    'Australia/Sydney',
    'America/Chicago',
    'Europe/Paris',
    'UTC',
    'Etc/GMT+10',
    'america/chicago',
    'AEST',
    'Sydney',
    'Mars/Olympus_Mons',
    '+10:00',
    '',
  ];

  it.each(zones)('agrees with luxon IANAZone.isValidZone on %j', (zone) => {
    // Prepare
    const expected = IANAZone.isValidZone(zone);

    // Act
    const actual = isIanaTimeZone(zone);

    // Assess
    expect(actual).toBe(expected);
  });

  it('accepts a real zone and refuses an abbreviation and a city, naming what is wanted', () => {
    // Prepare
    const inputs = ['Australia/Sydney', 'AEST', 'Sydney'];

    // Act
    const results = inputs.map((zone) => VenueTimeZone.safeParse(zone));

    // Assess
    expect(results.map((r) => r.success)).toEqual([true, false, false]);
    expect(results[1]?.error?.issues[0]?.message).toBe(
      'must be an IANA timezone such as Australia/Sydney or America/Chicago',
    );
  });
});
