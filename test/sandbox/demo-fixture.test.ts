import { describe, expect, it } from 'vitest';
import { daySlots } from '../../devkit/sandbox/availability.ts';
import { buildState, demoFixturePath, readFixtureFile } from '../../devkit/sandbox/load-fixture.ts';

// Every weekday as "today", so relative dates can't stack up into an overbooked slot on some day.
const MONDAY_TO_SUNDAY = ['09', '10', '11', '12', '13', '14', '15'].map(
  (d) => new Date(`2026-03-${d}T01:00:00Z`),
);

describe('the demo venue fixture (issue 3)', () => {
  const fixture = readFixtureFile(demoFixturePath);
  const state = buildState(fixture, new Date('2026-03-11T01:00:00Z'));
  const harbour = state.bookingsOf('venue_harbour');

  it('has at least 30 bookings', () => {
    expect(harbour.length).toBeGreaterThanOrEqual(30);
  });

  it('has three bookings for a John and two Smiths, for disambiguation', () => {
    expect(harbour.filter((b) => b.guestName.startsWith('John ')).map((b) => b.guestName)).toEqual([
      'John Smith',
      'John Tan',
      'John Okafor',
    ]);
    expect(harbour.filter((b) => b.guestName.endsWith(' Smith'))).toHaveLength(2);
  });

  it('has a cancelled booking, a past booking and a second venue with its own token', () => {
    expect(harbour.some((b) => b.status === 'cancelled')).toBe(true);
    expect(harbour.some((b) => b.date < '2026-03-11')).toBe(true);
    expect(fixture.tokens.find((t) => t.venueId === 'venue_westside')).toBeDefined();
  });

  it('has full slots', () => {
    const full = harbour.filter((b) => {
      const product = state.product(b.venueId, b.productId)!;
      return daySlots(state, b.venueId, product, b.date).some(
        (s) => s.startTime === b.startTime && s.remaining === 0,
      );
    });
    expect(full.length).toBeGreaterThan(0);
  });

  it.each(MONDAY_TO_SUNDAY)('never overbooks a slot when today is %s', (now) => {
    // Prepare
    const day = buildState(fixture, now);

    // Act
    const overbooked = [...day.bookings.values()].filter((b) => {
      const product = day.product(b.venueId, b.productId)!;
      const taken = [...day.bookings.values()]
        .filter(
          (o) =>
            o.status !== 'cancelled' &&
            o.productId === b.productId &&
            o.date === b.date &&
            o.startTime === b.startTime,
        )
        .reduce((sum, o) => sum + o.partySize, 0);
      return taken > product.capacityPerSession;
    });

    // Assess
    expect(overbooked.map((b) => b.bookingReference)).toEqual([]);
  });
});
