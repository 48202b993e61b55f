import { describe, expect, it } from 'vitest';
import { cancelBooking } from '../../devkit/sandbox/booking-edits.ts';
import {
  createBooking,
  type RuleContext,
  rescheduleBooking,
  updateGuestCount,
} from '../../devkit/sandbox/booking-rules.ts';
import type { FixtureInput } from '../../devkit/sandbox/fixture-schema.ts';
import { buildState, parseFixture } from '../../devkit/sandbox/load-fixture.ts';
import { SandboxApiError } from '../../devkit/sandbox/sandbox-error.ts';

const NOW = new Date('2026-03-11T01:00:00Z'); // Wednesday 12:00 in Sydney

/** A venue with one 10-seat product; the 14:00 session on +3d is full. */
function smallVenue(): FixtureInput {
  return {
    venues: [
      {
        venueId: 'v1',
        name: 'Venue One',
        products: [
          {
            productId: 'p1',
            name: 'Lanes',
            sessionTimes: ['10:00', '14:00', '16:00'],
            capacityPerSession: 10,
          },
        ],
      },
      {
        venueId: 'v2',
        name: 'Venue Two',
        products: [{ productId: 'p2', name: 'Pool', sessionTimes: ['10:00'], capacityPerSession: 5 }],
      },
    ],
    tokens: [{ token: 'token-one-123', userId: 'u1', venueId: 'v1' }],
    bookings: [
      {
        bookingId: 'bk_mover',
        guestName: 'Mo Ver',
        date: '+3d',
        startTime: '10:00',
        productId: 'p1',
        partySize: 4,
      },
      {
        bookingId: 'bk_full',
        guestName: 'Fu Ll',
        date: '+3d',
        startTime: '14:00',
        productId: 'p1',
        partySize: 10,
      },
      {
        bookingId: 'bk_half',
        guestName: 'Ha Lf',
        date: '+3d',
        startTime: '16:00',
        productId: 'p1',
        partySize: 5,
      },
      {
        bookingId: 'bk_gone',
        guestName: 'Go Ne',
        date: '+3d',
        startTime: '16:00',
        productId: 'p1',
        partySize: 9,
        status: 'cancelled',
      },
      {
        bookingId: 'bk_other',
        venueId: 'v2',
        guestName: 'Ot Her',
        date: '+3d',
        startTime: '10:00',
        productId: 'p2',
        partySize: 2,
      },
    ],
  };
}

function context(): RuleContext {
  return { state: buildState(parseFixture(smallVenue()), NOW), venueId: 'v1', userId: 'u1', now: NOW };
}

function thrown(fn: () => unknown): SandboxApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof SandboxApiError) return error;
    throw error;
  }
  throw new Error('expected a SandboxApiError');
}

describe('rescheduleBooking', () => {
  it('moves the booking and bumps its version', () => {
    // Prepare
    const ctx = context();

    // Act
    const moved = rescheduleBooking(ctx, 'bk_mover', { date: '2026-03-14', startTime: '16:00' });

    // Assess
    expect(moved).toMatchObject({ date: '2026-03-14', startTime: '16:00', version: 2 });
    expect(ctx.state.bookings.get('bk_mover')?.startTime).toBe('16:00');
  });

  it('refuses a full slot with 409 and the day’s slots that have room, not the booking’s own', () => {
    // Prepare
    const ctx = context();

    // Act
    const error = thrown(() =>
      rescheduleBooking(ctx, 'bk_mover', { date: '2026-03-14', startTime: '14:00' }),
    );

    // Assess: 10:00 is where it is already; 16:00 has 5 free seats (the cancelled 9 don't count).
    expect(error).toMatchObject({ status: 409, code: 'slot_full' });
    expect(error.details.alternatives).toEqual([{ startTime: '16:00', capacity: 10, remaining: 5 }]);
    expect(ctx.state.bookings.get('bk_mover')).toMatchObject({ startTime: '10:00', version: 1 });
  });

  it('refuses an If-Match that is not the current version (concurrent modification)', () => {
    const error = thrown(() =>
      rescheduleBooking(context(), 'bk_mover', { date: '2026-03-14', startTime: '16:00' }, '"7"'),
    );
    expect(error).toMatchObject({ status: 409, code: 'version_mismatch' });
  });

  it('accepts the current version in If-Match, quoted or weak', () => {
    const moved = rescheduleBooking(
      context(),
      'bk_mover',
      { date: '2026-03-14', startTime: '16:00' },
      'W/"1"',
    );
    expect(moved.version).toBe(2);
  });

  it('refuses a cancelled booking with 409', () => {
    const error = thrown(() =>
      rescheduleBooking(context(), 'bk_gone', { date: '2026-03-14', startTime: '10:00' }),
    );
    expect(error).toMatchObject({ status: 409, code: 'booking_cancelled' });
  });

  it('answers 400 naming startTime and the product’s sessions for a time that is not a session', () => {
    const error = thrown(() =>
      rescheduleBooking(context(), 'bk_mover', { date: '2026-03-14', startTime: '15:00' }),
    );
    expect(error.status).toBe(400);
    expect(error.details).toMatchObject({
      field: 'startTime',
      expectedFormat: expect.stringContaining('10:00, 14:00, 16:00'),
    });
  });

  it('answers 400 naming date for a day in the past', () => {
    const error = thrown(() =>
      rescheduleBooking(context(), 'bk_mover', { date: '2026-03-10', startTime: '10:00' }),
    );
    expect(error).toMatchObject({ status: 400, details: { field: 'date' } });
  });

  it('answers 404 for an unknown booking and 403 for another venue’s', () => {
    const target = { date: '2026-03-14', startTime: '10:00' };
    expect(thrown(() => rescheduleBooking(context(), 'bk_nope', target)).status).toBe(404);
    expect(thrown(() => rescheduleBooking(context(), 'bk_other', target)).status).toBe(403);
  });
});

describe('updateGuestCount', () => {
  it('checks the capacity of the booked slot, not counting the booking itself', () => {
    // Prepare
    const ctx = context();

    // Act / Assess: 16:00 has 5 taken by bk_half; it may grow to 10 but not 11.
    expect(updateGuestCount(ctx, 'bk_half', 10).partySize).toBe(10);
    expect(thrown(() => updateGuestCount(ctx, 'bk_half', 11))).toMatchObject({
      status: 409,
      code: 'slot_full',
    });
  });
});

describe('cancelBooking', () => {
  it('frees the capacity for new bookings', () => {
    // Prepare
    const ctx = context();
    const booking = {
      productId: 'p1',
      date: '2026-03-14',
      startTime: '14:00',
      partySize: 2,
      guestName: 'New Guest',
    };
    expect(thrown(() => createBooking(ctx, booking)).status).toBe(409);

    // Act
    cancelBooking(ctx, 'bk_full', 'moved away');

    // Assess
    expect(createBooking(ctx, booking)).toMatchObject({ status: 'confirmed', version: 1 });
  });
});
