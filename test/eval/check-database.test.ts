import { describe, expect, it } from 'vitest';
import { DatabaseExpectation } from '../../eval/lib/case-schema.ts';
import { checkDatabase, type DatabaseState } from '../../eval/lib/check-database.ts';
import type { BookingRecord } from '../../lib/sandbox/sandbox-state.ts';

function aBooking(fields: Partial<BookingRecord>): BookingRecord {
  return {
    bookingId: 'bk_a',
    bookingReference: 'BK-1',
    venueId: 'venue_bayside',
    guestName: 'Mia Chen',
    date: '2026-11-26',
    startTime: '10:00',
    productId: 'prod_party_room',
    partySize: 12,
    status: 'confirmed',
    notes: [],
    version: 1,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...fields,
  };
}

function state(after: BookingRecord[], committed: string[] = []): DatabaseState {
  return {
    before: [aBooking({}), aBooking({ bookingId: 'bk_b', bookingReference: 'BK-2', guestName: 'Leo' })],
    after,
    committed,
    sideEffects: { confirmations: [], paymentLinks: [], refunds: [] },
  };
}

describe('checkDatabase', () => {
  it('passes the expected change and ignores version bumps of a rolled-back booking', () => {
    const expect_ = DatabaseExpectation.parse({ bookings: { bk_a: { date: '2026-11-28' } } });
    const after = [
      aBooking({ date: '2026-11-28', version: 2 }),
      aBooking({ bookingId: 'bk_b', bookingReference: 'BK-2', guestName: 'Leo', version: 3 }),
    ];

    expect(checkDatabase(expect_, state(after))).toEqual([]);
  });

  it('reports a change nobody asked for, on the changed booking and on another one', () => {
    const expect_ = DatabaseExpectation.parse({ bookings: { bk_a: { date: '2026-11-28' } } });
    const after = [
      aBooking({ date: '2026-11-28', partySize: 14 }),
      aBooking({ bookingId: 'bk_b', bookingReference: 'BK-2', guestName: 'Leon' }),
    ];

    expect(checkDatabase(expect_, state(after))).toEqual([
      'database: bk_a.partySize unchanged expected 12, got 14',
      'database: bk_b.guestName unchanged expected "Leo", got "Leon"',
    ]);
  });

  it('reports unexpected new bookings and committed calls', () => {
    const expect_ = DatabaseExpectation.parse({ committed_operations: [] });
    const after = [
      aBooking({}),
      aBooking({ bookingId: 'bk_b', bookingReference: 'BK-2', guestName: 'Leo' }),
      aBooking({ bookingId: 'bk_c', bookingReference: 'BK-3', guestName: 'Jane Doe' }),
    ];

    expect(checkDatabase(expect_, state(after, ['createBooking']))).toEqual([
      'database: expected 0 new bookings, got 1 [BK-3 Jane Doe]',
      'database: committed calls expected [], got [createBooking]',
    ]);
  });
});
