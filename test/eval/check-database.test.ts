import { describe, expect, it } from 'vitest';
import type { BookingRecord } from '../../devkit/sandbox/sandbox-state.ts';
import { DatabaseExpectation } from '../../eval/lib/case-schema.ts';
import { checkDatabase, type DatabaseState } from '../../eval/lib/check-database.ts';

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

describe('checkDatabase: notes and payment links (issue 30)', () => {
  const note = {
    noteId: 'nt_1',
    text: 'Bringing a cake',
    visibleToGuest: false,
    createdAt: '2026-11-01T00:00:00Z',
  };
  const added = { ...note, noteId: 'nt_2', text: 'Wheelchair access at the side door' };
  const leo = () => aBooking({ bookingId: 'bk_b', bookingReference: 'BK-2', guestName: 'Leo' });
  const withNotes = (before: BookingRecord['notes'], after: BookingRecord['notes']): DatabaseState => ({
    ...state([aBooking({ notes: after }), leo()]),
    before: [aBooking({ notes: before }), leo()],
  });

  it('passes a new note holding the expected fragment, and fails one with other text', () => {
    // Prepare
    const expect_ = DatabaseExpectation.parse({ bookings: { bk_a: { notes_added: ['wheelchair'] } } });
    // Act
    const fits = checkDatabase(expect_, withNotes([note], [note, added]));
    const other = checkDatabase(
      expect_,
      withNotes([note], [note, { ...added, text: 'Parking at the back' }]),
    );
    // Assess
    expect(fits).toEqual([]);
    expect(other).toEqual([expect.stringMatching(/bk_a\.notes: new note "Parking at the back" lacks/)]);
  });

  it('fails a note nobody asked for, and a note removed that was to stay', () => {
    // Prepare
    const expect_ = DatabaseExpectation.parse({});
    // Act
    const extra = checkDatabase(expect_, withNotes([note], [note, added]));
    const removed = checkDatabase(expect_, withNotes([note], []));
    // Assess
    expect(extra).toEqual([expect.stringContaining('bk_a.notes: note added: "Wheelchair access')]);
    expect(removed).toEqual(['database: bk_a.notes: nt_1 removed']);
  });

  it('compares each payment link with its booking and amount', () => {
    // Prepare
    const expect_ = DatabaseExpectation.parse({ payment_links: [{ bookingId: 'bk_a', amount: 240 }] });
    const link = (amount: number): DatabaseState => ({
      ...state([aBooking({}), leo()]),
      sideEffects: {
        confirmations: [],
        refunds: [],
        paymentLinks: [
          { paymentLinkId: 'pl_1', bookingId: 'bk_a', url: 'u', amount, currency: 'AUD', expiresAt: 'x' },
        ],
      },
    });
    // Act
    const right = checkDatabase(expect_, link(240));
    const wrong = checkDatabase(expect_, link(300));
    // Assess
    expect(right).toEqual([]);
    expect(wrong).toEqual(['database: payment link for bk_a: amount 300, expected 240']);
  });
});
