import { describe, expect, it } from 'vitest';
import { namedBookings, searchTextsFor } from '../../../lib/planner/prefetch/named-bookings.ts';

/** Issue 32: what a message names clearly enough for code to look it up before the first model call. */
describe('namedBookings', () => {
  it('reads our references however they are typed, and other upper-case references with digits', () => {
    // Prepare
    const message = 'Move bk1042 and WEB-99842 and R2F9HC, not 3PM or 2026-03-14';

    // Act
    const named = namedBookings(message);

    // Assess
    expect(named.references).toEqual(['BK-1042', 'WEB-99842', 'R2F9HC']);
  });

  it('reads one possessive guest name, without the verb that opens the sentence or a weekday', () => {
    // Prepare / Act
    const name = namedBookings("Move Aisha Khan's booking to Sunday at 3pm").guestName;
    const weekday = namedBookings("Change Saturday's booking").guestName;

    // Assess
    expect(name).toBe('Aisha Khan');
    expect(weekday).toBeUndefined();
  });
});

describe('searchTextsFor', () => {
  it('searches every reference (run in parallel), else the one guest name', () => {
    // Prepare / Act / Assess
    expect(searchTextsFor('Move BK-1042 and BK-1044 to Saturday, 12:30')).toEqual(['BK-1042', 'BK-1044']);
    expect(searchTextsFor("Change Sarah Smith's booking to 18 guests")).toEqual(['Sarah Smith']);
  });

  it('leaves unclear messages to the model: two names, a reference beside a name, a list, nothing named', () => {
    // Prepare / Act / Assess
    expect(searchTextsFor("Lucy Chen's and Oscar Reid's parties are now 10")).toEqual([]);
    expect(searchTextsFor("Move BK-1042 (John Smith's) to Friday")).toEqual([]);
    expect(searchTextsFor('Move BK-1041, BK-1042, BK-1043 and BK-1044 to Friday')).toEqual([]);
    expect(searchTextsFor('actually make it 4pm')).toEqual([]);
  });
});
